/**
 * One list of entries: package.json `exports` (read by scripts/entries.ts, from which the build
 * takes its entries). Every other list that names entries and cannot derive from it is checked
 * against it here: the tsconfig paths and the contract table's platforms.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageEntries } from "../../scripts/entries.js";
import { PROVIDERS } from "../contract/adapters.js";
import { ROOT } from "../runtimes/built.js";

const entries = packageEntries(ROOT);

describe("the package's entries", () => {
  it("are read from package.json exports, each built from a source that exists", () => {
    expect(entries.map((e) => e.specifier)).toContain("golem/anthropic");
    for (const e of entries) expect(existsSync(join(ROOT, e.source)), e.source).toBe(true);
  });

  it("are the tsconfig paths, entry for entry", () => {
    const tsconfig = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const paths = Object.fromEntries(entries.map((e) => [e.specifier, [`./${e.source}`]]));
    expect(tsconfig.compilerOptions.paths).toEqual(paths);
  });

  it("put every platform folder in the contract table, and nothing else", () => {
    const platforms = entries.filter((e) => e.platform).map((e) => e.name);
    expect([...PROVIDERS].sort()).toEqual([...platforms].sort());
  });
});
