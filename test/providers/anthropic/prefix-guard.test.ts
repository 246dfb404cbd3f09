import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../../src/core/history.js";
import type { Message, ModelRequest, Part, ToolSpec } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/anthropic/index.js";
import { runCassette } from "../../contract/table.js";
import { jsonResponse, scriptedFetch, sseEvents } from "../../helpers/fetch.js";
import { stubTool, TWO_TOOLS } from "../../helpers/tools.js";
import { answer } from "./answer.js";

// A model that binds thinking to its prefix (preserved thinking's supportedModels).
const MODEL = "claude-opus-5-5";
const SYSTEM = "You are terse.";
const tool = stubTool;
const TOOLS = TWO_TOOLS;

const TURN_1 = answer(
  [
    { type: "thinking", thinking: "Need the weather.", signature: "sig-1" },
    { type: "tool_use", id: "call_1", name: "weather", input: { city: "Oslo" } },
  ],
  "tool_use",
);
const TURN_2 = answer([
  { type: "thinking", thinking: "It is cold.", signature: "sig-2" },
  { type: "text", text: "Cold." },
]);

/** A model whose every call answers `body`, and the calls it saw. */
function modelAnswering(bodies: unknown[], prefixCheck?: "error" | "drop" | "off") {
  const { fetch, calls } = scriptedFetch(bodies.map((b) => jsonResponse(200, b)));
  const model = create({
    apiKey: "k",
    model: MODEL,
    maxTokens: 4096,
    fetch,
    ...(prefixCheck ? { prefixCheck } : {}),
  });
  return { model, calls };
}

/** A two-step tool conversation run for real, so its assistant turns carry their records. */
async function conversation(): Promise<Message[]> {
  const { model } = modelAnswering([TURN_1, TURN_2]);
  const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
  const first = await model.generate({ system: SYSTEM, tools: TOOLS, messages: history });
  history.push(first.message, { role: "tool", toolCallId: "call_1", content: "-3 C" });
  const second = await model.generate({ system: SYSTEM, tools: TOOLS, messages: history });
  history.push(second.message, { role: "user", content: "And tomorrow?" });
  return history;
}

const withPart = (m: Message, edit: (parts: Part[]) => Part[]): Message => ({
  ...m,
  content: edit([...(m.content as Part[])]),
});

interface Edit {
  name: string;
  edit(req: ModelRequest): ModelRequest;
  index: number;
  path: string;
}

const replace = (req: ModelRequest, i: number, m: Message) => ({
  ...req,
  messages: req.messages.map((x, j) => (j === i ? m : x)),
});

const EDITS: Edit[] = [
  {
    name: "the system prompt changed",
    edit: (r) => ({ ...r, system: "Be verbose." }),
    index: 1,
    path: "system",
  },
  {
    name: "a tool added",
    edit: (r) => ({ ...r, tools: [...TOOLS, tool("news")] }),
    index: 1,
    path: "tools[2]",
  },
  {
    name: "a tool removed",
    edit: (r) => ({ ...r, tools: [TOOLS[0] as ToolSpec] }),
    index: 1,
    path: "tools[1]",
  },
  {
    name: "the tools reordered",
    edit: (r) => ({ ...r, tools: [...TOOLS].reverse() }),
    index: 1,
    path: "tools[0]",
  },
  {
    name: "an earlier user message edited",
    edit: (r) => replace(r, 0, { role: "user", content: "Weather in Bergen?" }),
    index: 0,
    path: "messages.0.content.0",
  },
  {
    name: "an earlier tool result edited",
    edit: (r) => replace(r, 2, { role: "tool", toolCallId: "call_1", content: "-30 C" }),
    index: 2,
    path: "messages.2.content.0",
  },
  {
    name: "a thinking block removed from an earlier turn",
    edit: (r) =>
      replace(
        r,
        1,
        withPart(r.messages[1] as Message, (p) => p.slice(1)),
      ),
    index: 1,
    path: "messages.1.content.0",
  },
  {
    name: "a thinking block removed from the latest turn",
    edit: (r) =>
      replace(
        r,
        3,
        withPart(r.messages[3] as Message, (p) => p.slice(1)),
      ),
    index: 3,
    path: "messages.3.content.0",
  },
  {
    name: "a thinking block moved",
    edit: (r) =>
      replace(
        r,
        3,
        withPart(r.messages[3] as Message, (p) => p.reverse()),
      ),
    index: 3,
    path: "messages.3.content.0",
  },
  {
    name: "a system message inserted before a turn",
    edit: (r) => ({
      ...r,
      messages: [
        ...r.messages.slice(0, 3),
        { role: "system", content: "Use Celsius." },
        ...r.messages.slice(3),
      ],
    }),
    index: 3,
    path: "messages.3.content.0",
  },
];

const roundTrip = (req: ModelRequest): ModelRequest => ({
  ...req,
  messages: parseHistory(serializeHistory(req.messages)),
});

describe("anthropic prefix check (preserved thinking)", () => {
  it("records the prefix a turn was produced under on the message, and keeps it through JSON", async () => {
    const history = await conversation();
    const turn = history[3] as Message;
    expect(turn.prefix).toMatchObject({ wire: "anthropic", count: 3, from: 1 });
    expect(turn.prefix?.steps).toHaveLength(2);
    expect(turn.prefix?.tools).toHaveLength(2);
    expect(parseHistory(serializeHistory(history))).toEqual(history);
  });

  it("sends an unchanged prefix, with the binding control and its beta header", async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([answer([{ type: "text", text: "Colder." }])]);
    await model.generate({ system: SYSTEM, tools: TOOLS, messages: history });
    expect(calls).toHaveLength(1);
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.thinking).toEqual({
      type: "adaptive",
      block_binding: { prefix_mismatch_behavior: "error" },
    });
    expect(calls[0]?.headers.get("anthropic-beta")).toBe("thinking-binding-controls-2026-08-01");
  });

  it("lets a cache marker move: markers are not part of the prefix", async () => {
    const history = await conversation();
    const marked = history.map((m, i) => (i === 0 ? { ...m, cache: true } : m));
    const { model, calls } = modelAnswering([answer([{ type: "text", text: "ok" }])]);
    await model.generate({ system: SYSTEM, tools: TOOLS, messages: marked });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain("cache_control");
  });

  it("keeps a late system message in its place, so the earlier prefix stays as it was", async () => {
    const history = await conversation();
    history.push({ role: "system", content: "From now on answer in French." });
    const { model, calls } = modelAnswering([answer([{ type: "text", text: "Froid." }])]);
    await model.generate({ system: SYSTEM, tools: TOOLS, messages: history });
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.system).toEqual([{ type: "text", text: SYSTEM }]);
    expect(body.messages.at(-1)).toEqual({
      role: "system",
      content: [{ type: "text", text: "From now on answer in French." }],
    });
  });

  for (const viaJSON of [false, true]) {
    for (const { name, edit, index, path } of EDITS) {
      it(`refuses ${name} before any request${viaJSON ? " (after a serialize/parse round trip)" : ""}`, async () => {
        const history = await conversation();
        const base: ModelRequest = { system: SYSTEM, tools: TOOLS, messages: history };
        const req = edit(viaJSON ? roundTrip(base) : base);
        const { model, calls } = modelAnswering([answer([{ type: "text", text: "x" }])]);
        const err = await model.generate(req).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(HistoryError);
        expect(err).toMatchObject({ index, path });
        expect((err as Error).message).toContain(path);
        // The reason Anthropic would give (BetaThinkingDroppedInputTransformation.reason).
        expect((err as Error).message).toContain("prefix_binding_mismatch");
        expect(calls).toHaveLength(0);
        // The stream refuses it the same way, before any request.
        await expect(model.stream(req).response).rejects.toMatchObject({ index, path });
        expect(calls).toHaveLength(0);
      });
    }
  }

  it('"drop" leaves the invalidated thinking out and reports it', async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([answer([{ type: "text", text: "x" }])], "drop");
    const r = await model.generate({ system: "Be verbose.", tools: TOOLS, messages: history });
    const body = JSON.parse(calls[0]?.body ?? "{}");
    const types = body.messages.flatMap((m: { content: { type: string }[] }) =>
      m.content.map((b) => b.type),
    );
    expect(types).not.toContain("thinking");
    expect(body.thinking.block_binding).toEqual({ prefix_mismatch_behavior: "drop_block" });
    expect(r.inputTransformations).toEqual([
      {
        action: "dropped",
        by: "golem",
        reason: "prefix_mismatch",
        index: 1,
        path: "messages.1.content.0",
      },
      {
        action: "dropped",
        by: "golem",
        reason: "prefix_mismatch",
        index: 3,
        path: "messages.3.content.0",
      },
    ]);
  });

  it('"off" sends a changed prefix as asked', async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([answer([{ type: "text", text: "x" }])], "off");
    await model.generate({ system: "Be verbose.", tools: TOOLS, messages: history });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.body ?? "{}").thinking).toBeUndefined();
  });

  it("is off by default on a model that does not bind, and records nothing", async () => {
    const { fetch } = scriptedFetch([jsonResponse(200, TURN_1)]);
    const model = create({ apiKey: "k", model: "claude-sonnet-4-6", maxTokens: 4096, fetch });
    const r = await model.generate({ messages: [{ role: "user", content: "hi" }] });
    expect(r.message.prefix).toBeUndefined();
  });
});

describe("a provider's input transformations name the history message", () => {
  // The API's `path` is `messages.{i}.content.{j}` of the request as sent (the SDK's
  // BetaThinkingDroppedInputTransformation); golem adds the history `index` it came from. A
  // leading system message is hoisted to the top-level `system`, so wire message 1 is
  // history message 2 here.
  const history: Message[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: "Weather in Oslo?" },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "Stored elsewhere.", signature: "c2ln", provider: "anthropic" },
        { type: "text", text: "Cold." },
      ],
    },
    { role: "user", content: "And tomorrow?" },
  ];
  const reported = {
    ...answer([{ type: "text", text: "Colder." }]),
    input_transformations: [
      { type: "thinking_dropped", path: "messages.1.content.0", reason: "prefix_binding_mismatch" },
      {
        type: "thinking_mismatch_allowed",
        path: "messages.9.content.0",
        reason: "prefix_binding_mismatch",
      },
    ],
  };

  /** The same answer streamed: `input_transformations` rides `message_start`'s message. */
  const streamed = () =>
    new Response(
      sseEvents(
        { type: "message_start", message: { ...reported, content: [], stop_reason: null } },
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Colder." } },
        { type: "content_block_stop", index: 0 },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 5 } },
        { type: "message_stop" },
      ).join(""),
      { status: 200, headers: { "content-type": "text/event-stream" } },
    );

  it.each(["error", "drop", "off"] as const)(
    "with prefixCheck %s, generate and stream alike",
    async (prefixCheck) => {
      const { fetch } = scriptedFetch([jsonResponse(200, reported), streamed]);
      const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch, prefixCheck });
      const generated = await model.generate({ messages: history });
      const stream = await model.stream({ messages: history }).response;
      for (const r of [generated, stream]) {
        expect(r.inputTransformations?.map((t) => [t.path, t.index])).toEqual([
          ["messages.1.content.0", 2],
          // A path the request does not have names no history message.
          ["messages.9.content.0", undefined],
        ]);
      }
    },
  );
});

describe("anthropic prefix cassettes", () => {
  it("drop-block: asks the API to drop what golem cannot check, and reports what it dropped", async () => {
    const r = await runCassette("anthropic", "drop-block");
    expect(r.error).toBeUndefined();
    const sent = r.fetch.requests[0]?.body as { thinking?: unknown };
    expect(sent.thinking).toEqual({
      type: "adaptive",
      block_binding: { prefix_mismatch_behavior: "drop_block" },
    });
    // Anthropic's reasons (the SDK's BetaThinkingDroppedInputTransformation, 1.17.0):
    // prefix_binding_mismatch, model_binding_mismatch, organization_binding_mismatch,
    // end_user_binding_mismatch.
    const raw = {
      type: "thinking_dropped",
      path: "messages.1.content.0",
      reason: "prefix_binding_mismatch",
    };
    expect(r.turns[0]?.response?.inputTransformations).toEqual([
      {
        action: "dropped",
        by: "provider",
        reason: "prefix_binding_mismatch",
        path: "messages.1.content.0",
        index: 1,
        raw,
      },
    ]);
  });

  it("preserved-thinking-loop: the late instruction goes in place and each turn is recorded", async () => {
    const r = await runCassette("anthropic", "preserved-thinking-loop");
    expect(r.error).toBeUndefined();
    const last = r.fetch.requests[2]?.body as { messages: { role: string }[] };
    expect(last.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "system",
      "assistant",
      "user",
    ]);
    expect(r.turns.map((t) => t.response?.message.prefix?.count)).toEqual([1, 4, 6]);
  });
});
