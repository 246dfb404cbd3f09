/**
 * The code a reader copies names current models: no Claude model the Anthropic SDK has retired
 * (Claude Sonnet 4.5 in 1.15.0; Sonnet 4, Opus 4 and 4.1, and the 3.x models before it) in the
 * README, docs/ (the ADRs are a record and keep theirs), src/ or examples/. A recording keeps
 * the model it was made with, so a retired id may stand where a replay needs it: on a line that
 * says so (`record…`), beside its current model in a `live ? … : …` choice, or in a ```text
 * block of printed output.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Retired Claude ids, in every platform's spelling (`us.anthropic.claude-…-v1:0`, `…@date`). */
const RETIRED =
  /claude-(sonnet-4-5|sonnet-4-2025|opus-4-1|opus-4-2025|3-[57]-|3-opus|3-haiku|3-sonnet)/;

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "adr" ? [] : files(path, ext);
    return ext.test(name) ? [path] : [];
  });
}

/** Each line naming a retired model where no replay needs it, as `file:line: text`. */
function retiredIds(path: string): string[] {
  const found: string[] = [];
  let output = false;
  readFileSync(join(ROOT, path), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (/^\s*```/.test(line)) output = !output && /^\s*```text/.test(line);
      const replayed = /record/i.test(line) || /\blive \?/.test(line) || output;
      if (RETIRED.test(line) && !replayed) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  return found;
}

describe("model ids in what a reader copies", () => {
  const checked = [
    "README.md",
    ...files("docs", /\.md$/),
    ...files("src", /\.ts$/),
    ...files("examples", /\.ts$/),
  ].map((f) => relative(ROOT, join(ROOT, f)));

  it("covers the README, the docs, the sources and the examples", () => {
    expect(checked).toContain("README.md");
    expect(checked).toContain("docs/anthropic.md");
    expect(checked).toContain("src/platforms/anthropic/index.ts");
    expect(checked).toContain("examples/thinking/main.ts");
  });

  it("names no retired Claude model but where a recording is replayed", () => {
    expect(checked.flatMap(retiredIds)).toEqual([]);
  });
});
