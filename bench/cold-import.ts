/**
 * Cold import time: `import("golem/anthropic")` (the built package, through its exports) and
 * `import("@anthropic-ai/sdk")`, each in a fresh Node process, alternating, median of N. The
 * time is taken inside the process around the dynamic import, so Node's own start-up is left
 * out; an import of an empty module gives the loader's fixed cost for reference.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
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

/** Median cold import milliseconds of each specifier over `n` fresh processes each. */
export function coldImports(specifiers: readonly string[], n: number): Record<string, number> {
  const all = [EMPTY, ...specifiers];
  const samples = all.map((): number[] => []);
  for (let i = 0; i < n; i++) for (const [j, s] of all.entries()) samples[j]?.push(once(s));
  return Object.fromEntries(
    all.map((s, j) => [s === EMPTY ? "(empty module)" : s, median(samples[j] ?? [])]),
  );
}
