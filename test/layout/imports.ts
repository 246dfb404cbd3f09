/**
 * The import graph of `src/`, read from the files as text: every relative `import`/`export …
 * from` of each file, resolved to the file it names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export const SRC = join(import.meta.dirname, "..", "..", "src");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [join(dir, e.name)]
        : [],
  );
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\("(\.{1,2}\/[^"]+)"\)/g;

/** Each file of `src/` (relative to it, `kit/media.ts`) with the files it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(SRC)) {
    const text = readFileSync(file, "utf8");
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2]) as string;
      const target = normalize(join(dirname(file), spec)).replace(/\.js$/, ".ts");
      targets.push(relative(SRC, target));
    }
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** The import circles of the graph, each as the files of one strongly connected set. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const set: string[] = [];
      for (;;) {
        const w = stack.pop() as string;
        on.delete(w);
        set.push(w);
        if (w === v) break;
      }
      if (set.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(set.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The room of a file: its first folder (`wires`, `kit`), `index.ts` the root entry. */
export function roomOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? file : file.slice(0, slash);
}
