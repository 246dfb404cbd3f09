import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ENTRIES, ensureBuilt, ROOT } from "../runtimes/built.js";

/**
 * An ES module that imports a built `.cjs` file by path (a test runner or a tool that picks the
 * CommonJS build) gets its names, not only `default`: Node reads them from the file's text
 * (cjs-module-lexer), so the CommonJS build must spell them out.
 */
function names(entry: string): { imported: string[]; required: string[] } {
  const file = join(ROOT, "dist", `${entry}.cjs`);
  const code = `
    import { createRequire } from "node:module";
    const imported = Object.keys(await import(${JSON.stringify(pathToFileURL(file).href)}));
    const required = Object.keys(createRequire(import.meta.url)(${JSON.stringify(file)}));
    console.log(JSON.stringify({ imported, required }));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${entry}.cjs: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

beforeAll(() => ensureBuilt(), 120_000);

describe("the built CommonJS files", () => {
  it.each(ENTRIES)("give an ES module that imports %s.cjs every name require gives", (entry) => {
    const { imported, required } = names(entry);
    expect(required.length).toBeGreaterThan(0);
    expect(imported.filter((n) => n !== "default").sort()).toEqual(required.sort());
  });

  // The sources are ES modules, strict throughout; as CommonJS they are strict only when each
  // file says so (an assignment to a frozen object then throws, as it does in the ESM build).
  it.each([...ENTRIES, "shared"])("run %s.cjs in strict mode", (entry) => {
    const code = readFileSync(join(ROOT, "dist", `${entry}.cjs`), "utf8");
    expect(code.trimStart().slice(0, 13)).toMatch(/^["']use strict["'];/);
  });
});
