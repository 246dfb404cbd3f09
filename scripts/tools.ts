/**
 * Tools that only some scripts need (the runtime engines of `npm run test:runtimes`, the peer
 * clients of `npm run bench`) are not dev dependencies, so `npm ci` for the library and its
 * tests stays lean. Each group is a pinned package set with its own lockfile under
 * `scripts/tools/<group>/`; `toolDir(group)` installs it from the npm registry with `npm ci`
 * into `.cache/tools/<group>/` the first time (and again whenever the lockfile changes), then
 * hands back that folder.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/** The tool groups, each a folder of `scripts/tools/` with a package.json and its lockfile. */
export type ToolGroup = "runtimes" | "bench";

const installed = new Set<ToolGroup>();

/** The folder a group's packages are installed in (its `node_modules` inside), installing first if needed. */
export function toolDir(group: ToolGroup): string {
  const source = join(ROOT, "scripts", "tools", group);
  const target = join(ROOT, ".cache", "tools", group);
  if (installed.has(group)) return target;
  const lock = readFileSync(join(source, "package-lock.json"), "utf8");
  const stamp = join(target, ".installed-lock.json");
  const upToDate = existsSync(stamp) && readFileSync(stamp, "utf8") === lock;
  if (!upToDate) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const file of ["package.json", "package-lock.json"]) {
      copyFileSync(join(source, file), join(target, file));
    }
    process.stderr.write(`installing the ${group} tools (scripts/tools/${group}) ...\n`);
    const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: target,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (npm.status !== 0) {
      throw new Error(`npm ci of the ${group} tools failed (exit ${npm.status ?? npm.signal})`);
    }
    writeFileSync(stamp, lock);
  }
  installed.add(group);
  return target;
}

/** Loads a package of a tool group, as CommonJS, from the group's own folder. */
export function requireTool<T = unknown>(group: ToolGroup, name: string): T {
  return createRequire(join(toolDir(group), "package.json"))(name) as T;
}

/** The path of a binary a tool group's package ships (`node_modules/.bin/<name>`). */
export function toolBin(group: ToolGroup, name: string): string {
  return join(toolDir(group), "node_modules", ".bin", name);
}
