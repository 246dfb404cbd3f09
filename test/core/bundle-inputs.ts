/**
 * What an app's bundle of some golem exports holds: esbuild bundles `code` (which imports
 * from `src/` by relative path) for the browser, minified, as `npm run size` does with the
 * built package, and lists the npm packages whose code stayed in it after tree shaking.
 */
import { join } from "node:path";
import * as esbuild from "esbuild";

const ROOT = join(import.meta.dirname, "..", "..");

/** The npm packages (`zod`, `aws4fetch`, …) with at least one byte in the bundle of `code`. */
export async function bundledPackages(code: string): Promise<string[]> {
  const result = await esbuild.build({
    stdin: { contents: code, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    metafile: true,
    logLevel: "error",
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
      if (name !== undefined && input.bytesInOutput > 0) packages.add(name);
    }
  }
  return [...packages].sort();
}
