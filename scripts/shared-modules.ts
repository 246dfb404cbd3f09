/**
 * Which source modules go into the build's one shared chunk (scripts/build.ts), and under which
 * names the chunk exports them. A module that two or more package entries reach is shared:
 * each module then exists once in dist/, so every error class is one class across entries
 * (`instanceof` holds) and every module-level table or cache is one. A module only one entry
 * reaches stays in that entry's file.
 */
import { relative, resolve } from "node:path";
import type * as esbuild from "esbuild";

/** A shared module and the chunk's name for each of its exports (export → chunk name). */
export interface SharedModule {
  /** Absolute path of the source module. */
  path: string;
  names: Map<string, string>;
}

/**
 * The source modules (absolute paths) that each entry reaches through its static imports, from
 * the metafile of a bundle of every entry; `root` is the folder the metafile's paths are
 * relative to. Packages (external) are left out: they are the app's to load once. Each list is
 * in the order a bundler lays the modules out (imports first, in the order they are written),
 * so that the chunk keeps related code together and compresses as the entries did.
 */
export function reachedModules(
  metafile: esbuild.Metafile,
  entries: readonly string[],
  root: string,
): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  for (const entry of entries) {
    const order: string[] = [];
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const i of metafile.inputs[path]?.imports ?? []) if (!i.external) visit(i.path);
      order.push(resolve(root, path));
    };
    visit(relative(root, resolve(root, entry)));
    reached.set(entry, order);
  }
  return reached;
}

/**
 * The modules reached by at least two entries, in the order the first entry to reach each lays
 * them out (the build's output is stable: the entries and their imports are in a fixed order).
 */
export function sharedPaths(reached: Map<string, string[]>): string[] {
  const count = new Map<string, number>();
  for (const modules of reached.values()) {
    for (const m of modules) count.set(m, (count.get(m) ?? 0) + 1);
  }
  return [...count].filter(([, n]) => n >= 2).map(([m]) => m);
}

/**
 * The chunk's name for every export of every shared module: the export's own name where no
 * other shared module exports the same, else the name with the module's index (`APIError$3`).
 */
export function chunkNames(exports: ReadonlyMap<string, readonly string[]>): SharedModule[] {
  const owners = new Map<string, number>();
  for (const names of exports.values()) {
    for (const n of names) owners.set(n, (owners.get(n) ?? 0) + 1);
  }
  return [...exports].map(([path, names], i) => ({
    path,
    names: new Map(names.map((n) => [n, owners.get(n) === 1 ? n : `${n}$${i}`])),
  }));
}

/**
 * The chunk's entry module: every shared module's exports, under the chunk's names. It imports
 * them relative to `root` (no machine path reaches the source maps).
 */
export function chunkSource(modules: readonly SharedModule[], root: string): string {
  return modules
    .map((m) => {
      const from = `./${relative(root, m.path)}`;
      return `export { ${specifiers(m, (own, chunk) => [own, chunk])} } from ${q(from)};`;
    })
    .join("\n");
}

/** What stands for a shared module inside an entry: its exports, taken from the chunk. */
export function proxySource(module: SharedModule, chunk: string): string {
  return `export { ${specifiers(module, (own, name) => [name, own])} } from ${q(chunk)};`;
}

function specifiers(m: SharedModule, pair: (own: string, chunk: string) => [string, string]) {
  return [...m.names]
    .map(([own, chunk]) => pair(own, chunk))
    .map(([from, as]) => (from === as ? from : `${from} as ${as}`))
    .join(", ");
}

const q = (s: string) => JSON.stringify(s);
