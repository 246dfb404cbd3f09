/**
 * Which source modules go into the build's one shared chunk (scripts/build.ts), and under which
 * names the chunk exports them.
 *
 * A cold import costs by the code it loads (docs/adr/0040-one-shared-chunk.md), so the chunk
 * holds what every platform entry needs (core, transport, the send path, the wire kit), not
 * every module two entries happen to share: with the OpenAI and Gemini wires in it,
 * `import("golem/anthropic")` would load them too. A module only some entries use is bundled
 * into each of them, EXCEPT a module with identity (a class, module-level state: see
 * `identityOf`), which must exist once for `instanceof` and its state to hold across entries:
 * two or more entries using it puts it in the chunk. And whatever a chunk module imports is in
 * the chunk too (the chunk is one bundle).
 */
import { relative, resolve } from "node:path";
import type * as esbuild from "esbuild";

/** A shared module and the chunk's name for each of its exports (export → chunk name). */
export interface SharedModule {
  /** Absolute path of the source module. */
  path: string;
  names: Map<string, string>;
}

/** What the chunk is chosen from: each entry's modules, which are platforms, and the graph. */
export interface Usage {
  /** Per entry (by its source), the modules (absolute) with code in its bundle, in layout order. */
  used: Map<string, string[]>;
  /** The entries (by source) that are platforms: a model a user creates. */
  platforms: readonly string[];
  /** Each module's static imports (absolute paths; packages left out). */
  imports: Map<string, string[]>;
  /**
   * Entries (by source) that share no object with another entry: they take JSON and give a
   * string (golem/inspect), so the state of a module copied into one of them is seen by no
   * other entry. They do not count as a second user of a module with identity.
   */
  sealed?: readonly string[];
}

/**
 * The usage of a bundle of every entry (no splitting) from its metafile; `root` is the folder
 * the metafile's paths are relative to, `outputs` maps each entry's source to its output file.
 */
export function usageOf(
  metafile: esbuild.Metafile,
  outputs: Map<string, string>,
  platforms: readonly string[],
  root: string,
): Usage {
  const abs = (p: string) => resolve(root, p);
  const used = new Map<string, string[]>();
  for (const [source, output] of outputs) {
    const inputs = metafile.outputs[relative(root, output)]?.inputs ?? {};
    const code = Object.entries(inputs).filter(([, i]) => i.bytesInOutput > 0);
    used.set(
      abs(source),
      code.map(([p]) => abs(p)),
    );
  }
  const imports = new Map(
    Object.entries(metafile.inputs).map(([p, i]) => [
      abs(p),
      i.imports.filter((x) => !x.external).map((x) => abs(x.path)),
    ]),
  );
  return { used, platforms: platforms.map(abs), imports };
}

/**
 * The chunk's modules, in the order the entries lay them out (so related code stays together
 * and compresses as it did): every module each platform uses, every module with identity two or
 * more entries use (a sealed entry not counted), and what those import. `identity` says why a
 * module has identity, if it has.
 */
export function chunkPaths(usage: Usage, identity: (path: string) => string | undefined): string[] {
  const count = new Map<string, number>();
  for (const [entry, modules] of usage.used) {
    if (usage.sealed?.includes(entry)) continue;
    for (const m of modules) count.set(m, (count.get(m) ?? 0) + 1);
  }
  const everyPlatform = (m: string) =>
    usage.platforms.length > 0 && usage.platforms.every((p) => usage.used.get(p)?.includes(m));
  const chunk = new Set<string>();
  const add = (m: string) => {
    if (chunk.has(m)) return;
    chunk.add(m);
    for (const i of usage.imports.get(m) ?? []) add(i);
  };
  for (const [m, n] of count) {
    if (everyPlatform(m) || (n >= 2 && identity(m) !== undefined)) add(m);
  }
  const order = [...new Set([...usage.used.values()].flat())];
  return [...order.filter((m) => chunk.has(m)), ...[...chunk].filter((m) => !order.includes(m))];
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
