/**
 * Server-held conversations (docs/server-history.md): a 200-step tool run against a server
 * that answers at once, per step the bytes sent and the client's time (build, check,
 * serialize, parse). On Anthropic: the whole history without the prefix check, the whole
 * history with it, and a suffix on a message thread (whose records the check keeps); on the
 * OpenAI Responses API, a suffix after a stored response (`previous_response_id`). Steps 10
 * and 200 are reported, so a reader sees whether a step's client work grows with the run.
 */
import type { Message, Model, ToolSpec } from "../src/core/types.js";
import { create } from "../src/platforms/anthropic/index.js";
import { create as createOpenAI } from "../src/platforms/openai/index.js";
import { stepAnswer } from "../test/helpers/step-answers.js";

const TOOLS: ToolSpec[] = [
  { name: "search", description: "search", parameters: { type: "object", properties: {} } },
];
const FILLER = "lorem ipsum dolor sit amet ".repeat(120);

const MODES = ["full, no check", "full, check", "suffix", "suffix, OpenAI Responses"] as const;
type Mode = (typeof MODES)[number];

/** A step's answer: a signed reasoning block and one tool call, on Anthropic or Responses. */
function answer(mode: Mode, n: number): object {
  const api = mode === "suffix, OpenAI Responses" ? "openai" : "anthropic";
  return stepAnswer(api, n, {
    tool: "search",
    input: { q: "x" },
    thinking: FILLER,
    seal: `-${"x".repeat(400)}`,
  });
}

/** The model of one mode, answered by `fetch`. */
function modelOf(mode: Mode, fetch: typeof globalThis.fetch): Model {
  if (mode === "suffix, OpenAI Responses") {
    return createOpenAI({
      apiKey: "bench",
      model: "gpt-6.1",
      api: "responses",
      serverHistory: true,
      fetch,
    });
  }
  return create({
    apiKey: "bench",
    model: "claude-opus-5-5",
    maxTokens: 8000,
    thinking: { adaptive: true },
    prefixCheck: mode === "full, no check" ? "off" : "error",
    serverHistory: mode === "suffix",
    fetch,
  });
}

/** One mode's run: per reported step, the bytes sent and the client's milliseconds. */
async function run(mode: Mode, steps: number, report: readonly number[]) {
  let n = 0;
  let sent = 0;
  const fetch = async (_: unknown, init?: RequestInit) => {
    n++;
    sent = new TextEncoder().encode(String(init?.body)).length;
    const body = answer(mode, n);
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const model = modelOf(mode, fetch as typeof globalThis.fetch);
  const history: Message[] = [];
  const rows: { step: number; bytes: number; ms: number }[] = [];
  for (let step = 1; step <= steps; step++) {
    history.push({ role: "user", content: `question ${step}: ${FILLER}` });
    const start = performance.now();
    const r = await model.generate({ system: "S", tools: TOOLS, messages: history });
    const ms = performance.now() - start;
    history.push(r.message, { role: "tool", toolCallId: `call_${n}`, content: FILLER.repeat(4) });
    if (report.includes(step)) rows.push({ step, bytes: sent, ms });
  }
  return rows;
}

/**
 * Per mode, steps 10 and 200 of a 200-step run: the median of `rounds` runs' times for the
 * suffix modes (a run takes a fraction of a second, and one sample of a sub-millisecond step is
 * at the mercy of a garbage collection), of at most 3 for the full modes (seconds a run).
 */
export async function serverHistoryCost(rounds: number, steps = 200) {
  const report = [10, steps];
  const out = [];
  for (const mode of MODES) {
    const runs: Awaited<ReturnType<typeof run>>[] = [];
    const count = mode.startsWith("suffix") ? rounds : Math.min(rounds, 3);
    for (let i = 0; i < Math.max(1, count); i++) runs.push(await run(mode, steps, report));
    const first = runs[0] ?? [];
    out.push({
      mode,
      steps: first.map((row, k) => {
        const times = runs.map((r) => r[k]?.ms ?? 0).sort((a, b) => a - b);
        return { step: row.step, bytes: row.bytes, ms: times[Math.floor(times.length / 2)] ?? 0 };
      }),
    });
  }
  return out;
}
