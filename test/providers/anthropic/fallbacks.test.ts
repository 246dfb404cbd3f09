import { describe, expect, it } from "vitest";
import { APIError, ConfigError } from "../../../src/core/errors.js";
import type { Delta, Message, Part } from "../../../src/core/types.js";
import { resolveConfig } from "../../../src/platforms/anthropic/config.js";
import { messagesHeaders } from "../../../src/wires/messages/headers.js";
import { buildRequest } from "../../../src/wires/messages/request.js";
import { parseResponse } from "../../../src/wires/messages/response.js";
import { createStreamState } from "../../../src/wires/messages/stream.js";
import { runCassette } from "../../contract/table.js";
import { answer } from "./answer.js";

// Wire facts (synthesized, not recorded): the `fallbacks` field and its beta, `stop_reason:
// "refusal"` with `stop_details` { type, category, explanation }, from
// https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback and
// https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons.
const base = { apiKey: "sk-ant-test", model: "claude-sonnet-4-5", maxTokens: 1024 };
const REFUSAL = { type: "refusal", category: "cyber", explanation: "Declined by a classifier." };
/** A fallback block's `trigger`, required on the response block (the SDK's BetaFallbackBlock). */
const TRIGGER = { type: "refusal", category: "cyber" };
const FALLBACK_BLOCK_51 = {
  type: "fallback",
  from: { model: "claude-fable-5-1" },
  to: { model: "claude-opus-5-5" },
  trigger: TRIGGER,
};
const FALLBACK_BLOCK = {
  type: "fallback",
  from: { model: "claude-fable-5" },
  to: { model: "claude-opus-5" },
  trigger: TRIGGER,
};

describe("anthropic fallbacks option", () => {
  it.each([
    ["an empty list", []],
    ["a bare string", "claude-opus-5"],
    ["an entry without a model", [{}]],
    ["an empty model", [{ model: "" }]],
    ["an entry with a field the API does not take", [{ model: "claude-opus-5", temperature: 1 }]],
    ["an object", { model: "claude-opus-5" }],
    ["an entry with a name only objects have", [{ model: "claude-opus-5", toString: "x" }]],
    ["max_tokens that is not a positive integer", [{ model: "claude-opus-5", max_tokens: 0 }]],
    ["an unknown speed", [{ model: "claude-opus-5", speed: "turbo" }]],
    ["thinking that is not an object", [{ model: "claude-opus-5", thinking: "adaptive" }]],
    ["thinking of an unknown type", [{ model: "claude-opus-5", thinking: { type: "on" } }]],
    ["output_config that is not an object", [{ model: "claude-opus-5", output_config: "low" }]],
    [
      "an output_config field the API does not take",
      [{ model: "claude-opus-5", output_config: { verbosity: "low" } }],
    ],
    ["an unknown effort", [{ model: "claude-opus-5", output_config: { effort: "extreme" } }]],
  ])("refuses %s with a ConfigError", (_, fallbacks) => {
    const config = { ...base, fallbacks } as unknown as Parameters<typeof resolveConfig>[0];
    expect(() => resolveConfig(config, {})).toThrow(ConfigError);
    expect(() => resolveConfig(config, {})).toThrow(/`fallbacks`/);
  });

  // The refusals-and-fallback page: "The beta header must carry exactly the date 2026-07-01,
  // which supports both "default" and the explicit-list form, or 2026-06-01, which accepts
  // only the explicit-list form"; the per-entry overrides' rules "apply with the
  // server-side-fallback-2026-07-01 beta header" (the SDK's BetaFallbackParam, 1.17.0).
  it.each([
    ["default", "default" as const],
    ["a list of models", [{ model: "claude-opus-5" }, { model: "claude-sonnet-5-5" }]],
  ])("sends %s as `fallbacks` under server-side-fallback-2026-07-01", (_, fallbacks) => {
    const cfg = resolveConfig({ ...base, fallbacks }, {});
    expect(buildRequest({ messages: [{ role: "user", content: "hi" }] }, cfg, false)).toMatchObject(
      { fallbacks },
    );
    expect(messagesHeaders(cfg)["anthropic-beta"]).toBe("server-side-fallback-2026-07-01");
  });

  it("sends an entry's overrides (max_tokens, thinking, output_config, speed) as given, null included", () => {
    const fallbacks = [
      {
        model: "claude-opus-5-5",
        max_tokens: 4096,
        thinking: { type: "adaptive" as const, display: "omitted" as const },
        output_config: { effort: "high" as const, format: null, task_budget: null },
        speed: "fast" as const,
      },
      { model: "claude-sonnet-5-5", thinking: { type: "between_tools" as const }, speed: null },
      { model: "claude-opus-4-8", max_tokens: null, thinking: null, output_config: null },
    ];
    const cfg = resolveConfig({ ...base, fallbacks }, {});
    const body = buildRequest({ messages: [{ role: "user", content: "hi" }] }, cfg, false);
    expect(body.fallbacks).toEqual(fallbacks);
    expect(messagesHeaders(cfg)["anthropic-beta"]).toBe("server-side-fallback-2026-07-01");
  });

  it("joins the beta with the caller's own and sends neither field nor beta without the option", () => {
    const withCaller = resolveConfig(
      { ...base, fallbacks: "default", headers: { "anthropic-beta": "x" } },
      {},
    );
    expect(messagesHeaders(withCaller)["anthropic-beta"]).toBe("x,server-side-fallback-2026-07-01");
    const plain = resolveConfig(base, {});
    expect(
      buildRequest({ messages: [{ role: "user", content: "hi" }] }, plain, false),
    ).not.toHaveProperty("fallbacks");
    expect(messagesHeaders(plain)).not.toHaveProperty("anthropic-beta");
  });
});

const rec = (data: Record<string, unknown>) => ({
  event: data.type as string,
  data: JSON.stringify(data),
});

function streamed(delta: Record<string, unknown>, blocks: unknown[] = []) {
  const machine = createStreamState((f) => new APIError(f), "req_1");
  const deltas: Delta[] = [];
  const events = [
    rec({
      type: "message_start",
      message: answer([], null, {
        id: "m",
        model: "c",
        usage: { input_tokens: 3, output_tokens: 0 },
      }),
    }),
    ...blocks.flatMap((content_block, index) => [
      rec({ type: "content_block_start", index, content_block }),
      rec({ type: "content_block_stop", index }),
    ]),
    rec({ type: "message_delta", delta, usage: { output_tokens: 1 } }),
    rec({ type: "message_stop" }),
  ];
  for (const e of events) deltas.push(...machine.push(e));
  return machine.finish();
}

describe("anthropic refusals and fallback blocks", () => {
  const json = (extra: object, content: unknown[] = []) =>
    parseResponse({
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-fable-5",
      content,
      usage: { input_tokens: 3, output_tokens: 1 },
      ...extra,
    });

  it("keeps stop_reason refusal and its stop_details as sent, JSON and stream", () => {
    const r = json({ stop_reason: "refusal", stop_details: REFUSAL });
    expect(r.stopReason).toBe("refusal");
    expect(r.stopDetails).toEqual(REFUSAL);
    const s = streamed({ stop_reason: "refusal", stop_details: REFUSAL });
    expect(s.stopReason).toBe("refusal");
    expect(s.stopDetails).toEqual(REFUSAL);
  });

  it("leaves stopDetails out when stop_details is null or absent", () => {
    expect(json({ stop_reason: "end_turn", stop_details: null })).not.toHaveProperty("stopDetails");
    expect(json({ stop_reason: "end_turn" })).not.toHaveProperty("stopDetails");
    expect(streamed({ stop_reason: "end_turn", stop_details: null })).not.toHaveProperty(
      "stopDetails",
    );
  });

  it("keeps a fallback block as a provider part in its place, JSON and stream", () => {
    const content = [FALLBACK_BLOCK, { type: "text", text: "Here is the answer." }];
    const expected = [
      { type: "provider", provider: "anthropic", value: FALLBACK_BLOCK },
      { type: "text", text: "Here is the answer." },
    ];
    expect(json({ stop_reason: "end_turn" }, content).message.content).toEqual(expected);
    const s = streamed({ stop_reason: "end_turn" }, [FALLBACK_BLOCK]);
    expect(s.message.content).toEqual([expected[0]]);
  });

  it("sums a fallback turn's usage iterations and keeps each step", () => {
    const usage = {
      input_tokens: 40,
      output_tokens: 12,
      iterations: [
        { type: "message", input_tokens: 40, output_tokens: 2 },
        { type: "fallback_message", input_tokens: 40, output_tokens: 12 },
      ],
    };
    const r = json({ stop_reason: "end_turn", usage }, [FALLBACK_BLOCK]);
    expect(r.usage).toMatchObject({ inputTokens: 80, outputTokens: 14 });
    expect(r.usage.iterations?.map((i) => i.type)).toEqual(["message", "fallback_message"]);
  });
});

describe("the turn after a server-side fallback (fixtures/anthropic/fallback-turn.json)", () => {
  // The fallback block is the first block of this turn (a decline before any output), so
  // nothing comes before it and the turn goes back whole, in order.
  it("sends the fallback turn back as it came: the fallback block in place, then the answer", async () => {
    const r = await runCassette("anthropic", "fallback-turn");
    expect(r.error).toBeUndefined();
    const answered = r.cassette.interactions[0]?.response.body as { content: unknown[] };
    const next = r.fetch.requests[1]?.body as { messages: { role: string; content: unknown }[] };
    expect(next.messages[1]).toEqual({ role: "assistant", content: answered.content });
    expect(next.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(r.turns[0]?.response?.message.content).toMatchObject([
      { type: "provider", provider: "anthropic", value: FALLBACK_BLOCK_51 },
      { type: "thinking" },
      { type: "text" },
    ]);
  });

  it("keeps each usage step's model, typed, as the SDK's iteration types carry it", async () => {
    const r = await runCassette("anthropic", "fallback-turn");
    expect(r.turns[0]?.response?.usage.iterations).toEqual([
      {
        type: "message",
        model: "claude-fable-5-1",
        inputTokens: 40,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      },
      {
        type: "fallback_message",
        model: "claude-opus-5-5",
        inputTokens: 40,
        outputTokens: 60,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      },
    ]);
  });
});

/**
 * What goes back after a fallback boundary: the refusals-and-fallback page's "Continuing the
 * conversation" table (the `fallback` block kept in place, `text` kept, every block after the
 * turn's final `fallback` block kept; before it, `thinking`, `redacted_thinking`,
 * `connector_text` and client `tool_use` dropped, a `server_tool_use` kept only with its
 * result), and the SDK's BetaFallbackBlockParam (1.17.0): "no tool_result is sent for a
 * tool_use block you left out"; thinking on both sides of a boundary whose block is left out
 * is "rejected". A `fallback` block itself parses only under the server-side fallback beta, so
 * a request without `fallbacks` leaves it out (as the SDK's refusal-fallback middleware does).
 */
describe("the turn after a server-side fallback, with and without fallbacks", () => {
  const think = (text: string): Part => ({
    type: "thinking",
    text,
    signature: `sig-${text}`,
    provider: "anthropic",
  });
  const fb = (to: string): Part => ({
    type: "provider",
    provider: "anthropic",
    value: {
      type: "fallback",
      from: { model: "claude-fable-5" },
      to: { model: to },
      trigger: TRIGGER,
    },
  });
  const other = (value: Record<string, unknown>): Part => ({
    type: "provider",
    provider: "anthropic",
    value,
  });
  const text = (t: string): Part => ({ type: "text", text: t });
  const call: Part = { type: "tool-call", id: "toolu_A", name: "weather", arguments: "{}" };
  const search = other({
    type: "server_tool_use",
    id: "srvtoolu_1",
    name: "web_search",
    input: {},
  });
  const searched = other({
    type: "web_search_tool_result",
    tool_use_id: "srvtoolu_1",
    content: [],
  });
  const unpaired = other({
    type: "server_tool_use",
    id: "srvtoolu_2",
    name: "web_search",
    input: {},
  });
  const connector = other({ type: "connector_text", text: "Looking it up." });

  /** The wire content of the assistant turn: each block by type, text and thinking by their text. */
  function sent(turn: Part[], fallbacks: boolean): string[] {
    const cfg = resolveConfig({ ...base, ...(fallbacks && { fallbacks: "default" as const }) }, {});
    const history: Message[] = [
      { role: "user", content: "How do locks work?" },
      { role: "assistant", content: turn },
      { role: "user", content: "And how do they resist picking?" },
    ];
    const body = buildRequest({ messages: history }, cfg, false);
    const blocks = (body.messages[1]?.content ?? []) as Record<string, unknown>[];
    return blocks.map((b) => {
      if (b.type === "text") return `text:${b.text}`;
      if (b.type === "thinking") return `thinking:${b.thinking}`;
      if (b.type === "fallback") return `fallback:${(b.to as { model: string }).model}`;
      if (b.type === "server_tool_use") return `server_tool_use:${b.id}`;
      return String(b.type);
    });
  }

  it.each<[string, Part[], string[], string[]]>([
    [
      "thinking on both sides of the boundary: the declined model's thinking is dropped",
      [think("A"), fb("claude-opus-5"), think("B"), text("answer")],
      ["fallback:claude-opus-5", "thinking:B", "text:answer"],
      ["thinking:B", "text:answer"],
    ],
    [
      "the declined model's text is kept, its thinking dropped",
      [think("A"), text("partial"), fb("claude-opus-5"), think("B"), text("answer")],
      ["text:partial", "fallback:claude-opus-5", "thinking:B", "text:answer"],
      ["text:partial", "thinking:B", "text:answer"],
    ],
    [
      "redacted thinking and connector text before the boundary are dropped",
      [
        { type: "thinking", redacted: "opaque", provider: "anthropic" },
        connector,
        text("partial"),
        fb("claude-opus-5"),
        text("answer"),
      ],
      ["text:partial", "fallback:claude-opus-5", "text:answer"],
      ["text:partial", "text:answer"],
    ],
    [
      "a server tool use is kept with its result and dropped without one",
      [search, searched, unpaired, fb("claude-opus-5"), text("answer")],
      [
        "server_tool_use:srvtoolu_1",
        "web_search_tool_result",
        "fallback:claude-opus-5",
        "text:answer",
      ],
      ["server_tool_use:srvtoolu_1", "web_search_tool_result", "text:answer"],
    ],
    [
      "two hops: every fallback block stays, and only what precedes the final one is dropped",
      [
        fb("claude-opus-5"),
        think("B"),
        text("second"),
        fb("claude-opus-4-8"),
        think("C"),
        text("answer"),
      ],
      [
        "fallback:claude-opus-5",
        "text:second",
        "fallback:claude-opus-4-8",
        "thinking:C",
        "text:answer",
      ],
      ["text:second", "thinking:C", "text:answer"],
    ],
    [
      "after the final boundary every block is kept, thinking included",
      [fb("claude-opus-5"), think("B"), text("one"), think("C"), text("two")],
      ["fallback:claude-opus-5", "thinking:B", "text:one", "thinking:C", "text:two"],
      ["thinking:B", "text:one", "thinking:C", "text:two"],
    ],
    [
      "a turn without a fallback block goes back whole",
      [think("A"), text("answer")],
      ["thinking:A", "text:answer"],
      ["thinking:A", "text:answer"],
    ],
  ])("%s", (_, turn, withFallbacks, without) => {
    expect(sent(turn, true)).toEqual(withFallbacks);
    expect(sent(turn, false)).toEqual(without);
  });

  it("drops a client tool call before the boundary and the tool result sent for it", () => {
    const history: Message[] = [
      { role: "user", content: "Weather in Oslo?" },
      { role: "assistant", content: [call, fb("claude-opus-5"), text("It is cold.")] },
      { role: "tool", toolCallId: "toolu_A", content: "-3 C" },
      { role: "user", content: "And tomorrow?" },
    ];
    for (const fallbacks of [true, false]) {
      const cfg = resolveConfig(
        { ...base, ...(fallbacks && { fallbacks: "default" as const }) },
        {},
      );
      const body = buildRequest({ messages: history }, cfg, false);
      const types = body.messages.map((m) => [m.role, ...m.content.map((b) => b.type)].join(" "));
      expect(types).toEqual([
        "user text",
        fallbacks ? "assistant fallback text" : "assistant text",
        "user text",
      ]);
    }
  });

  it("leaves out a turn that held only the block when the request has no fallbacks", () => {
    const only: Message[] = [
      { role: "user", content: "How do locks work?" },
      { role: "assistant", content: [fb("claude-opus-5")] },
      { role: "user", content: "And how do they resist picking?" },
    ];
    const body = buildRequest({ messages: only }, resolveConfig(base, {}), false);
    expect(body.messages.map((m) => m.role)).toEqual(["user"]);
  });
});
