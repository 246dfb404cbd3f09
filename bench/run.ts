/**
 * `npm run bench`: every benchmark, each section in its own process, then one table. Writes
 * bench/results.json and puts the table into bench/README.md (between its "results" markers).
 * Not part of CI: the figures are ratios measured on a shared machine (see README).
 *
 *   npm run bench                 # everything (~5 minutes)
 *   npm run bench -- --quick      # fewer rounds, 25 MB memory bodies (~1.5 minutes)
 *   npm run bench -- --only stream,memory   # prints only; results.json and README stay
 *   npm run bench -- --only cold-import --cold-against <folder of another golem build>
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ensureBuilt } from "../test/runtimes/built.js";
import { PROVIDERS } from "./bodies.js";
import { benchToolEntry, coldImports, modulesLoaded, type Specifiers } from "./cold-import.js";
import type { MemoryResult } from "./memory.js";

const HERE = import.meta.dirname;
/**
 * Goals against the floors (floors.ts), restated 2026-12-01: every delta against the API floor
 * that keeps the text, `response` only against the floor that keeps the text.
 */
const EVERY_GOAL = 0.9;
const RESPONSE_GOAL = 0.9;
const DECODE_GOAL = 0.95;
const MEMORY_BUDGET_MB = 8;
const COLD_BUDGET_MS = 15;
/** Cold `import("golem/anthropic")` against the Anthropic SDK's in the same rounds (issue 35). */
const COLD_SDK_GOAL = 0.06;
const SIGV4_BUDGET = 5000;

interface Ratio {
  name: string;
  wallMs: number;
  cpuMs: number;
  ratio: number;
  cpuRatio: number;
  spread: [number, number];
  bytes: number;
}

/** What a `stream` section prints (throughput.ts, without raw samples). */
interface StreamResult {
  provider: string;
  bytes: number;
  events: number;
  measured: Ratio[];
  floor: Ratio;
  apiFloor: Ratio;
  every: Ratio;
  everyVsFloor: Ratio;
  response: Ratio;
  keep: Ratio;
  responseVsKeep: Ratio;
  apiKeep: Ratio;
  everyVsApiKeep: Ratio;
}

/** One row of the `prefix` section (prefix-check.ts). */
interface PrefixRow {
  turns: number;
  bytes: number;
  recordBytes: number;
  buildMs: number;
  checkedMs: number;
}

/** One mode of the `server-history` section (server-history.ts). */
interface ServerHistoryRow {
  mode: string;
  steps: { step: number; bytes: number; ms: number }[];
}

/** What a `peers` section prints: the measured rows, and the peers whose answer was wrong. */
interface PeerResult {
  provider: string;
  rows: Ratio[];
  refused: { name: string; refused: string }[];
}

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    "cold-against": { type: "string" },
  },
});
const only = values.only?.split(",");
const wanted = (section: string) => !only || only.includes(section);
const env = {
  ...process.env,
  BENCH_ROUNDS: values.quick ? "5" : "15",
  BENCH_MEMORY_MB: values.quick ? "25" : "100",
};

/** Runs one section in a fresh process and returns what it printed. */
function section<T>(args: string[], pin = false): T {
  const node = [
    process.execPath,
    "--expose-gc",
    "--import",
    "tsx",
    join(HERE, "section.ts"),
    ...args,
  ];
  const hasTaskset = pin && spawnSync("taskset", ["-c", "0", "true"]).status === 0;
  const [command, ...rest] = hasTaskset ? ["taskset", "-c", "0", ...node] : node;
  process.stderr.write(`  ${args.join(" ")}${hasTaskset ? " (pinned to CPU 0)" : ""}\n`);
  const run = spawnSync(command as string, rest, { encoding: "utf8", env, maxBuffer: 1 << 24 });
  const line = run.stdout.split("\n").find((l) => l.startsWith("BENCH "));
  if (run.status !== 0 || !line) throw new Error(`bench ${args.join(" ")} failed:\n${run.stderr}`);
  return JSON.parse(line.slice(6)) as T;
}

const mbps = (r: Ratio) => (r.bytes / 1e6 / (r.wallMs / 1000)).toFixed(1);
const x = (n: number) => `${n.toFixed(2)}×`;
const x3 = (n: number) => `${n.toFixed(3)}×`;
const met = (ok: boolean) => (ok ? "met" : "**not met**");

async function main(): Promise<void> {
  const started = new Date();
  const load = loadavg()[0] ?? 0;
  const results: Record<string, unknown> = {
    date: started.toISOString(),
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
    loadBefore: load,
    rounds: Number(env.BENCH_ROUNDS),
  };
  const lines: string[] = [];
  const table = (head: string[], rows: string[][]) => {
    lines.push(`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`);
    for (const r of rows) lines.push(`| ${r.join(" | ")} |`);
    lines.push("");
  };
  process.stderr.write("bench sections:\n");

  const goals: string[] = [];
  /** One goal's line: met for every row, or which rows miss it and by how much. */
  const goal = (what: string, rows: [string, number][], min: number) => {
    const missed = rows.filter(([, r]) => r < min);
    const shown = (list: [string, number][]) => list.map(([n, r]) => `${n} ${x(r)}`).join(", ");
    goals.push(
      missed.length === 0
        ? `- ${what}: **met** (${shown(rows)})`
        : `- ${what}: **not met** for ${shown(missed)}; met for ${shown(rows.filter(([, r]) => r >= min)) || "none"}`,
    );
  };

  if (wanted("stream")) {
    const streaming = PROVIDERS.map((p) => section<StreamResult>(["stream", p]));
    results.streaming = streaming;
    lines.push(
      "**Streaming throughput** (16 KiB chunks; every ratio is floor time ÷ golem time, per round, median; spread in brackets)",
      "",
    );
    table(
      [
        "body",
        "size",
        "floor forms (MB/s)",
        "API floor",
        "golem every delta",
        "÷ API floor + keep the text",
        "÷ API floor",
        "(CPU time)",
        "golem `response` only",
        "÷ floor + keep the text",
        "÷ floor",
        "keeping the text: floor, API floor",
      ],
      streaming.map((s) => {
        const rate = (r: { wallMs: number }) => (s.bytes / 1e3 / r.wallMs).toFixed(1);
        const forms = s.measured
          .filter((m) => !/^(API|golem|floor \+)/.test(m.name))
          .map((m) => `${m.name} ${rate(m)}`)
          .join(" · ");
        return [
          s.provider,
          `${(s.bytes / 1e6).toFixed(1)} MB`,
          forms,
          `${rate(s.apiFloor)} MB/s`,
          `${rate(s.every)} MB/s`,
          `**${x(s.everyVsApiKeep.ratio)}** (${x(s.everyVsApiKeep.spread[0])}–${x(s.everyVsApiKeep.spread[1])})`,
          x(s.every.ratio),
          x(s.every.cpuRatio),
          `${rate(s.response)} MB/s`,
          `**${x(s.responseVsKeep.ratio)}** (${x(s.responseVsKeep.spread[0])}–${x(s.responseVsKeep.spread[1])})`,
          x(s.response.ratio),
          `${x(s.keep.ratio)}, ${x(s.apiKeep.ratio)}`,
        ];
      }),
    );
    goal(
      `every delta ≥ ${EVERY_GOAL}× the API floor that keeps the text`,
      streaming.map((s) => [s.provider, s.everyVsApiKeep.ratio]),
      EVERY_GOAL,
    );
    goal(
      `\`response\` only ≥ ${RESPONSE_GOAL}× the floor that keeps the text`,
      streaming.map((s) => [s.provider, s.responseVsKeep.ratio]),
      RESPONSE_GOAL,
    );
  }

  if (wanted("peers")) {
    const peers = PROVIDERS.map((p) => section<PeerResult>(["peers", p]));
    results.peers = peers;
    lines.push(
      "**Other clients on the same body** (golem streaming every delta + final message; each client's answer checked before it is timed)",
      "",
    );
    table(
      ["client", "body", "MB/s", "golem is"],
      peers.flatMap((p) => [
        ...p.rows.map((r) => [
          r.name,
          p.provider,
          mbps(r),
          r.name === "golem" ? "" : `${(1 / r.ratio).toFixed(1)}× faster`,
        ]),
        ...p.refused.map((r) => [r.name, p.provider, "", `not reported: ${r.refused}`]),
      ]),
    );
  }

  if (wanted("event-stream")) {
    const [floor, decode, reference] = section<Ratio[]>(["event-stream"]);
    if (!floor || !decode || !reference) throw new Error("missing event-stream result");
    results.eventStream = [floor, decode, reference];
    lines.push(
      "**Bedrock event-stream decoding** (frames cut from 16 KiB chunks, both CRCs checked, payloads `JSON.parse`d; the floor's CRC is Node's native `zlib.crc32`)",
      "",
    );
    table(
      ["", "MB/s", "÷ floor", "(CPU time)"],
      [
        [floor.name, mbps(floor), "", ""],
        [decode.name, mbps(decode), `**${x(decode.ratio)}**`, x(decode.cpuRatio)],
        [reference.name, mbps(reference), x(reference.ratio), x(reference.cpuRatio)],
      ],
    );
    goal(
      `Bedrock decoder ≥ ${DECODE_GOAL}× its CRC floor`,
      [["bedrock", decode.ratio]],
      DECODE_GOAL,
    );
  }

  if (wanted("memory")) {
    // Not the Responses body: its `.done` events and `response.completed` repeat the whole
    // text, so any client holds a few copies of the answer at the end; the budget is about
    // what an adapter keeps, which the other bodies show.
    const memory = PROVIDERS.filter((p) => p !== "responses").flatMap((p) =>
      (["stream", "response"] as const).map((m) => section<MemoryResult>(["memory", p, m])),
    );
    results.memory = memory;
    lines.push(
      `**Memory** (a ${env.BENCH_MEMORY_MB} MB body made as it is read; live heap after a full GC, every 4 MB)`,
      "",
    );
    table(
      [
        "adapter",
        "read as",
        "final message",
        "peak live heap",
        "peak − message",
        `budget ≤ ${MEMORY_BUDGET_MB} MB`,
      ],
      memory.map((m) => [
        m.provider,
        m.mode === "stream" ? "every delta" : "`response` only",
        `${m.messageMB.toFixed(1)} MB`,
        `${m.peakMB.toFixed(1)} MB`,
        `**${m.excessMB.toFixed(1)} MB**`,
        met(m.excessMB <= MEMORY_BUDGET_MB),
      ]),
    );
  }

  if (wanted("cold-import")) {
    ensureBuilt();
    const n = values.quick ? 7 : 15;
    process.stderr.write(`  cold imports (${n} fresh processes each)\n`);
    const sdk = benchToolEntry("@anthropic-ai/sdk");
    // --cold-against <folder>: another build of golem (its dist/), measured in the same rounds.
    const against = values["cold-against"];
    const imports: [string, Specifiers][] = [
      ["golem/anthropic", "golem/anthropic"],
      ...(against === undefined
        ? []
        : [
            [
              `golem/anthropic (${basename(resolve(against))})`,
              pathToFileURL(join(resolve(against), "dist", "anthropic.js")).href,
            ] as [string, Specifiers],
          ]),
      ["golem/bedrock", "golem/bedrock"],
      ["golem", "golem"],
      ["@anthropic-ai/sdk", sdk],
      ["ai + @ai-sdk/anthropic", [benchToolEntry("ai"), benchToolEntry("@ai-sdk/anthropic")]],
      ["openai", benchToolEntry("openai")],
    ];
    const cold = coldImports(imports, n);
    const modules: Record<string, number> = {};
    for (const [label, specifiers] of imports) modules[label] = await modulesLoaded(specifiers);
    const ratio =
      (cold["golem/anthropic"] ?? Number.NaN) / (cold["@anthropic-ai/sdk"] ?? Number.NaN);
    results.coldImport = { ms: cold, modules, anthropicVsSdk: ratio };
    lines.push(
      `**Cold import** (fresh Node process each, alternating, median of ${n}; the built package; modules: the files of the static import graph)`,
      "",
    );
    table(
      ["import", "modules", "ms", "÷ `@anthropic-ai/sdk`", `budget ≤ ${COLD_BUDGET_MS} ms`],
      Object.entries(cold).map(([label, ms]) => [
        `\`${label}\``,
        modules[label] === undefined ? "" : String(modules[label]),
        ms.toFixed(1),
        label === "(empty module)" ? "" : x3(ms / (cold["@anthropic-ai/sdk"] ?? Number.NaN)),
        label === "golem/anthropic" ? met(ms <= COLD_BUDGET_MS) : "",
      ]),
    );
    lines.push(
      `Cold \`import("golem/anthropic")\` ÷ \`@anthropic-ai/sdk\`'s in the same rounds: **${x3(ratio)}**, goal ≤ ${COLD_SDK_GOAL}×: ${met(ratio <= COLD_SDK_GOAL)}.`,
      "",
    );
  }

  if (wanted("sigv4")) {
    const rates = section<Record<string, number>>(["sigv4"], true);
    results.sigv4 = rates;
    lines.push("**SigV4** (signed Converse requests per second, one after another, one CPU)", "");
    table(
      ["signer", "requests/s", "budget ≥ 5,000/s"],
      Object.entries(rates).map(([name, r]) => [
        name,
        Math.round(r).toLocaleString("en"),
        name === "golem" ? met(r >= SIGV4_BUDGET) : "",
      ]),
    );
  }

  if (wanted("prefix")) {
    const rows = section<PrefixRow[]>(["prefix"]);
    results.prefix = rows;
    lines.push("**Prefix check** (an Anthropic tool conversation, build + check + serialize)", "");
    table(
      ["turns", "body", "build ms", "with check ms", "check ms per MB", "records"],
      rows.map((r) => [
        String(r.turns),
        `${(r.bytes / 1e6).toFixed(2)} MB`,
        r.buildMs.toFixed(2),
        r.checkedMs.toFixed(2),
        ((r.checkedMs - r.buildMs) / (r.bytes / 1e6)).toFixed(2),
        `${(r.recordBytes / 1e3).toFixed(0)} KB`,
      ]),
    );
  }

  if (wanted("server-history")) {
    const rows = section<ServerHistoryRow[]>(["server-history"]);
    results.serverHistory = rows;
    lines.push("**Server-held history** (a 200-step tool run, per step)", "");
    table(
      ["mode", "step", "bytes sent", "client ms"],
      rows.flatMap((r) =>
        r.steps.map((s) => [r.mode, String(s.step), s.bytes.toLocaleString("en"), s.ms.toFixed(2)]),
      ),
    );
  }

  if (goals.length > 0) lines.push("**Goals against the floors**", "", ...goals, "");
  results.goals = goals;
  results.loadAfter = loadavg()[0] ?? 0;
  const header = `Measured ${started.toISOString().slice(0, 16)}Z, Node ${process.version}, ${results.cpus}, load average ${load.toFixed(1)} → ${(results.loadAfter as number).toFixed(1)}, ${env.BENCH_ROUNDS} rounds${values.quick ? " (--quick)" : ""}.`;
  const text = `${header}\n\n${lines.join("\n")}`;
  console.log(`\n${text}`);
  // A partial run (--only) prints its table but keeps the last full results.
  if (only) return;
  writeFileSync(join(HERE, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  updateReadme(text);
}

/** Replaces the README's table between its markers with the new one. */
function updateReadme(text: string): void {
  const path = join(HERE, "README.md");
  const readme = readFileSync(path, "utf8");
  const start = "<!-- results:start -->";
  const end = "<!-- results:end -->";
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error("bench/README.md has no results markers");
  writeFileSync(path, `${readme.slice(0, a + start.length)}\n${text}\n${readme.slice(b)}`);
}

await main();
