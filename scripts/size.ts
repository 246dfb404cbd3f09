/**
 * The bundle-size budget (`npm run size`): what each entry of the BUILT package costs an app
 * bundled for the browser or the edge (esbuild, platform browser, ESM, minified), gzipped, and
 * two must-not-appear checks (docs/architecture.md, "Portability"): an adapter's bundle holds no other
 * adapter's code or wire names, and no bundle holds an npm package but eventsource-parser
 * (zod above all: golem checks histories and cassettes by hand and takes tool schemas as
 * Standard Schemas, docs/adr/0005-no-zod-at-runtime.md). Exits 1 when a limit is exceeded or a
 * name or package appears.
 *
 * Budgets (docs/architecture.md, "Budgets"; restated for 0.4 by issue 35):
 * - `golem/anthropic` with core (its entry plus the core exports its user takes, the
 *   "golem/anthropic + golem core" row): <= 24 KB;
 * - every other bundle: a ratchet. Each is held under a ceiling just above its size when last
 *   measured, so growth is noticed (a module-level call that tree shaking cannot drop, say, or
 *   a package imported again) and goes in only with an ADR row; no 0.4 capability may add to an
 *   entry that does not use it.
 * 0.1 was 9.1 KB for `golem/anthropic` and 29.7 KB for every entry together; 0.2 brought them to
 * 12.8 and 38.8 KB (budgets then: 13 and 40 KB, docs/adr/0013-size-of-the-0.2-features.md), 0.3
 * to 23.0 and 59.8 KB. What each 0.3 and 0.4 change costs is in docs/adr/0026-size-of-0.3.md
 * and the ADRs it names.
 *
 *   npm run size                          # the table and the checks
 *   npm run size -- --budget-scale 0.5    # every limit halved (shows that the check fails)
 */

import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { distAliases, ENTRIES, ensureBuilt, ROOT, specifier } from "../test/runtimes/built.js";

const KB = 1024;

/**
 * One row per package entry (the list is package.json `exports`, scripts/entries.ts; an entry
 * without a row fails the check): its bundle's ceiling in KB, the names that belong to its own
 * wire's or platform's code (another entry must not carry them), the other entries whose wire
 * names it may carry (the wire it deploys: azure reuses openai's wire code), and the auth
 * schemes its platforms use (an API key in a header of its own is the default).
 */
interface EntryRow {
  /** KB, gzipped: 0.1 KB above the size after the 0.4 merges and their trim (ADR 0026). */
  ceiling: number;
  names?: string[];
  speaks?: string[];
  auths?: string[];
}

const ENTRY_ROWS: Record<string, EntryRow> = {
  // 9.9 before a failed run's evidence (docs/adr/0037-failed-runs-keep-their-evidence.md),
  // 10.3 before runs that pause and resume (docs/adr/0044-runs-that-pause-and-resume.md).
  index: { ceiling: 13.0 },
  // 13.0 before the model rules, capabilities and counting (docs/adr/0017-model-rules-from-capabilities.md),
  // 15.4 before the prefix check (docs/adr/0024-prefix-check.md), 23.0 before issue 36's
  // fallback turn, indexed input transformations, baseURL forms and thinking rule (ADR 0029).
  anthropic: {
    ceiling: 26.9,
    names: ["anthropic-version", "content_block_delta", "redacted_thinking", "signature_delta"],
  },
  // 23.9 before streamed citations, images and unlisted members (docs/adr/0034-bedrock-stream-members.md).
  bedrock: {
    ceiling: 27.0,
    names: ["crc32", "contentBlockDelta", "reasoningContent", ":event-type"],
    auths: ["sigv4"],
  },
  // Each + 0.1-0.4 from 17.8, 23.2, 23.9 and 29.5: credentials ran under each attempt's time limits and signal, every bad token an AuthError (issue 36).
  gemini: {
    ceiling: 20.2,
    names: ["generateContent", "thoughtSignature", "functionCall"],
    auths: ["google-api-key"],
  },
  // 27.5 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
  openai: {
    ceiling: 32.2,
    names: ["reasoning_content", "chat/completions", "tool_calls", "encrypted_content"],
  },
  // 26.0 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
  azure: {
    ceiling: 29.1,
    names: ["api-version", "openai/deployments", "AZURE_OPENAI_API_KEY"],
    speaks: ["openai"],
  },
  // 30.3 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
  // Vertex serves Claude and Gemini with their wires' code.
  vertex: {
    ceiling: 35.1,
    names: ["rawPredict", "vertex-2023-10-16", "aiplatform.googleapis.com"],
    speaks: ["anthropic", "gemini"],
    auths: ["google-api-key"],
  },
  // This and the next three: 24.6, 24.8, 23.0 and 24.3 before the same change; aws and
  // google-cloud also gained capabilities() (docs/adr/0039-capabilities-through-the-send-path.md).
  "anthropic-aws": {
    ceiling: 28.9,
    names: ["aws-external-anthropic", "anthropic-workspace-id"],
    speaks: ["anthropic"],
    auths: ["sigv4"],
  },
  // `/anthropic/v1` alone is not Bedrock's (Foundry's resource serves the same path), nor is
  // AWS_BEARER_TOKEN_BEDROCK (Converse takes the same key), nor the host `bedrock-mantle`
  // alone (it serves OpenAI's Responses API too, a row of golem/openai's servers).
  "anthropic-bedrock": {
    ceiling: 28.6,
    names: [".api.aws/anthropic/v1", ".amazonaws.com/anthropic/v1"],
    speaks: ["anthropic"],
    auths: ["sigv4"],
  },
  // 23.9 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
  "anthropic-foundry": {
    ceiling: 27.0,
    names: ["services.ai.azure.com", "ANTHROPIC_FOUNDRY_API_KEY"],
    speaks: ["anthropic"],
  },
  // 24.3 before capabilities() (docs/adr/0039-capabilities-through-the-send-path.md).
  "anthropic-google-cloud": {
    ceiling: 28.8,
    names: ["claude.googleapis.com", "ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID"],
    speaks: ["anthropic"],
  },
  // Cohere's Chat API v2, 15.5 KB when added (docs/adr/0043-cohere-chat-wire.md).
  cohere: {
    ceiling: 16.4,
    names: ["tool_plan", "tool-plan-delta", "api.cohere.com", "CO_API_KEY"],
  },
  // 3.7 KB before 0.3's recorder, openCassette and scriptedModel (docs/adr/0015-recorder-in-golem-testing.md).
  testing: { ceiling: 9.3 },
  // @opentelemetry/api is the app's own (a peer): left out of the bundle, as an app has it.
  otel: { ceiling: 5.2 },
  // 3.2 before the readers' typed failures and the error event's shaping (docs/adr/0038-sse-errors-and-node-servers.md),
  // 3.8 before the relay and the readers' reconnect (docs/adr/0044-runs-that-pause-and-resume.md).
  sse: { ceiling: 4.5 },
  // The inspector (a page for a bug report, not an app's bundle): 28.1 KB when added
  // (docs/adr/0047-inspector-page.md); +17.4 KB when it read answers with the six wires' own
  // parsers and stream machines (docs/adr/0026-size-of-0.3.md, "Rows added later"). It reads
  // every wire's answers with the wire's own code, picking the wire by the request's path
  // (Vertex's Claude answers by `rawPredict`), and builds the next request of the three wires
  // with a prefix check (docs/inspect.md); no adapter imports it. Not an auth: the recorder's
  // redaction rules name Gemini's key header, to hide its value.
  inspect: {
    ceiling: 47.1,
    speaks: ["anthropic", "bedrock", "gemini", "openai", "cohere", "vertex"],
    auths: ["google-api-key"],
  },
};

/** The entries without a row above (none may be: each gets a ceiling when added). */
const UNMEASURED = ENTRIES.filter((e) => ENTRY_ROWS[e] === undefined);

/** Names that belong to one entry's wire or platform code, by entry. */
const WIRE_NAMES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ENTRY_ROWS).flatMap(([e, row]) => (row.names ? [[e, row.names]] : [])),
);

/**
 * Names two wire formats both use, each wire's own: not another adapter's code where the
 * entry's own wire has the name too (Cohere's Chat API v2 names its calls `tool_calls`, as
 * Chat Completions does).
 */
const SHARED_NAMES: Record<string, string[]> = {
  tool_calls: ["openai", "cohere"],
};

/**
 * Names that belong to one auth scheme (transport/auth): any platform may reuse a scheme, so
 * they count against an entry only when none of its platforms authorizes that way.
 */
const AUTH_NAMES: Record<string, string[]> = {
  sigv4: ["aws4_request"],
  "google-api-key": ["x-goog-api-key"],
};

/** A bundle to measure: what an app imports, and the limits it is held to. */
interface Case {
  name: string;
  code: string;
  /** The documented budget, gzip bytes. */
  budget?: number;
  /**
   * A ceiling just above today's size where there is no budget, or where its budget is
   * not met yet: it keeps the size from growing unnoticed.
   */
  ceiling?: number;
}

interface Row extends Case {
  minified: number;
  gzip: number;
}

/** The entries of 0.2, whose sum has the budget; later ones are measured on their own. */
const OLD_ENTRIES = ["index", "anthropic", "bedrock", "gemini", "openai", "azure", "testing"];

const everything = (entries: string[]) =>
  entries.map((e, i) => `export * as e${i} from "${specifier(e)}";`).join("\n");

/** The core exports of `golem` an adapter's user may take (not the agent, not parseHistory). */
const CORE =
  "APIError as CoreAPIError, ConfigError, ConnectionError, GolemError, HistoryError, StreamError, TimeoutError, validateHistory, serializeHistory, thinkingText, thinkingSigned, thinkingRedacted, validateThinkingBlock";

function cases(scale: number): Case[] {
  const kb = (n: number) => n * KB * scale;
  // Every ceiling: 0.1 KB above the size after the 0.4 merges and their trim (ADR 0026).
  const entries = ENTRIES.flatMap((e): Case[] => {
    const row = ENTRY_ROWS[e];
    const name = specifier(e);
    return row ? [{ name, code: `export * from "${name}";`, ceiling: kb(row.ceiling) }] : [];
  });
  return [
    ...entries,
    { name: "golem: wrapModel", code: `export { wrapModel } from "golem";`, ceiling: kb(1.2) },
    // The agent without parseHistory: its unknown-field table is left out of these.
    {
      name: "golem: Agent only",
      code: `export { Agent, jsonTool } from "golem";`,
      // 7.6 before a failed run's evidence (ADR 0037), 8.0 before runs that pause (ADR 0044).
      ceiling: kb(10.7),
    },
    {
      name: "golem: Agent + tool()",
      code: `export { Agent, tool } from "golem";`,
      // 8.1 before runs that pause (ADR 0044).
      ceiling: kb(10.7),
    },
    {
      name: "golem/anthropic + golem core",
      code: `export * from "golem/anthropic";\nexport { ${CORE} } from "golem";`,
      // The budget restated by issue 35 (24.3 before the trim after the 0.4 merges, ADR 0026);
      // NOT MET since 0.4's Anthropic capabilities (threads, the November betas, interrupted
      // answers: 26.3), a decision ADR 0026 lays out.
      budget: kb(24),
      ceiling: kb(27.1),
    },
    // 29.5 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
    {
      name: "golem/anthropic + Agent",
      code: `export { create } from "golem/anthropic";\nexport { Agent, jsonTool } from "golem";`,
      // + 1.3 for runs that pause (ADR 0044): 27.7 -> 29.0.
      ceiling: kb(32.9),
    },
    // 72.7 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
    {
      name: "every entry but golem/testing",
      code: everything(OLD_ENTRIES.filter((e) => e !== "testing")),
      // 54.0 before each entry bundled its own copy of the wire code it shares with another
      // entry (docs/adr/0040-one-shared-chunk.md).
      ceiling: kb(83.5),
    },
    // 0.2's budget was 40 KB (38.8 KB with 0.2's features; see the header); now a ratchet.
    // 80.9 after the 0.4 merges (the reasoning servers on both OpenAI wires, runs that pause, golem/cohere, one copy per entry of the code it shares: ADRs 0040-0044).
    {
      name: "every entry together",
      code: everything(OLD_ENTRIES),
      // 39.1 before golem/testing's recorder; the entries but testing are held above (ADR 0015);
      // 61.5 before each entry bundled its own copy of the wire code it shares (ADR 0040).
      ceiling: kb(91.7),
    },
  ];
}

/** The npm packages a bundle may hold: the SSE parser; zod least of all (see the header). */
const PACKAGES = ["eventsource-parser"];

/** The bundled code, and the npm packages with at least one byte in it. */
async function build(code: string, minify: boolean): Promise<{ text: string; packages: string[] }> {
  const result = await esbuild.build({
    stdin: { contents: code, resolveDir: ROOT, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    metafile: true,
    alias: distAliases(),
    external: ["@opentelemetry/api"],
    logLevel: "error",
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
      if (name !== undefined && input.bytesInOutput > 0) packages.add(name);
    }
  }
  return { text: result.outputFiles[0]?.text ?? "", packages: [...packages] };
}

async function measure(c: Case): Promise<Row> {
  const bytes = new TextEncoder().encode((await build(c.code, true)).text);
  return { ...c, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** "ok", or what is wrong; a row fails when over its ceiling, or over a budget it has no ceiling for. */
function verdict(r: Row): { text: string; failed: boolean } {
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const parts: string[] = [];
  let failed = false;
  if (r.budget !== undefined) {
    const over = r.gzip > r.budget;
    parts.push(`budget ${kb(r.budget)} ${over ? "NOT MET" : "ok"}`);
    if (over && r.ceiling === undefined) failed = true;
  }
  if (r.ceiling !== undefined) {
    const over = r.gzip > r.ceiling;
    parts.push(`ceiling ${kb(r.ceiling)} ${over ? "OVER" : "ok"}`);
    if (over) failed = true;
  }
  return { text: parts.join(", "), failed };
}

/**
 * What `entry`'s unminified bundle carries that it may not: another adapter's names (not
 * checked for golem/testing, whose replay knows every provider's headers) and npm packages.
 */
async function strangers(entry: string): Promise<string[]> {
  const { text, packages } = await build(`export * from "${specifier(entry)}";`, false);
  const allowed = [entry, ...(ENTRY_ROWS[entry]?.speaks ?? [])];
  const auths = ENTRY_ROWS[entry]?.auths ?? [];
  const foreign = (table: Record<string, string[]>, own: readonly string[]) =>
    Object.entries(table)
      .filter(([owner]) => entry !== "testing" && !own.includes(owner))
      .flatMap(([owner, names]) =>
        names
          .filter((n) => text.includes(n))
          .filter((n) => !SHARED_NAMES[n]?.some((w) => own.includes(w)))
          .map((n) => `${n} (${owner})`),
      );
  const names = [...foreign(WIRE_NAMES, allowed), ...foreign(AUTH_NAMES, auths)];
  return [...names, ...packages.filter((p) => !PACKAGES.includes(p)).map((p) => `package ${p}`)];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "budget-scale": { type: "string", default: "1" } } });
  const scale = Number(values["budget-scale"]);
  ensureBuilt();
  const rows = await Promise.all(cases(scale).map(measure));
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  console.log("\nbundle sizes (esbuild: browser, ESM, minified; gzip -9)\n");
  console.log(`  ${"bundle".padEnd(32)} ${"minified".padStart(9)} ${"gzip".padStart(9)}   limits`);
  let failed = 0;
  for (const r of rows) {
    const v = verdict(r);
    if (v.failed) failed++;
    console.log(
      `  ${r.name.padEnd(32)} ${kb(r.minified).padStart(9)} ${kb(r.gzip).padStart(9)}   ${v.text}`,
    );
  }
  for (const e of UNMEASURED) {
    failed++;
    console.log(
      `  ${specifier(e).padEnd(32)} no row in ENTRY_ROWS (scripts/size.ts): give it a ceiling`,
    );
  }
  console.log(
    `\nmust not appear (another adapter's code or wire names; a package but ${PACKAGES.join(", ")})\n`,
  );
  for (const entry of ENTRIES) {
    const found = await strangers(entry);
    if (found.length > 0) failed++;
    const what = found.length === 0 ? "none" : `FOUND ${found.join(", ")}`;
    console.log(`  ${specifier(entry).padEnd(16)} ${what}`);
  }
  console.log(failed === 0 ? "\nok" : `\n${failed} check(s) failed`);
  if (failed > 0) process.exit(1);
}

await main();
