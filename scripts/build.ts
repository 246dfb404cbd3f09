/**
 * `npm run build`: dist/ holds one file per package entry and ONE shared chunk, in ESM and in
 * CommonJS, with source maps, then the type declarations (tsup, tsup.config.ts).
 *
 * Why not esbuild's code splitting: it cuts one chunk per set of entries that share code, so
 * `import("golem/anthropic")` loaded 15 modules, and a cold import costs by the module and by
 * the code it loads (docs/adr/0040-one-shared-chunk.md has the figures). Here the modules every
 * platform needs, and every module with identity two entries use, are bundled once into
 * `shared.js` (`shared.cjs`; scripts/shared-modules.ts chooses them); each entry is bundled
 * with those modules replaced by imports from the chunk, and with its own copy of the rest. So
 * an entry loads two files (and eventsource-parser), and each class still exists once.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import { type Entry, packageEntries } from "./entries.js";
import { identityOf } from "./identity.js";
import { markPure } from "./mark-pure.js";
import {
  chunkNames,
  chunkPaths,
  chunkSource,
  proxySource,
  type SharedModule,
  usageOf,
} from "./shared-modules.js";
import { dropSources } from "./source-map.js";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "dist");
/** The shared chunk's file name, without extension. */
const SHARED = "shared";
/**
 * Entries that share no object with another (scripts/shared-modules.ts, `sealed`): the
 * inspector takes JSON and returns a page, so the memo tables of the event-stream decoder it
 * reads Converse answers with can be its own copy, not a reason to load them with every entry.
 */
const SEALED: readonly string[] = ["inspect"];
/** The esbuild namespace of the modules that stand for a shared module inside an entry. */
const PROXY = "shared-proxy";
/** The esbuild namespace of the chunk's entry (re-exports; a made-up module too). */
const ENTRY = "shared-entry";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** What both bundles share: the packages stay imports, as tsup left them. */
const COMMON = {
  absWorkingDir: ROOT,
  bundle: true,
  target: "es2022",
  platform: "neutral",
  sourcemap: true,
  // package.json's version, the one source of `VERSION` (src/core/version.ts).
  define: { __GOLEM_VERSION__: JSON.stringify(pkg.version) },
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})],
  outdir: OUT,
  logLevel: "warning",
} as const satisfies esbuild.BuildOptions;

/**
 * CommonJS is built for Node, where esbuild ends each file with the names it exports as
 * `0 && (module.exports = { ... })`: Node reads them from there when an ES module imports the
 * `.cjs` file (`import { create } from ".../anthropic.cjs"`), as it read tsup's `exports.create`.
 */
const PLATFORM = {
  esm: {},
  // The sources are ES modules, strict throughout: as CommonJS, each file must say so.
  cjs: { platform: "node", banner: { js: '"use strict";' } },
} as const;

/** The chunk's modules (scripts/shared-modules.ts), with the names the chunk exports them by. */
async function sharedModules(entries: Entry[]): Promise<SharedModule[]> {
  const graph = await esbuild.build({
    ...COMMON,
    entryPoints: entries.map((e) => ({ in: e.source, out: e.name })),
    write: false,
    metafile: true,
    sourcemap: false,
  });
  const outputs = new Map(entries.map((e) => [e.source, join(OUT, `${e.name}.js`)]));
  const platforms = entries.filter((e) => e.platform).map((e) => e.source);
  const usage = usageOf(graph.metafile, outputs, platforms, ROOT);
  usage.sealed = entries.filter((e) => SEALED.includes(e.name)).map((e) => join(ROOT, e.source));
  const paths = chunkPaths(usage, (path) => identityOf(readFileSync(path, "utf8"), path));
  // Each module's own exports (types are gone: the sources use `import type`/`export type`).
  const own = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: paths,
    outdir: OUT,
    outbase: ROOT,
    write: false,
    metafile: true,
    format: "esm",
    logLevel: "warning",
  });
  const exports = new Map<string, string[]>();
  for (const output of Object.values(own.metafile.outputs)) {
    if (output.entryPoint !== undefined) {
      exports.set(join(ROOT, output.entryPoint), [...output.exports].sort());
    }
  }
  return chunkNames(new Map(paths.map((p) => [p, exports.get(p) ?? []])));
}

/**
 * What esbuild would resolve `args` to without this plugin: a plugin's resolver asks esbuild
 * again, marked, and steps aside (`undefined`) when it is the one being asked.
 */
async function resolveAsUsual(
  build: esbuild.PluginBuild,
  args: esbuild.OnResolveArgs,
): Promise<esbuild.ResolveResult | undefined> {
  if (args.pluginData === "resolving") return undefined;
  return build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: "resolving",
  });
}

/**
 * Replaces each import of a shared module with a module that takes its exports from the chunk
 * (`./shared.js`, or `./shared.cjs` in CommonJS), which stays an import.
 */
function fromChunk(modules: readonly SharedModule[], chunk: string): esbuild.Plugin {
  const byPath = new Map(modules.map((m) => [m.path, m]));
  return {
    name: "golem-shared-chunk",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        const resolved = await resolveAsUsual(build, args);
        if (!resolved) return undefined;
        if (resolved.errors.length > 0 || !byPath.has(resolved.path)) return resolved;
        // Relative, so that no machine path reaches the source maps.
        return { path: relative(ROOT, resolved.path), namespace: PROXY };
      });
      build.onResolve({ filter: /^golem-shared-chunk$/ }, () => ({ path: chunk, external: true }));
      build.onLoad({ filter: /.*/, namespace: PROXY }, (args) => {
        const module = byPath.get(join(ROOT, args.path));
        if (module === undefined) throw new Error(`not a shared module: ${args.path}`);
        return { contents: proxySource(module, "golem-shared-chunk"), loader: "js" };
      });
    },
  };
}

/** The chunk's entry, a module made of re-exports (it has no source file of its own). */
function chunkEntry(modules: readonly SharedModule[]): esbuild.Plugin {
  return {
    name: "golem-shared-entry",
    setup(build) {
      build.onResolve({ filter: /^golem-shared-entry$/ }, () => ({
        path: SHARED,
        namespace: ENTRY,
      }));
      build.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({
        contents: chunkSource(modules, ROOT),
        resolveDir: ROOT,
        loader: "js",
      }));
    },
  };
}

/**
 * Writes the built files: their source maps without the made-up modules that stand for shared
 * ones, and in ESM every top-level table marked pure (scripts/mark-pure.ts) for an app's
 * bundler, which tree-shakes ESM only.
 */
function write(files: esbuild.OutputFile[], format: "esm" | "cjs"): void {
  const maps = new Map(files.map((f) => [f.path, f.text]));
  for (const file of files) {
    if (file.path.endsWith(".map")) continue;
    const text = maps.get(`${file.path}.map`);
    if (text === undefined) throw new Error(`no source map for ${file.path}`);
    const map = dropSources(text, (s) => s.startsWith(`${PROXY}:`) || s.startsWith(`${ENTRY}:`));
    const built = format === "esm" ? markPure({ code: file.text, map }) : { code: file.text, map };
    writeFileSync(file.path, built.code);
    writeFileSync(`${file.path}.map`, built.map);
  }
}

/**
 * The `golem` command (package.json `bin`): scripts/cli.ts for Node, as one ES module whose
 * import of the inspector becomes an import of its sibling `./inspect.js`, so the command
 * carries no second copy of it.
 */
async function buildCommand(): Promise<void> {
  const inspector = join(ROOT, "src", "inspect", "index.ts");
  await esbuild.build({
    ...COMMON,
    platform: "node",
    format: "esm",
    sourcemap: false,
    entryPoints: [{ in: "scripts/cli.ts", out: "cli" }],
    banner: { js: "#!/usr/bin/env node" },
    plugins: [
      {
        name: "golem-cli-inspector",
        setup(build) {
          build.onResolve({ filter: /\/inspect\/index\.js$/ }, async (args) => {
            const resolved = await resolveAsUsual(build, args);
            if (resolved?.path !== inspector) return undefined;
            return { path: "./inspect.js", external: true };
          });
        },
      },
    ],
  });
  chmodSync(join(OUT, "cli.js"), 0o755);
}

async function main(): Promise<void> {
  const entries = packageEntries(ROOT);
  if (entries.some((e) => e.name === SHARED)) {
    throw new Error(`an entry is named "${SHARED}", the shared chunk's file name`);
  }
  const { values } = parseArgs({ options: { "code-only": { type: "boolean", default: false } } });
  // --code-only: the code again, the declarations already in dist/ kept (they take most of the time).
  for (const f of existsSync(OUT) ? readdirSync(OUT) : []) {
    if (!values["code-only"] || !/\.d\.c?ts$/.test(f)) rmSync(join(OUT, f), { recursive: true });
  }
  const modules = await sharedModules(entries);
  mkdirSync(OUT, { recursive: true });
  for (const format of ["esm", "cjs"] as const) {
    const ext = format === "esm" ? ".js" : ".cjs";
    const results = await Promise.all([
      esbuild.build({
        ...COMMON,
        ...PLATFORM[format],
        format,
        write: false,
        outExtension: { ".js": ext },
        entryPoints: [{ in: "golem-shared-entry", out: SHARED }],
        plugins: [chunkEntry(modules)],
      }),
      esbuild.build({
        ...COMMON,
        ...PLATFORM[format],
        format,
        write: false,
        outExtension: { ".js": ext },
        entryPoints: entries.map((e) => ({ in: e.source, out: e.name })),
        plugins: [fromChunk(modules, `./${SHARED}${ext}`)],
      }),
    ]);
    write(
      results.flatMap((r) => r.outputFiles),
      format,
    );
  }
  await buildCommand();
  if (values["code-only"]) return;
  // The declarations, as tsup made them with the code (tsup.config.ts).
  const types = spawnSync("npx", ["tsup"], { cwd: ROOT, stdio: "inherit" });
  if (types.status !== 0) process.exit(types.status ?? 1);
}

await main();
