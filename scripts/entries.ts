/**
 * The package's entries, read from the one list: package.json `exports`. The build
 * (scripts/build.ts, and tsup.config.ts for the declarations), the size check and the tests
 * derive every list of entries from here; `test/package/entries.test.ts` checks the two that
 * cannot read it against it: tsconfig `paths` (one `golem/*` wildcard by the rule below, so a new
 * entry needs no line there) and the contract table.
 *
 * An entry `golem/<name>` is built from `src/platforms/<name>/index.ts` when that folder exists
 * (a platform: a wire deployed somewhere), else from `src/<name>/index.ts`; `golem` itself from
 * `src/index.ts`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Entry {
  /** The dist file name: `index` for `golem`, else the subpath (`anthropic-aws`). */
  name: string;
  /** The import specifier: `golem` or `golem/<name>`. */
  specifier: string;
  /** The source file the entry is built from, relative to the repository root. */
  source: string;
  /** Whether it is a platform (`src/platforms/<name>/`): a model a user creates. */
  platform: boolean;
}

/**
 * Every entry of package.json `exports`, in its order. `root` defaults to the working folder:
 * tsup bundles its config, so the module cannot locate itself.
 */
export function packageEntries(root = process.cwd()): Entry[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(pkg.exports)
    .filter((key) => key !== "./package.json")
    .map((key) => {
      if (key === ".")
        return { name: "index", specifier: "golem", source: "src/index.ts", platform: false };
      const name = key.slice(2);
      const platform = existsSync(join(root, "src", "platforms", name, "index.ts"));
      const source = platform ? `src/platforms/${name}/index.ts` : `src/${name}/index.ts`;
      return { name, specifier: `golem/${name}`, source, platform };
    });
}
