/**
 * The Messages API betas typed in @anthropic-ai/sdk 1.17.0 (resources/beta/messages): each
 * option or block as it goes on the wire, and its beta header only when the body uses it.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/anthropic/config.js";
import { create } from "../../../src/platforms/anthropic/index.js";
import { messagesWire } from "../../../src/wires/messages/call.js";
import { parseModelInfo } from "../../../src/wires/messages/models.js";
import { buildRequest } from "../../../src/wires/messages/request.js";
import { jsonResponse, scriptedFetch, sseEvents } from "../../helpers/fetch.js";
import { answer } from "./answer.js";
import { COMPACTION } from "./blocks.js";

/** prefixCheck off: the binding's own field and beta are another test's (prefix-guard). */
const base = {
  apiKey: "sk-ant-test",
  model: "claude-fable-5-2",
  maxTokens: 4096,
  prefixCheck: "off",
} as const;
const ASK: ModelRequest = { messages: [{ role: "user", content: "Plan day three." }] };

/** The body and the `anthropic-beta` header golem sends for `config` and `req`. */
function sent(config: Partial<Config>, req: ModelRequest = ASK) {
  const resolved = resolveConfig({ ...base, ...config } as Config, {});
  const wire = messagesWire(resolved, "anthropic");
  const body = wire.body(req, false) as Record<string, unknown>;
  return { body, beta: wire.headers?.(body)?.["anthropic-beta"] };
}

describe("Anthropic options of SDK 1.17.0: body field and beta header", () => {
  it.each([
    {
      name: "thinking.display updates (BetaThinkingConfigAdaptive.display)",
      config: { thinking: { adaptive: true, display: "updates" } } as const,
      field: ["thinking", { type: "adaptive", display: "updates" }],
      beta: "thinking-display-updates-2026-08-18",
    },
    {
      name: "thinking.display summarized, no beta",
      config: { thinking: { adaptive: true, display: "summarized" } } as const,
      field: ["thinking", { type: "adaptive", display: "summarized" }],
      beta: undefined,
    },
    {
      name: "speed fast (MessageCreateParams.speed)",
      config: { speed: "fast" } as const,
      field: ["speed", "fast"],
      beta: "fast-mode-2026-02-01",
    },
    {
      name: "speed standard, no beta",
      config: { speed: "standard" } as const,
      field: ["speed", "standard"],
      beta: undefined,
    },
    {
      name: "inferenceGeo (MessageCreateParams.inference_geo), no beta",
      config: { inferenceGeo: "us" },
      field: ["inference_geo", "us"],
      beta: undefined,
    },
    {
      name: "compaction summarize (BetaCompactionConfig)",
      config: { compaction: { type: "summarize", instructions: "Keep the bookings." } } as const,
      field: ["compaction", { type: "summarize", instructions: "Keep the bookings." }],
      beta: "compact-2026-09-04",
    },
  ])("$name", ({ config, field, beta }) => {
    const { body, beta: header } = sent(config as Partial<Config>);
    expect(body[field[0] as string]).toEqual(field[1]);
    expect(header).toBe(beta);
  });

  it("sends none of these fields or betas when no option asks for them", () => {
    const { body, beta } = sent({});
    for (const key of ["speed", "inference_geo", "compaction"])
      expect(body).not.toHaveProperty(key);
    expect(beta).toBeUndefined();
  });

  it.each([
    ["an unknown thinking.display", { thinking: { adaptive: true, display: "full" } }, /display/],
    ["an unknown speed", { speed: "turbo" }, /`speed`/],
    ["an empty inferenceGeo", { inferenceGeo: "" }, /`inferenceGeo`/],
    ["an inferenceGeo that is not a string", { inferenceGeo: 1 }, /`inferenceGeo`/],
    ["a compaction of another type", { compaction: { type: "auto" } }, /`compaction`/],
    ["a compaction without a type", { compaction: {} }, /`compaction`/],
    [
      "compaction instructions that are not a string",
      { compaction: { type: "summarize", instructions: 3 } },
      /`compaction`/,
    ],
    ["a compaction key the API does not take", { compaction: { type: "summarize", x: 1 } }, /x/],
    [
      "compaction with contextManagement (the API: cannot be combined)",
      {
        compaction: { type: "summarize" },
        contextManagement: { edits: [{ type: "compact_20260112" }] },
      },
      /contextManagement/,
    ],
  ])("refuses %s with a ConfigError before any request", (_, config, message) => {
    const full = { ...base, ...config } as unknown as Config;
    expect(() => resolveConfig(full, {})).toThrow(ConfigError);
    expect(() => resolveConfig(full, {})).toThrow(message);
  });
});

describe("a compaction block of compact-2026-09-04", () => {
  it("comes back as a part and goes back byte for byte, signature and tool_changes, with its beta", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, answer([COMPACTION], "compaction")),
      jsonResponse(200, answer([{ type: "text", text: "Booked." }])),
    ]);
    const model = create({ ...base, compaction: { type: "summarize" }, fetch });
    const first = await model.generate(ASK);
    const later = create({ ...base, fetch });
    await later.generate({
      messages: [first.message, { role: "user", content: "Book dinner." }],
    });
    const body = JSON.parse(calls[1]?.body ?? "{}");
    expect(JSON.stringify(body.messages[0].content[0])).toBe(JSON.stringify(COMPACTION));
    expect(calls[1]?.headers.get("anthropic-beta")).toBe("compact-2026-09-04");
  });

  it("streamed (signature and tool_changes in content_block_start, the summary in a compaction_delta), it goes back the same", async () => {
    const { content, ...start } = COMPACTION;
    const sse = sseEvents(
      {
        type: "message_start",
        message: { ...answer([], "compaction"), content: [], stop_reason: null },
      },
      { type: "content_block_start", index: 0, content_block: { ...start, content: null } },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "compaction_delta", content, encrypted_content: null },
      },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "compaction" }, usage: { output_tokens: 40 } },
      { type: "message_stop" },
    ).join("");
    const { fetch, calls } = scriptedFetch([
      () => new Response(sse, { headers: { "content-type": "text/event-stream" } }),
      jsonResponse(200, answer([{ type: "text", text: "Booked." }])),
    ]);
    const model = create({ ...base, compaction: { type: "summarize" }, fetch });
    const first = await model.stream(ASK).response;
    await create({ ...base, fetch }).generate({
      messages: [first.message, { role: "user", content: "Book dinner." }],
    });
    const body = JSON.parse(calls[1]?.body ?? "{}");
    expect(body.messages[0].content[0]).toEqual(COMPACTION);
  });

  it("an unsigned compaction block of compact_20260112 goes back without the new beta", () => {
    const old = { type: "compaction", content: "Summary.", encrypted_content: null };
    const history: Message[] = [
      { role: "assistant", content: [{ type: "provider", provider: "anthropic", value: old }] },
      { role: "user", content: "Go on." },
    ];
    const { beta } = sent({}, { messages: history });
    expect(beta).toBeUndefined();
  });
});

describe("clear_at on a mid-conversation system message (mid-conversation-system-clear-at-2026-08-21)", () => {
  const asked = (clearAt: unknown, text = "Answer in French for this turn."): ModelRequest => ({
    messages: [
      { role: "user", content: "Plan day three." },
      { role: "system", content: text, update: { clearAt } as never },
    ],
  });

  it.each(["next_user_message", "never"])(
    "sends update.clearAt %s as the message's clear_at, with the beta",
    (clearAt) => {
      const { body, beta } = sent({}, asked(clearAt));
      expect((body.messages as unknown[])[1]).toEqual({
        role: "system",
        content: [{ type: "text", text: "Answer in French for this turn." }],
        clear_at: clearAt,
      });
      expect(beta).toBe("mid-conversation-system-clear-at-2026-08-21");
    },
  );

  it("refuses a clearAt the API does not take with a HistoryError naming the message", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = create({ ...base, fetch });
    await expect(model.generate(asked("later"))).rejects.toThrow(HistoryError);
    await expect(model.generate(asked("later"))).rejects.toThrow(/clearAt/);
    expect(calls).toHaveLength(0);
  });

  it("refuses clearAt on a model without mid-conversation system messages (it would be hoisted for good)", () => {
    const cfg = {
      model: "claude-sonnet-4-6",
      settings: { maxTokens: 1024 },
      thinking: undefined,
      effort: undefined,
    };
    expect(() => buildRequest(asked("next_user_message"), cfg, false)).toThrow(HistoryError);
  });

  it("refuses a clearAt message next to another system message (their text would share it)", () => {
    const req: ModelRequest = {
      messages: [
        { role: "user", content: "Plan day three." },
        { role: "system", content: "Be brief." },
        { role: "system", content: "French, this turn.", update: { clearAt: "next_user_message" } },
      ],
    };
    expect(() => sent({}, req)).toThrow(HistoryError);
  });
});

describe("the models API's lifecycle (ModelInfo.lifecycle, retires_at)", () => {
  const info = (fields: Record<string, unknown>) =>
    parseModelInfo({ id: "claude-fable-5", type: "model", ...fields }, "claude-fable-5");

  it.each([
    [{ lifecycle: "active", retires_at: null }, { lifecycle: "active" }],
    [
      { lifecycle: "deprecated", retires_at: "2027-03-01T00:00:00Z" },
      { lifecycle: "deprecated", retiresAt: "2027-03-01T00:00:00Z" },
    ],
    [
      { lifecycle: "retired", retires_at: "2026-11-01T00:00:00Z" },
      { lifecycle: "retired", retiresAt: "2026-11-01T00:00:00Z" },
    ],
  ])("reads %j onto the capabilities", (wire, read) => {
    const caps = info(wire);
    expect({ lifecycle: caps.lifecycle, retiresAt: caps.retiresAt }).toEqual({
      retiresAt: undefined,
      ...read,
    });
  });

  it("leaves lifecycle out when the answer has none or one it does not know", () => {
    expect(info({})).not.toHaveProperty("lifecycle");
    expect(info({ lifecycle: "sunset" })).not.toHaveProperty("lifecycle");
  });

  it("refuses a retired model with a ConfigError before any request", () => {
    const capabilities = info({ lifecycle: "retired", retires_at: "2026-11-01T00:00:00Z" });
    const config = { ...base, model: "claude-fable-5", capabilities };
    expect(() => resolveConfig(config, {})).toThrow(ConfigError);
    expect(() => resolveConfig(config, {})).toThrow(/retired \(2026-11-01T00:00:00Z\)/);
  });

  it("takes a deprecated model, its retirement date on the capabilities", () => {
    const capabilities = info({ lifecycle: "deprecated", retires_at: "2027-03-01T00:00:00Z" });
    expect(() =>
      resolveConfig({ ...base, model: "claude-fable-5", capabilities }, {}),
    ).not.toThrow();
  });
});
