import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ENTRIES, ensureBuilt, ROOT, specifier } from "../runtimes/built.js";

/**
 * The built package, loaded the way a user loads it (ESM `import` and CommonJS `require`
 * through the package's exports): every exported error class keeps its own name, as class,
 * as instance and at the head of its stack. The bundler renames a class that collides with
 * another of the same name in one file (a provider's `APIError` beside core's: `APIError2`),
 * and Node prints an uncaught error under the class's name.
 */
const PROBE = `
const names = [];
for (const [exported, value] of Object.entries(mod)) {
  if (typeof value !== "function" || !/Error$/.test(exported)) continue;
  const err = new value({ provider: "p", status: 400, message: "m", retryable: false });
  const head = String(err.stack).split(":")[0];
  names.push([exported, value.name, err.name, head, err instanceof Error]);
}
console.log(JSON.stringify(names));
`;

function probe(entry: string, kind: "esm" | "cjs"): [string, string, string, string, boolean][] {
  const name = specifier(entry);
  const code =
    kind === "esm"
      ? `const mod = await import(${JSON.stringify(name)});${PROBE}`
      : `const mod = require(${JSON.stringify(name)});${PROBE}`;
  const args = kind === "esm" ? ["--input-type=module", "-e", code] : ["-e", code];
  // Run from the repository: the package resolves itself by name through its exports.
  const run = spawnSync(process.execPath, args, { cwd: join(ROOT), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${name} (${kind}) failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

beforeAll(() => ensureBuilt(), 120_000);

describe.each(ENTRIES)("the built %s entry", (entry) => {
  it.each(["esm", "cjs"] as const)("keeps every error class's name (%s)", (kind) => {
    const found = probe(entry, kind);
    if (!["index", "testing", "otel", "sse", "inspect"].includes(entry)) {
      expect(found.map(([exported]) => exported)).toContain("APIError");
    }
    for (const [exported, className, instanceName, stackHead, isError] of found) {
      expect({ exported, className, instanceName, stackHead, isError }).toEqual({
        exported,
        className: exported,
        instanceName: exported,
        stackHead: exported,
        isError: true,
      });
    }
  });
});
