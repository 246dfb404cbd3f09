import fc from "fast-check";
import { afterAll } from "vitest";
import { type Cassette, responseBytes, splitBytes } from "../../src/testing/index.js";
import { ADAPTERS } from "../faults/adapters.js";
import { loadCassettes } from "../helpers/cassettes.js";

/** One edit of a byte string; positions are fractions of its length, so any body fits. */
export type ByteEdit =
  | { op: "flip"; at: number; mask: number }
  | { op: "delete"; at: number; length: number }
  | { op: "insert"; at: number; bytes: Uint8Array }
  | { op: "duplicate"; at: number; length: number }
  | { op: "truncate"; at: number };

const at = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

/** A few random edits: bit flips, cuts, inserted noise or SSE syntax, repeats, a truncation. */
export const byteEdits: fc.Arbitrary<ByteEdit[]> = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant("flip" as const), at, mask: fc.integer({ min: 1, max: 255 }) }),
    fc.record({ op: fc.constant("delete" as const), at, length: fc.integer({ min: 1, max: 64 }) }),
    fc.record({
      op: fc.constant("insert" as const),
      at,
      bytes: fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 16 }),
        fc
          .constantFrom(
            "\n",
            "\r",
            "\n\n",
            "data: ",
            "event: error\n",
            ":",
            "{",
            "}",
            '"',
            "\\",
            "\u00e9",
            "🧠",
          )
          .map((s) => new TextEncoder().encode(s)),
      ),
    }),
    fc.record({
      op: fc.constant("duplicate" as const),
      at,
      length: fc.integer({ min: 1, max: 512 }),
    }),
    fc.record({ op: fc.constant("truncate" as const), at }),
  ),
  { minLength: 1, maxLength: 6 },
);

/** Applies the edits in order; returns a new array. */
export function applyEdits(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  let out: Uint8Array = bytes.slice();
  for (const e of edits) {
    const i = Math.floor(e.at * out.length);
    switch (e.op) {
      case "flip":
        if (out.length > 0) out[i] = (out[i] as number) ^ e.mask;
        break;
      case "delete":
        out = join(out.subarray(0, i), out.subarray(i + e.length));
        break;
      case "insert":
        out = join(out.subarray(0, i), e.bytes, out.subarray(i));
        break;
      case "duplicate":
        out = join(out.subarray(0, i + e.length), out.subarray(i));
        break;
      case "truncate":
        out = out.slice(0, i);
        break;
    }
  }
  return out;
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return out;
}

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export type JsonEdit = typeof jsonEdit extends fc.Arbitrary<infer T> ? T : never;

/** A random edit at a random place of a JSON value: delete, replace, add a key, change a type. */
export const jsonEdit = fc.record({
  depth: fc.nat({ max: 5 }),
  pick: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  op: fc.constantFrom("delete", "replace", "add", "empty", "swap-type"),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom("", "user", "assistant", "tool", "system", "anthropic", "__proto__"),
  ),
  key: fc.constantFrom(
    "role",
    "content",
    "type",
    "parts",
    "value",
    "mediaType",
    "data",
    "url",
    "phase",
    "toolCallId",
    "isError",
    "signature",
    "redacted",
    "text",
    "provider",
    "id",
    "name",
    "arguments",
    "__proto__",
    "constructor",
    "extra",
  ),
});

/** Applies one edit to a copy of `root`. */
export function editJSON(root: Json, edit: JsonEdit): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  let parent: Json = copy;
  for (let d = 0; d < edit.depth; d++) {
    const keys = children(parent);
    if (keys.length === 0) break;
    const next = (parent as Record<string, Json>)[
      keys[(edit.pick[d] ?? 0) % keys.length] as string
    ];
    if (typeof next !== "object" || next === null) break;
    parent = next;
  }
  if (typeof parent !== "object" || parent === null) return copy;
  const keys = children(parent);
  const key = keys.length > 0 ? (keys[(edit.pick[5] ?? 0) % keys.length] as string) : edit.key;
  const target = parent as Record<string, Json>;
  switch (edit.op) {
    case "delete":
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete target[key];
      break;
    case "replace":
      target[key] = edit.value as Json;
      break;
    case "add":
      if (Array.isArray(parent)) parent.push(edit.value as Json);
      else
        Object.defineProperty(target, edit.key, {
          value: edit.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      break;
    case "empty":
      target[key] = Array.isArray(target[key]) ? [] : "";
      break;
    case "swap-type":
      target[key] = typeof target[key] === "string" ? 1 : String(target[key]);
      break;
  }
  return copy;
}

function children(value: Json): string[] {
  if (Array.isArray(value)) return value.map((_, i) => String(i));
  if (typeof value === "object" && value !== null) return Object.keys(value);
  return [];
}

/** A body as a stream of the given chunks. */
export function bodyOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk.slice());
    },
  });
}

/** Cut points anywhere in a body of `length` bytes (inside characters and frames too). */
export function cuts(length: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 1, max: Math.max(1, length) }), { maxLength: 12 });
}

export function chunked(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  return splitBytes(bytes, offsets);
}

/** Rejects when `work` takes longer than `ms`: a run that hangs fails instead of stalling. */
export async function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no end within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bodies of every recorded 2xx stream of the given kind, from every provider with a fault
 * adapter (one for each framing and wire; the platforms' streams are framed as theirs).
 */
export function streamBodies(kind: "sse" | "binary"): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (const { name: provider } of ADAPTERS) {
    for (const [scenario, cassette] of loadCassettes(provider) as [string, Cassette][]) {
      cassette.interactions.forEach((interaction, i) => {
        const r = interaction.response;
        const isKind = kind === "sse" ? r.chunks !== undefined : r.chunksBase64 !== undefined;
        if (isKind && r.status === 200) {
          out.push({ name: `${provider}/${scenario}#${i}`, bytes: responseBytes(r) });
        }
      });
    }
  }
  return out;
}

/** How many inputs each fuzz file ran, printed once at the end of the suite for the report. */
export class Counter {
  count = 0;
  add(n = 1): void {
    this.count += n;
  }
}

/** A fuzz file's counter, its count printed once its tests are done (`name`: the file). */
export function fuzzCounter(name: string): Counter {
  const counter = new Counter();
  afterAll(() => {
    console.info(`${name}: ${counter.count} inputs`);
  });
  return counter;
}

/** A stream fuzz file's counter and the recorded bodies of its framing it mutates. */
export function fuzzStreams(name: string, kind: "sse" | "binary") {
  return { fuzzed: fuzzCounter(name), bodies: streamBodies(kind) };
}

/**
 * Runs are random; a failure prints its seed and path. `FUZZ_SEED=<seed> FUZZ_PATH=<path>`
 * replays that one counterexample.
 */
export function fuzzRuns(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED;
  if (seed === undefined) return { numRuns };
  const path = process.env.FUZZ_PATH;
  return { numRuns, seed: Number(seed), ...(path === undefined ? {} : { path }) };
}
