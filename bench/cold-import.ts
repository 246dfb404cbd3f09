/**
 * Cold import time: `import("golem/anthropic")` (the built package, through its exports) and
 * the peers' (`@anthropic-ai/sdk`, ...), each in a fresh Node process, alternating, median of N.
 * The time is taken inside the process around the dynamic import, so Node's own start-up is
 * left out; an import of an empty module gives the loader's fixed cost for reference. Next to
 * the time, the number of modules the import loads (its static import graph, as esbuild
 * resolves it for Node): a cold import costs by the module more than by the byte.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { toolDir } from "../scripts/tools.js";
import { distAliases, ROOT } from "../test/runtimes/built.js";
import { median } from "./measure.js";

const CHILD = join(import.meta.dirname, "cold-import-child.mjs");
const EMPTY = "data:text/javascript,export{}";

/** What a row imports: one specifier, or several one after another (a two-package client). */
export type Specifiers = string | readonly string[];

function once(specifiers: Specifiers): number {
  const list = typeof specifiers === "string" ? [specifiers] : specifiers;
  const run = spawnSync(process.execPath, [CHILD, ...list], { encoding: "utf8" });
  const ms = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(ms)) {
    throw new Error(`import(${list.join(", ")}) failed: ${run.stderr}`);
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
 * import is a specifier, or a label and the specifiers that load it.
 */
export function coldImports(
  imports: readonly (string | readonly [string, Specifiers])[],
  n: number,
): Record<string, number> {
  const all: (readonly [string, Specifiers])[] = [
    ["(empty module)", EMPTY],
    ...imports.map((i) => (typeof i === "string" ? ([i, i] as const) : i)),
  ];
  const samples = all.map((): number[] => []);
  for (let i = 0; i < n; i++) for (const [j, [, s]] of all.entries()) samples[j]?.push(once(s));
  return Object.fromEntries(all.map(([label], j) => [label, median(samples[j] ?? [])]));
}

/**
 * How many modules importing `specifiers` loads: the files of their static import graph, as
 * esbuild resolves it for Node (`golem/<entry>` is the built file; a file URL is that file).
 */
export async function modulesLoaded(specifiers: Specifiers): Promise<number> {
  const list = typeof specifiers === "string" ? [specifiers] : specifiers;
  const aliases = distAliases();
  const paths = list.map((s) => aliases[s] ?? (s.startsWith("file:") ? fileURLToPath(s) : s));
  const result = await esbuild.build({
    stdin: {
      contents: paths.map((p) => `import ${JSON.stringify(p)};`).join("\n"),
      resolveDir: ROOT,
    },
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs).filter((path) => path !== "<stdin>").length;
}
