/**
 * What `npm pack` / `npm publish` ships: the build runs first (a `prepack` script, so a
 * publish from a fresh clone is not an empty package), and every file the README and the docs
 * link to is in the tarball, so no link in the published README or docs is dead.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../runtimes/built.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

/** The paths `npm pack` would put in the tarball (lifecycle scripts not run: no build here). */
function packedFiles(): string[] {
  const npm = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (npm.status !== 0) throw new Error(`npm pack --dry-run failed: ${npm.stderr}`);
  const [report] = JSON.parse(npm.stdout) as { files: { path: string }[] }[];
  return (report?.files ?? []).map((f) => f.path);
}

/** The relative link targets of a markdown file, resolved from the repository root. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
  return targets
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith("#"))
    .map((t) => normalize(join(dirname(file), t.replace(/#.*$/, ""))));
}

const markdown = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `${dir}/${f}`);

describe("the published package", () => {
  let packed: string[] = [];
  beforeAll(() => {
    packed = packedFiles();
  }, 60_000);

  it("is built before it is packed or published (prepack)", () => {
    expect(pkg.scripts.prepack).toBe("npm run build");
    expect(pkg.scripts.build).toBe("tsx scripts/build.ts");
  });

  it("holds the README, the license and the docs", () => {
    expect(packed).toContain("README.md");
    expect(packed).toContain("LICENSE");
    expect(packed).toContain("docs/anthropic.md");
    expect(packed).toContain("docs/adr/0029-fallback-replay-and-responses-updates.md");
  });

  it("holds every file the README and the docs link to", () => {
    const sources = ["README.md", ...markdown("docs"), ...markdown("docs/adr")];
    const dead = sources.flatMap((file) =>
      relativeLinks(file)
        .filter((target) => !packed.some((p) => p === target || p.startsWith(`${target}/`)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(dead).toEqual([]);
  });
});
