/**
 * One list of entries: package.json `exports` (read by scripts/entries.ts, from which the build
 * takes its entries). Every other list that names entries and cannot derive from it is checked
 * against it here: the tsconfig paths (one wildcard, by scripts/entries.ts's rule) and the
 * contract table's platforms.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { packageEntries } from "../../scripts/entries.js";
import { PROVIDERS } from "../contract/adapters.js";
import { testCompilerOptions } from "../helpers/tsconfig.js";
import { ROOT } from "../runtimes/built.js";

const entries = packageEntries(ROOT);

describe("the package's entries", () => {
  it("are read from package.json exports, each built from a source that exists", () => {
    expect(entries.map((e) => e.specifier)).toContain("golem/anthropic");
    for (const e of entries) expect(existsSync(join(ROOT, e.source)), e.source).toBe(true);
  });

  it("are what the tsconfig paths resolve, by the rule scripts/entries.ts builds them by", () => {
    // One wildcard, so a new entry needs no line in tsconfig.json: `golem/<name>` is
    // src/platforms/<name>/index.ts where that folder exists, else src/<name>/index.ts.
    const tsconfig = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(tsconfig.compilerOptions.paths).toEqual({
      golem: ["./src/index.ts"],
      "golem/*": ["./src/platforms/*/index.ts", "./src/*/index.ts"],
    });
    const options = testCompilerOptions(ROOT);
    for (const e of entries) {
      const resolved = ts.resolveModuleName(
        e.specifier,
        join(ROOT, "test", "x.ts"),
        options,
        ts.sys,
      ).resolvedModule?.resolvedFileName;
      expect(resolved, e.specifier).toBe(join(ROOT, e.source));
    }
  });

  it("leave no folder the tsconfig wildcard would resolve that is not an entry", () => {
    const folders = (dir: string) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(ROOT, dir, d.name, "index.ts")))
        .map((d) => `golem/${d.name}`);
    const resolvable = [...folders("src"), ...folders("src/platforms")].sort();
    const specifiers = entries.filter((e) => e.specifier !== "golem").map((e) => e.specifier);
    expect(resolvable).toEqual(specifiers.sort());
  });

  it("are the README's entry points table, each platform's row linking its docs page", () => {
    // The one list of entries in the docs: the other pages point at it rather than repeat it.
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Entry points"));
    const rows = [...section.matchAll(/^\| `(golem[^`]*)` \| (.*) \|$/gm)];
    const listed = rows.map(([, specifier]) => specifier);
    expect(listed.sort()).toEqual(entries.map((e) => e.specifier).sort());
    for (const [, specifier, what] of rows) {
      if (!entries.find((e) => e.specifier === specifier)?.platform) continue;
      const page = /\]\((docs\/[a-z-]+\.md)\)/.exec(what ?? "")?.[1];
      expect(page, specifier).toBeDefined();
      expect(existsSync(join(ROOT, page ?? "")), page).toBe(true);
    }
  });

  it("put every platform folder in the contract table, and nothing else", () => {
    const platforms = entries.filter((e) => e.platform).map((e) => e.name);
    expect([...PROVIDERS].sort()).toEqual([...platforms].sort());
  });
});
