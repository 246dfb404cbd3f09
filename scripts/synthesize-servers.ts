/**
 * Writes the server cassettes, fixtures/openai/<server>/thinking-tool-loop[-stream].json, from
 * the cases of scripts/scenarios/servers.ts: what each server's docs say it answers (reasoning
 * in a field or between tags) and what they say goes back (which turns, which field, which
 * switches). The requests are written from that reading, not by golem, so the contract rows
 * that replay them check golem's requests against the docs. Texts, ids and usage are made up.
 *
 *   npm run synthesize-servers -- [--check]
 *
 * --check compares with the committed files and exits 1 when one differs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Cassette, CassetteInteraction } from "../src/testing/index.js";
import { SERVER_CASES, SERVER_LOOP, type ServerCase } from "./scenarios/servers.js";
import { WEATHER } from "./scenarios/tool-loop.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "openai");
const CHECKED = "2026-12-06";

/** One answer of the loop: its reasoning, its text, its call. */
interface Answer {
  reasoning: string;
  text: string;
  call?: { id: string; location: string };
  usage: [prompt: number, completion: number, reasoning: number];
}

/** The three answers, the same on every server but for the call ids. */
const answers = (c: ServerCase): Answer[] => [
  {
    reasoning:
      "The user wants the current weather in Florence, Italy. The weather tool takes a location, so I will call it with Florence, Italy.",
    text: "",
    call: { id: callId(c, 0), location: "Florence, Italy" },
    usage: [182, 61, 38],
  },
  {
    reasoning: "The tool says 40 C in Florence. That is very hot; I will report it plainly.",
    text: "It is 40 C in Florence right now: very hot, so stay in the shade.",
    usage: [251, 44, 19],
  },
  {
    reasoning: "Now Rome. Same tool, location Rome, Italy.",
    text: "",
    call: { id: callId(c, 1), location: "Rome, Italy" },
    usage: [290, 35, 12],
  },
];

/** A call id in the server's own style (as its docs and captures show them). */
function callId(c: ServerCase, n: number): string {
  const ids: Partial<Record<ServerCase["server"], string>> = {
    deepseek: `call_0${n}_Kq7mWf2Rz9XbLt4Hy6Vd1Na${n}`,
    moonshot: `functions.weather:${n}`,
    fireworks: `call_8f2kW1x9Qm3Lr7Tz5Hb${n}`,
    openrouter: `call_or_41c7e2d9b8a6${n}`,
    lmstudio: `31416259${n}`,
  };
  return ids[c.server] ?? `call_${c.server}_${String(n).padStart(2, "0")}`;
}

/** The content an answer is written as: the text, with the reasoning in tags first where it goes there. */
const contentOf = (c: ServerCase, a: Answer): string | null =>
  c.arrives === "tags"
    ? `<think>\n${a.reasoning}\n</think>\n\n${a.text}`
    : a.text === ""
      ? null
      : a.text;

/** The reasoning_details entry OpenRouter sends for a reasoning text (no signature: Kimi). */
const detail = (text: string) => ({ type: "reasoning.text", text, format: "unknown", index: 0 });

/** The assistant message of a non-streamed answer. */
function message(c: ServerCase, a: Answer): Record<string, unknown> {
  const m: Record<string, unknown> = { role: "assistant", content: contentOf(c, a) };
  if (c.arrives === "reasoning_details") {
    m.reasoning = a.reasoning;
    m.reasoning_details = [detail(a.reasoning)];
  } else if (c.arrives !== "tags") m[c.arrives] = a.reasoning;
  if (a.call) m.tool_calls = [wireCall(a.call)];
  return m;
}

const wireCall = (call: NonNullable<Answer["call"]>) => ({
  id: call.id,
  type: "function",
  function: { name: "weather", arguments: JSON.stringify({ location: call.location }) },
});

const usage = ([prompt, completion, reasoning]: Answer["usage"]) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  completion_tokens_details: { reasoning_tokens: reasoning },
});

const idOf = (c: ServerCase, n: number) =>
  `chatcmpl-${c.server}-${CHECKED.replaceAll("-", "")}-${n + 1}`;
const created = (n: number) => 1796000000 + n * 7;
const finish = (a: Answer) => (a.call ? "tool_calls" : "stop");

/**
 * The assistant message as the next request carries it, by the docs' rule: text (the tags
 * left out) as content, the call, and the reasoning in the server's field where the rule says
 * it goes back; OpenRouter's reasoning_details go back always, and alone.
 */
function replayed(c: ServerCase, a: Answer): Record<string, unknown> {
  // After the tags the answer's text starts with the blank line the model wrote.
  const text = c.arrives === "tags" ? `\n\n${a.text}` : a.text;
  const m: Record<string, unknown> = { role: "assistant", content: text === "" ? null : text };
  if (a.call) m.tool_calls = [wireCall(a.call)];
  if (c.arrives === "reasoning_details") m.reasoning_details = [detail(a.reasoning)];
  else if (c.replay === "always" || (c.replay === "tool-calls" && a.call)) m[c.form] = a.reasoning;
  return m;
}

/** The request body of turn `n` (0-based). */
function requestBody(c: ServerCase, n: number, stream: boolean): Record<string, unknown> {
  const [first, second] = answers(c) as [Answer, Answer, Answer];
  const messages: Record<string, unknown>[] = [
    { role: "system", content: SERVER_LOOP.system },
    { role: "user", content: SERVER_LOOP.first },
  ];
  if (n >= 1) {
    messages.push(replayed(c, first), {
      role: "tool",
      tool_call_id: first.call?.id,
      content: "40 C",
    });
  }
  if (n >= 2) messages.push(replayed(c, second), { role: "user", content: SERVER_LOOP.next });
  return {
    messages,
    model: c.config.model,
    tools: [{ type: "function", function: WEATHER }],
    ...c.fields,
    ...(stream && { stream: true, stream_options: { include_usage: true } }),
  };
}

/** A non-streamed answer. */
function completion(c: ServerCase, a: Answer, n: number) {
  return {
    id: idOf(c, n),
    object: "chat.completion",
    created: created(n),
    model: c.config.model,
    choices: [{ index: 0, message: message(c, a), finish_reason: finish(a) }],
    usage: usage(a.usage),
  };
}

/** `text` in pieces of `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * A streamed answer, one SSE event a chunk: the role, the reasoning in pieces (in its field, or
 * as content with the tags cut mid-way), the text, the call's name then its arguments in two
 * fragments, the finish, the usage, `[DONE]`.
 */
function chunks(c: ServerCase, a: Answer, n: number): string[] {
  const base = {
    id: idOf(c, n),
    object: "chat.completion.chunk",
    created: created(n),
    model: c.config.model,
  };
  const event = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  const out = [event({ role: "assistant", content: "" })];
  if (c.arrives === "tags") {
    // 5 characters a chunk cuts both tags (`<think`, `>\n…`, `</thi`, `nk>`).
    for (const p of pieces(contentOf(c, a) ?? "", 5)) out.push(event({ content: p }));
  } else {
    for (const p of pieces(a.reasoning, 24)) {
      out.push(
        event(
          c.arrives === "reasoning_details"
            ? { reasoning: p, reasoning_details: [detail(p)] }
            : { [c.arrives]: p },
        ),
      );
    }
    for (const p of pieces(a.text, 16)) out.push(event({ content: p }));
  }
  if (a.call) {
    const args = JSON.stringify({ location: a.call.location });
    const half = Math.floor(args.length / 2);
    out.push(
      event({
        tool_calls: [
          {
            index: 0,
            id: a.call.id,
            type: "function",
            function: { name: "weather", arguments: "" },
          },
        ],
      }),
      event({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }),
      event({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }),
    );
  }
  out.push(event({}, finish(a)));
  out.push(`data: ${JSON.stringify({ ...base, choices: [], usage: usage(a.usage) })}\n\n`);
  out.push("data: [DONE]\n\n");
  return out;
}

/** The cassette of one case. */
export function serverCassette(c: ServerCase, stream: boolean): Cassette {
  const scenario = `${c.server}/thinking-tool-loop${stream ? "-stream" : ""}`;
  const interactions: CassetteInteraction[] = answers(c).map((a, n) => ({
    request: {
      method: "POST",
      url: `${c.config.baseURL}/chat/completions`,
      headers: { "content-type": "application/json", authorization: "<redacted>" },
      body: requestBody(c, n, stream),
    },
    response: stream
      ? { status: 200, headers: { "content-type": "text/event-stream" }, chunks: chunks(c, a, n) }
      : { status: 200, headers: { "content-type": "application/json" }, body: completion(c, a, n) },
  }));
  return {
    scenario,
    provider: "openai",
    streaming: stream,
    source:
      `synthesized from ${c.server}'s docs (${c.doc}, read ${CHECKED}): ${c.says}. ` +
      `golem is created with only ${Object.keys(c.config).join(", ")}. The requests are written ` +
      "by scripts/synthesize-servers.ts from that reading, not by golem; texts, ids and usage " +
      `are made up, never sent to the server. scripts/scenarios/servers.ts has the capture ` +
      `scenario (${scenario}) to record it live.`,
    interactions,
  };
}

/** Every server cassette, by its path under fixtures/openai/. */
export function serverCassettes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of SERVER_CASES) {
    for (const stream of [false, true]) {
      const cassette = serverCassette(c, stream);
      out.set(`${cassette.scenario}.json`, `${JSON.stringify(cassette, null, 2)}\n`);
    }
  }
  return out;
}

/** Why import-reference does not build them (scripts/import/skipped.ts). */
export const SERVER_CASSETTE_NOTES: Readonly<Record<string, string>> = Object.fromEntries(
  SERVER_CASES.flatMap((c) => [
    [
      `openai/${c.server}/thinking-tool-loop.json`,
      `synthesized from ${c.doc} by scripts/synthesize-servers.ts`,
    ],
    [
      `openai/${c.server}/thinking-tool-loop-stream.json`,
      `synthesized from ${c.doc} by scripts/synthesize-servers.ts, as an SSE stream`,
    ],
  ]),
);

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { check: { type: "boolean", default: false } },
  });
  const differ: string[] = [];
  for (const [path, text] of serverCassettes()) {
    const file = join(FIXTURES, path);
    if (values.check) {
      if (!existsSync(file) || readFileSync(file, "utf8") !== text) differ.push(path);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote fixtures/openai/${path}`);
  }
  for (const path of differ)
    console.error(`fixtures/openai/${path} differs from what the cases say`);
  return differ.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
