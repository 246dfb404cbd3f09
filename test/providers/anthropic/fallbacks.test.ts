import { describe, expect, it } from "vitest";
import { APIError, ConfigError } from "../../../src/core/errors.js";
import type { Delta, Message } from "../../../src/core/types.js";
import { resolveConfig } from "../../../src/platforms/anthropic/config.js";
import { requestHeaders } from "../../../src/platforms/anthropic/platform.js";
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
const FALLBACK_BLOCK_51 = {
  type: "fallback",
  from: { model: "claude-fable-5-1" },
  to: { model: "claude-opus-5-5" },
};
const FALLBACK_BLOCK = {
  type: "fallback",
  from: { model: "claude-fable-5" },
  to: { model: "claude-opus-5" },
};

describe("anthropic fallbacks option", () => {
  it.each([
    ["an empty list", []],
    ["a bare string", "claude-opus-5"],
    ["an entry without a model", [{}]],
    ["an empty model", [{ model: "" }]],
    ["an entry with another field", [{ model: "claude-opus-5", max_tokens: 10 }]],
    ["an object", { model: "claude-opus-5" }],
  ])("refuses %s with a ConfigError", (_, fallbacks) => {
    const config = { ...base, fallbacks } as unknown as Parameters<typeof resolveConfig>[0];
    expect(() => resolveConfig(config, {})).toThrow(ConfigError);
    expect(() => resolveConfig(config, {})).toThrow(/`fallbacks` must be/);
  });

  // The refusals-and-fallback page: a list under server-side-fallback-2026-06-01 (its example),
  // "default" under server-side-fallback-2026-07-01; each form is refused with the other beta.
  it.each([
    ["default", "default" as const, "server-side-fallback-2026-07-01"],
    [
      "a list of models",
      [{ model: "claude-opus-5" }, { model: "claude-sonnet-5-5" }],
      "server-side-fallback-2026-06-01",
    ],
  ])("sends %s as `fallbacks` with the beta of its form", (_, fallbacks, beta) => {
    const cfg = resolveConfig({ ...base, fallbacks }, {});
    expect(buildRequest({ messages: [{ role: "user", content: "hi" }] }, cfg, false)).toMatchObject(
      { fallbacks },
    );
    expect(requestHeaders(cfg)["anthropic-beta"]).toBe(beta);
  });

  it("joins the beta with the caller's own and sends neither field nor beta without the option", () => {
    const withCaller = resolveConfig(
      { ...base, fallbacks: "default", headers: { "anthropic-beta": "x" } },
      {},
    );
    expect(requestHeaders(withCaller)["anthropic-beta"]).toBe("x,server-side-fallback-2026-07-01");
    const plain = resolveConfig(base, {});
    expect(
      buildRequest({ messages: [{ role: "user", content: "hi" }] }, plain, false),
    ).not.toHaveProperty("fallbacks");
    expect(requestHeaders(plain)).not.toHaveProperty("anthropic-beta");
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
  // What the refusals-and-fallback page says goes back after a fallback boundary could not be
  // read from its stored copy (docs/adr/0029-fallback-replay-and-responses-updates.md): until
  // it is, the fallback turn goes back whole and in order, as every other assistant turn does.
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
});

describe("a fallback block in history goes back only under the fallbacks beta", () => {
  // It parses only under the server-side fallback beta; the TypeScript SDK's refusal-fallback
  // middleware strips it from requests without that beta for the same reason (a 400 otherwise).
  const history: Message[] = [
    { role: "user", content: "How do locks work?" },
    {
      role: "assistant",
      content: [
        { type: "provider", provider: "anthropic", value: FALLBACK_BLOCK },
        { type: "text", text: "In general terms, ..." },
      ],
    },
    { role: "user", content: "And how do they resist picking?" },
  ];
  const assistantOf = (cfg: ReturnType<typeof resolveConfig>) =>
    (buildRequest({ messages: history }, cfg, false).messages[1]?.content ?? []) as {
      type: string;
    }[];

  it("keeps the block in its place when the request asks for fallbacks", () => {
    const cfg = resolveConfig({ ...base, fallbacks: "default" }, {});
    expect(assistantOf(cfg).map((b) => b.type)).toEqual(["fallback", "text"]);
  });

  it("leaves it out of a request without fallbacks, the rest of the turn in order", () => {
    const cfg = resolveConfig(base, {});
    expect(assistantOf(cfg).map((b) => b.type)).toEqual(["text"]);
  });

  it("leaves out a turn that held only the block, as an empty turn is left out", () => {
    const only: Message[] = [
      history[0] as Message,
      {
        role: "assistant",
        content: [{ type: "provider", provider: "anthropic", value: FALLBACK_BLOCK }],
      },
      history[2] as Message,
    ];
    const body = buildRequest({ messages: only }, resolveConfig(base, {}), false);
    expect(body.messages.map((m) => m.role)).toEqual(["user"]);
  });
});
