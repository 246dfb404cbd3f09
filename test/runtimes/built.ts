/** The built package: where it is, and a check that it is not older than the sources. */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { packageEntries } from "../../scripts/entries.js";

export const ROOT = join(import.meta.dirname, "..", "..");

/** The package entries, by dist file name ("index" is `golem` itself), from package.json. */
export const ENTRIES = packageEntries(ROOT).map((e) => e.name);

/** The import specifier of an entry: `golem` or `golem/<name>`. */
export function specifier(entry: string): string {
  return entry === "index" ? "golem" : `golem/${entry}`;
}

/** Every entry's specifier mapped to its built ESM file (esbuild `alias`). */
export function distAliases(): Record<string, string> {
  return Object.fromEntries(ENTRIES.map((e) => [specifier(e), join(ROOT, "dist", `${e}.js`)]));
}

function newest(dir: string): number {
  let latest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt(entry: string): number {
  try {
    return statSync(join(ROOT, "dist", `${entry}.js`)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Runs `npm run build` when dist/ is missing or older than any file under src/. */
export function ensureBuilt(): void {
  if (Math.min(...ENTRIES.map(builtAt)) > newest(join(ROOT, "src"))) return;
  console.log("dist/ is missing or older than src/: npm run build");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}
