import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A user's clone is all there is: no file of the repository may read or cite a path outside
 * it (the team's notes beside the clone, a machine's home or work folder). `.ci/run` also runs
 * the suite from a copy of the clone in an empty temporary folder, which proves the same from
 * the other side.
 */
const ROOT = resolve(import.meta.dirname, "..", "..");

function trackedFiles(): string[] {
  const git = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (git.status !== 0) throw new Error(`git ls-files failed: ${git.stderr}`);
  return git.stdout.split("\0").filter((f) => f !== "" && !f.endsWith("package-lock.json"));
}

const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|md|yaml|yml|txt|sh)$|(^|\/)(run|\.gitignore)$/;

/** Each built from pieces, so this file does not match itself. */
const OUTSIDE: [string, RegExp][] = [
  ["the team's shared folder", new RegExp(["\\.\\.", "shared"].join("/"))],
  ["the team's design notes", new RegExp(`\\b(${["DESIGN", "STYLE"].join("|")})\\.md\\b`)],
  [
    "the team's wire notes",
    new RegExp(`\\b(${["2026-updates", "anthropic-bedrock", "gemini-openai"].join("|")})\\.md\\b`),
  ],
  ["a machine path", new RegExp(`(^|[\\s"'\`(=])/(${["work", "root", "home"].join("|")})/`)],
];

const files = trackedFiles().filter((f) => TEXT.test(f));

describe("the repository stands alone", () => {
  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("fixtures/reference/README.md");
  });

  it("names no path outside itself in any source, test, script, doc or fixture", () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        for (const [what, pattern] of OUTSIDE) {
          if (pattern.test(line))
            found.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it("has no relative path in code that climbs out of the repository", () => {
    const found: string[] = [];
    for (const file of files.filter((f) => /\.(ts|mts|js|mjs)$/.test(f))) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [, path] of text.matchAll(/["'`](\.\.\/[^"'`\s]*)["'`]/g)) {
        const target = relative(ROOT, resolve(dirname(join(ROOT, file)), path as string));
        if (target.startsWith("..")) found.push(`${file}: ${path}`);
      }
    }
    expect(found).toEqual([]);
  });
});
