/**
 * The runtime matrix (`npm run test:runtimes`): the built package, imported through its public
 * entry points, replays every adapter's recorded thinking + tool conversation in Node, Deno,
 * Bun, Cloudflare workerd (miniflare) and Vercel's edge runtime (EdgeVM). Node's result is the
 * reference; every other runtime must produce the very same JSON. Exits 1, with the difference,
 * when one does not, and on any error.
 *
 * The workload runs from a throwaway app directory that has this package in its node_modules:
 * Node (ESM and CommonJS), Deno and Bun import `golem/*` by name, through the package's
 * `exports`; workerd and the edge runtime get one bundle each, made by esbuild resolving the
 * same package the same way (with the `workerd`/`edge-light` conditions). No
 * network: every fetch is a cassette replay, Deno runs without --allow-net, and miniflare is
 * told not to fetch its `request.cf` data. Node, Deno and Bun also record cassettes to files
 * (a folder per runtime under the app directory, the only place Deno may write) and replay
 * them by path; the harness checks the files are there.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { requireTool, toolBin } from "../../scripts/tools.js";
import { ensureBuilt, ROOT } from "./built.js";
import type { EdgeRuntimeModule, MiniflareModule } from "./engines.js";

// The engines are a pinned tool group (scripts/tools/runtimes), not dev dependencies: a
// user's `npm ci` stays lean, and this script installs them on first use.
const { EdgeVM } = requireTool<EdgeRuntimeModule>("runtimes", "@edge-runtime/vm");
const { Log, LogLevel, Miniflare } = requireTool<MiniflareModule>("runtimes", "miniflare");

const HERE = join(ROOT, "test", "runtimes");
let OUT = "";
const MARK = "GOLEM-MATRIX ";

interface Outcome {
  runtime: string;
  ms: number;
  json?: string;
  error?: string;
}

/**
 * A throwaway app directory, outside the repository, with golem installed the way a user has
 * it (node_modules/golem is this package), so Node, Deno and Bun resolve `golem/<entry>`
 * through the package's `exports`.
 */
function makeApp(): string {
  const app = mkdtempSync(join(tmpdir(), "golem-matrix-"));
  mkdirSync(join(app, "node_modules"));
  symlinkSync(ROOT, join(app, "node_modules", "golem"), "dir");
  symlinkSync(
    join(ROOT, "node_modules", "aws4fetch"),
    join(app, "node_modules", "aws4fetch"),
    "dir",
  );
  const dependencies = { golem: "*", aws4fetch: "*" };
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "matrix-app", private: true, dependencies }),
  );
  return app;
}

async function bundle(): Promise<void> {
  const common = {
    bundle: true,
    logLevel: "warning",
    target: "es2022",
    charset: "utf8",
  } as const;
  /** A self-contained bundle for a browser-like runtime, resolved with its condition. */
  const browserBundle = (entry: string, out: string, format: "esm" | "iife", condition: string) =>
    esbuild.build({
      ...common,
      entryPoints: [join(HERE, entry)],
      outfile: join(OUT, out),
      format,
      platform: "browser",
      conditions: [condition, "worker", "browser"],
      // `golem/<entry>` resolves through the app's node_modules and the package's `exports`.
      nodePaths: [join(OUT, "node_modules")],
    });
  await Promise.all([
    // Node, Deno, Bun: golem and its dependencies stay imports, resolved by each runtime.
    esbuild.build({
      ...common,
      entryPoints: [join(HERE, "entry-cli.ts")],
      outfile: join(OUT, "cli.mjs"),
      format: "esm",
      platform: "neutral",
      external: ["golem", "golem/*", "aws4fetch", "node:*"],
    }),
    esbuild.build({
      ...common,
      entryPoints: [join(HERE, "entry-cjs.ts")],
      outfile: join(OUT, "cli.cjs"),
      format: "cjs",
      platform: "node",
      external: ["golem", "golem/*", "aws4fetch"],
    }),
    browserBundle("entry-worker.ts", "worker.mjs", "esm", "workerd"),
    browserBundle("entry-edge.ts", "edge.js", "iife", "edge-light"),
  ]);
}

/**
 * Runs a CLI runtime on the shared bundle and reads the marked line it prints. The runtime
 * records its cassettes into a folder of its own, handed over as the last argument.
 */
function cli(runtime: string, command: string, args: string[]): Outcome {
  const start = performance.now();
  const tapes = join(OUT, "tapes", runtime.replace(/\W+/g, "-"));
  const run = spawnSync(command, [...args, tapes], {
    cwd: OUT,
    encoding: "utf8",
    timeout: 60_000,
    // Keep the user's keys out of the child's reach: nothing here may read them.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" },
  });
  const ms = performance.now() - start;
  const line = run.stdout?.split("\n").find((l) => l.startsWith(MARK));
  if (run.status !== 0 || !line) {
    return { runtime, ms, error: `exit ${run.status}\n${run.stderr}${run.stdout}`.trim() };
  }
  const json = line.slice(MARK.length);
  const missing = missingTapes(json, tapes);
  return missing ? { runtime, ms, error: missing } : { runtime, ms, json };
}

/**
 * The runtime said it recorded to files and replayed them; the files must be there, each a
 * cassette with the interactions the result counts. Undefined when they are.
 */
function missingTapes(json: string, tapes: string): string | undefined {
  const { recorder } = JSON.parse(json) as { recorder: { name: string; interactions: number }[] };
  for (const { name, interactions } of recorder) {
    const file = join(tapes, `${name}.json`);
    if (!existsSync(file)) return `the recorder case wrote no ${file}`;
    const saved = JSON.parse(readFileSync(file, "utf8")) as { interactions?: unknown[] };
    if (saved.interactions?.length !== interactions) {
      return `${file} holds ${saved.interactions?.length} interactions, not ${interactions}`;
    }
  }
  return undefined;
}

async function workerd(): Promise<Outcome> {
  const start = performance.now();
  const mf = new Miniflare({
    modules: true,
    modulesRoot: OUT,
    scriptPath: join(OUT, "worker.mjs"),
    compatibilityDate: "2026-04-01",
    // No request.cf from the network: the matrix runs offline.
    cf: false,
    log: new Log(LogLevel.WARN),
  });
  try {
    const res = await mf.dispatchFetch("http://matrix.local/");
    const text = await res.text();
    const ms = performance.now() - start;
    return res.ok
      ? { runtime: "workerd", ms, json: text }
      : { runtime: "workerd", ms, error: text };
  } catch (err) {
    return { runtime: "workerd", ms: performance.now() - start, error: String(err) };
  } finally {
    await mf.dispose();
  }
}

async function edge(): Promise<Outcome> {
  const start = performance.now();
  try {
    const vm = new EdgeVM();
    vm.evaluate(readFileSync(join(OUT, "edge.js"), "utf8"));
    const json = (await vm.evaluate("globalThis.__golemMatrix")) as string;
    return { runtime: "edge-runtime", ms: performance.now() - start, json };
  } catch (err) {
    const error = (err as Error)?.stack ?? String(err);
    return { runtime: "edge-runtime", ms: performance.now() - start, error };
  }
}

/** Where two JSON texts first differ, with some context. */
function difference(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  const from = Math.max(0, i - 80);
  return `first difference at character ${i}:\n  node: …${expected.slice(from, i + 80)}\n  this: …${actual.slice(from, i + 80)}`;
}

async function main(): Promise<void> {
  const start = performance.now();
  ensureBuilt();
  OUT = makeApp();
  try {
    await runAll(start);
  } finally {
    rmSync(OUT, { recursive: true, force: true });
  }
}

async function runAll(start: number): Promise<void> {
  await bundle();
  const cliBundle = join(OUT, "cli.mjs");
  const node = cli("node", process.execPath, [cliBundle]);
  const outcomes = [
    node,
    cli("node (cjs)", process.execPath, [join(OUT, "cli.cjs")]),
    cli("deno", toolBin("runtimes", "deno"), [
      "run",
      "--quiet",
      `--allow-read=${OUT},${ROOT}`,
      // The recorder case writes its cassettes under the app directory, nowhere else.
      `--allow-write=${OUT}`,
      cliBundle,
    ]),
    cli("bun", toolBin("runtimes", "bun"), [cliBundle]),
    await workerd(),
    await edge(),
  ];
  let failed = 0;
  const reference = node.json;
  const cases = reference ? (JSON.parse(reference) as { cases: unknown[] }).cases.length : 0;
  console.log(
    `\nruntime matrix: ${cases} replayed conversations (every adapter and the OpenAI Responses API, generate and stream)\n`,
  );
  for (const o of outcomes) {
    let verdict = "same result as node";
    if (o.error !== undefined) verdict = "FAILED";
    else if (o.runtime === "node") verdict = "reference";
    else if (o.json !== reference) verdict = "DIFFERENT";
    console.log(`  ${o.runtime.padEnd(13)} ${`${Math.round(o.ms)} ms`.padStart(8)}  ${verdict}`);
    if (o.error !== undefined) {
      failed++;
      console.error(`\n${o.runtime}:\n${o.error}\n`);
    } else if (o.runtime !== "node" && o.json !== reference) {
      failed++;
      console.error(`\n${o.runtime}: ${difference(reference ?? "", o.json ?? "")}\n`);
    }
  }
  console.log(
    `\n${failed === 0 ? "ok" : `${failed} failed`} in ${Math.round(performance.now() - start)} ms`,
  );
  if (failed > 0 || !reference) process.exit(1);
}

await main();
