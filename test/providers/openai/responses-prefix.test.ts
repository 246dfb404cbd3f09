import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../../src/core/history.js";
import type { Message, ModelRequest, Part, ToolSpec } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/openai/index.js";
import { inputKinds, runCassette } from "../../contract/table.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";
import { stubTool, TWO_TOOLS } from "../../helpers/tools.js";

// GPT-6.2 and later drop reasoning after a prefix change (keep-prefix-unchanged guide).
const MODEL = "gpt-6.2";
const tool = stubTool;
const TOOLS = TWO_TOOLS;

const answer = (output: unknown[], extra: Record<string, unknown> = {}) => ({
  id: "resp",
  object: "response",
  status: "completed",
  model: MODEL,
  output,
  usage: { input_tokens: 10, output_tokens: 5 },
  ...extra,
});
const reasoning = (id: string, text: string) => ({
  type: "reasoning",
  id,
  summary: [{ type: "summary_text", text }],
  encrypted_content: `enc-${id}`,
});
const TURN_1 = answer([
  reasoning("rs_1", "Need the weather."),
  { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Oslo"}' },
]);
const TURN_2 = answer([
  reasoning("rs_2", "It is cold."),
  { type: "message", role: "assistant", content: [{ type: "output_text", text: "Cold." }] },
]);
const DONE = answer([
  { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] },
]);

function modelAnswering(bodies: unknown[], options: Record<string, unknown> = {}) {
  const { fetch, calls } = scriptedFetch(bodies.map((b) => jsonResponse(200, b)));
  const model = create({ apiKey: "k", model: MODEL, api: "responses", fetch, ...options });
  return { model, calls };
}

async function conversation(model = MODEL): Promise<Message[]> {
  const { model: m } = modelAnswering([TURN_1, TURN_2], { model });
  const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
  const first = await m.generate({ system: "Be terse.", tools: TOOLS, messages: history });
  history.push(first.message, { role: "tool", toolCallId: "call_1", content: "-3 C" });
  const second = await m.generate({ system: "Be terse.", tools: TOOLS, messages: history });
  history.push(second.message, { role: "user", content: "And tomorrow?" });
  return history;
}

const edits: [string, (r: ModelRequest) => ModelRequest, number, string][] = [
  ["a tool added", (r) => ({ ...r, tools: [...TOOLS, tool("news")] }), 1, "tools[2]"],
  ["the tools reordered", (r) => ({ ...r, tools: [...TOOLS].reverse() }), 1, "tools[0]"],
  [
    "the output schema changed",
    (r) => ({ ...r, output: { schema: { type: "object" }, name: "answer" } }),
    1,
    "text.format",
  ],
  [
    "an earlier message edited",
    (r) => ({ ...r, messages: [{ role: "user", content: "Bergen?" }, ...r.messages.slice(1)] }),
    0,
    "messages.0",
  ],
  [
    "a reasoning item removed",
    (r) => ({
      ...r,
      messages: r.messages.map((m, i) =>
        i === 1 ? { ...m, content: (m.content as Part[]).slice(1) } : m,
      ),
    }),
    1,
    "messages.1.content.0",
  ],
];

describe("Responses prefix check", () => {
  it("records each turn's prefix over the input items", async () => {
    const history = await conversation();
    // Input items: the prompt, turn 1's reasoning and call, the call's output.
    expect(history[3]?.prefix).toMatchObject({ wire: "openai-responses", count: 4, from: 1 });
  });

  it("sends an unchanged prefix, a late system message in its place, new instructions as asked", async () => {
    const history = await conversation();
    history.push({ role: "system", content: "Answer in French." });
    const { model, calls } = modelAnswering([DONE]);
    // From GPT-6.2 on, `instructions` follow the input and are no part of the prefix.
    await model.generate({ system: "Be brief.", tools: TOOLS, messages: history });
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.input.at(-1)).toEqual({ role: "system", content: "Answer in French." });
    expect(body.instructions).toBe("Be brief.");
  });

  for (const viaJSON of [false, true]) {
    for (const [name, edit, index, path] of edits) {
      it(`refuses ${name} before any request${viaJSON ? " (after JSON)" : ""}`, async () => {
        const history = await conversation();
        const messages = viaJSON ? parseHistory(serializeHistory(history)) : history;
        const req = edit({ system: "Be terse.", tools: TOOLS, messages });
        const { model, calls } = modelAnswering([DONE]);
        const err = await model.generate(req).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(HistoryError);
        expect(err).toMatchObject({ index, path });
        expect(calls).toHaveLength(0);
      });
    }
  }

  it("counts instructions in the prefix before GPT-6.2, when asked to check", async () => {
    const history = await conversation("gpt-5.4");
    const { model, calls } = modelAnswering([DONE], { model: "gpt-5.4", prefixCheck: "error" });
    const err = await model
      .generate({ system: "Be verbose.", tools: TOOLS, messages: history })
      .catch((e: unknown) => e);
    // gpt-5.4 does not bind by default, so its turns carry no record: nothing to compare.
    expect(err).not.toBeInstanceOf(Error);
    expect(calls).toHaveLength(1);
  });

  it('"drop" removes the invalidated reasoning items and reports them', async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([DONE], { prefixCheck: "drop" });
    const r = await model.generate({ tools: [TOOLS[0] as ToolSpec], messages: history });
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.input.map((i: { type?: string }) => i.type)).not.toContain("reasoning");
    expect(r.inputTransformations?.map((t) => [t.by, t.index, t.path])).toEqual([
      ["golem", 1, "messages.1.content.0"],
      ["golem", 3, "messages.3.content.0"],
    ]);
  });

  it("reads the reasoning items the API reports it dropped", async () => {
    const dropped = answer(DONE.output, {
      input_transformations: [
        { type: "reasoning", action: "removed", id: "rs_1", reason: "prefix_mismatch" },
      ],
    });
    const { model } = modelAnswering([dropped], { prefixCheck: "off" });
    const r = await model.generate({ messages: [{ role: "user", content: "hi" }] });
    expect(r.inputTransformations).toEqual([
      {
        action: "dropped",
        by: "provider",
        reason: "prefix_mismatch",
        id: "rs_1",
        raw: { type: "reasoning", action: "removed", id: "rs_1", reason: "prefix_mismatch" },
      },
    ]);
  });

  it("refuses prefixCheck on Chat Completions, which binds nothing", () => {
    expect(() => create({ apiKey: "k", model: MODEL, prefixCheck: "error" })).toThrow(
      /prefixCheck needs api: "responses"/,
    );
  });
});

/** A first turn's items: the prompt, the reasoning, the call and its output. */
const TOOL_TURN = ["user", "reasoning", "function_call", "function_call_output"];

/** The append-only cassettes: what the last request holds, and each turn's prefix length. */
const PREFIX_CASSETTES = [
  {
    file: "responses-preserved-reasoning-loop",
    does: "keeps the late instruction in place, reads the dropped item",
    kinds: [...TOOL_TURN, "system", "reasoning", "message", "user"],
    counts: [1, 5, 8],
    dropped: "rs_PR1",
  },
  {
    // gpt-6.2: prefixCheck "error" by default.
    file: "responses-append-only-updates",
    does: "passes the prefix check with the update items in place",
    kinds: [
      ...TOOL_TURN,
      "developer",
      "additional_tools",
      "configuration_update",
      ...TOOL_TURN.slice(1),
    ],
    counts: [1, 7, 10],
  },
];

describe.each(PREFIX_CASSETTES)("the $file cassette", (c) => {
  it(`${c.does}, and records each turn`, async () => {
    const r = await runCassette("openai", c.file);
    expect(r.error).toBeUndefined();
    expect(inputKinds(r, 2)).toEqual(c.kinds);
    expect(r.turns.map((t) => t.response?.message.prefix?.count)).toEqual(c.counts);
    if (c.dropped) {
      expect(r.turns[2]?.response?.inputTransformations).toMatchObject([
        { action: "dropped", by: "provider", reason: "prefix_mismatch", id: c.dropped },
      ]);
    }
  });
});
