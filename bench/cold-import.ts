/**
 * Cold import time: `import("golem/anthropic")` (the built package, through its exports) and
 * `import("@anthropic-ai/sdk")`, each in a fresh Node process, alternating, median of N. The
 * time is taken inside the process around the dynamic import, so Node's own start-up is left
 * out; an import of an empty module gives the loader's fixed cost for reference.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { toolDir } from "../scripts/tools.js";
import { median } from "./measure.js";

const CHILD = join(import.meta.dirname, "cold-import-child.mjs");
const EMPTY = "data:text/javascript,export{}";

function once(specifier: string): number {
  const run = spawnSync(process.execPath, [CHILD, specifier], { encoding: "utf8" });
  const ms = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(ms)) {
    throw new Error(`import(${specifier}) failed: ${run.stderr}`);
  }
  return ms;
}

type Exports = string | { import?: Exports; node?: Exports; default?: Exports } | undefined;

/**
 * The file `import(name)` loads, for a package of the bench tool group: its `exports["."]`
 * under the `import` condition, as a URL. The child runs from bench/, where a bare name would
 * not resolve (the peers are not dependencies of the package), so it is handed the file.
 */
export function benchToolEntry(name: string): string {
  const dir = join(toolDir("bench"), "node_modules", name);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    exports?: Exports | Record<string, Exports>;
    module?: string;
    main?: string;
  };
  const exports = pkg.exports as Record<string, Exports> | undefined;
  let entry: Exports = exports?.["."] ?? (pkg.exports as Exports);
  while (entry !== undefined && typeof entry === "object") {
    entry = entry.import ?? entry.node ?? entry.default;
  }
  return pathToFileURL(join(dir, entry ?? pkg.module ?? pkg.main ?? "index.js")).href;
}

/**
 * Median cold import milliseconds of each import over `n` fresh processes each, by label; an
 * import is a specifier, or a label and the specifier that loads it.
 */
export function coldImports(
  imports: readonly (string | readonly [string, string])[],
  n: number,
): Record<string, number> {
  const all: (readonly [string, string])[] = [
    ["(empty module)", EMPTY],
    ...imports.map((i) => (typeof i === "string" ? ([i, i] as const) : i)),
  ];
  const samples = all.map((): number[] => []);
  for (let i = 0; i < n; i++) for (const [j, [, s]] of all.entries()) samples[j]?.push(once(s));
  return Object.fromEntries(all.map(([label], j) => [label, median(samples[j] ?? [])]));
}
