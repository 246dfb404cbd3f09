import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { type Cassette, parseCassette, splitBytes } from "../../src/testing/cassette.js";
import { DEPLOYMENTS } from "../variants.js";

export const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

/**
 * The variants whose fixtures hold their tool loops and little else: no media, structured
 * output or cache conversation is recorded on them. A deployment's (test/variants.ts) are its
 * wire's loops moved, so every deployment is one.
 */
export const LOOPS_ONLY = ["azure", "vertex", "cohere", ...DEPLOYMENTS] as const;

/** One cassette, checked by the golem/testing schema. */
export function loadCassette(provider: string, scenario: string): Cassette {
  return parseCassette(readFileSync(join(FIXTURES, provider, `${scenario}.json`), "utf8"));
}

/**
 * The cassette files of a provider's folder and its subfolders (one per server under
 * fixtures/openai/), without `.json`, `/`-separated, sorted.
 */
export function cassetteFiles(provider: string): string[] {
  return readdirSync(join(FIXTURES, provider), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5).split("\\").join("/"))
    .sort();
}

/** Every cassette of a provider, as [scenario, cassette] pairs for describe.each. */
export function loadCassettes(provider: string): [string, Cassette][] {
  return cassetteFiles(provider).map((f) => {
    const c = loadCassette(provider, f);
    return [c.scenario, c];
  });
}

/**
 * A fast-check arbitrary of cut points for a body of `length` bytes: up to 40 offsets,
 * anywhere (so inside multi-byte characters and frames too).
 */
export function cutPoints(length: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 40 });
}

/** A `rechunk` option for replayFetch that splits interaction bodies at the given cuts. */
export function rechunkAt(cuts: number[]): (bytes: Uint8Array) => Uint8Array[] {
  return (bytes) => splitBytes(bytes, cuts);
}
