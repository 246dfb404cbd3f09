/**
 * The late-2026 Claude rules through the public `create()`: each refusal is a row that sends
 * nothing, each allowed neighbour a row whose request goes out with the field on the wire.
 * Version detection reads the parsed family and version, so ids with dates, Bedrock prefixes
 * and Vertex suffixes are the same model, and a model no row knows is sent as asked.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import type { Message, ModelRequest } from "../../src/core/types.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";

const DOCS = "https://platform.claude.com/docs/en/models";
const hi: Message[] = [{ role: "user", content: "Hi" }];
const prefill: Message[] = [...hi, { role: "assistant", content: "Sure:" }];

/** One generate() call answered with a 400; the error and the body sent, if any. */
async function call(
  provider: Provider,
  config: Record<string, unknown>,
  req: Partial<ModelRequest> = {},
) {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const base = provider === "anthropic" ? { maxTokens: 4096 } : {};
  const result = (async () => {
    const model = await createModel(provider, { ...base, maxRetries: 0, ...config }, fetch);
    return model.generate({ messages: hi, ...req });
  })();
  const error = await result.catch((e: unknown) => e);
  const body = calls[0] ? (JSON.parse(calls[0].body) as Record<string, unknown>) : undefined;
  return { error, body, calls };
}

type Refusal = [name: string, Provider, Record<string, unknown>, Partial<ModelRequest>, string];

const REFUSALS: Refusal[] = [
  [
    "Fable 5 refuses sampling",
    "anthropic",
    { model: "claude-fable-5" },
    { temperature: 0.5 },
    `anthropic: \`temperature\` is not accepted by claude-fable-5 (${DOCS}/fable-5/migration-guide, 2026-12-01)`,
  ],
  [
    "Mythos 5 refuses a thinking budget",
    "anthropic",
    { model: "claude-mythos-5", thinking: { budgetTokens: 2048 } },
    {},
    `anthropic: \`thinking.budgetTokens\` is not accepted by claude-mythos-5; its thinking types are adaptive (${DOCS}/fable-5/migration-guide, 2026-12-01)`,
  ],
  [
    "Fable 5.2 on Bedrock refuses topP",
    "bedrock",
    { model: "us.anthropic.claude-fable-5-2-v1:0" },
    { topP: 0.9 },
    `bedrock: \`topP\` is not accepted by us.anthropic.claude-fable-5-2-v1:0 (${DOCS}/fable-5-2/whats-new-fable-5-2, 2026-12-01)`,
  ],
  // Fable 5.2 and Mythos 5.2 (released 2026-11-09): "adaptive thinking is always on"; their
  // four breaking changes from 5.1 leave sampling and forced tool choice as on 5.1.
  ...(["claude-fable-5-2", "claude-mythos-5-2"] as const).flatMap((model): Refusal[] => [
    [
      `${model} thinks always: disabled is refused`,
      "anthropic",
      { model, thinking: { disabled: true } },
      {},
      `anthropic: \`thinking.disabled\` is not accepted by ${model}; its thinking types are adaptive (${DOCS}/fable-5-2/whats-new-fable-5-2, 2026-12-01)`,
    ],
    [
      `${model} refuses a forced tool choice`,
      "anthropic",
      { model },
      { tools: [WEATHER], toolChoice: { name: "get_weather" } },
      `anthropic: a forced \`toolChoice\` ("required" or { name }) is not accepted by ${model} (${DOCS}/fable-5-2/whats-new-fable-5-2, 2026-12-01)`,
    ],
  ]),
  [
    "Opus 5.5 thinks always: disabled is refused",
    "anthropic",
    { model: "claude-opus-5-5", thinking: { disabled: true } },
    {},
    `anthropic: \`thinking.disabled\` is not accepted by claude-opus-5-5; its thinking types are adaptive (${DOCS}/opus-5-5/whats-new-opus-5-5, 2026-12-01)`,
  ],
  [
    "Fable 5.1 (dated id) thinks always",
    "anthropic",
    { model: "claude-fable-5-1-20261020", thinking: { disabled: true } },
    {},
    `anthropic: \`thinking.disabled\` is not accepted by claude-fable-5-1-20261020; its thinking types are adaptive (${DOCS}/opus-5-5/whats-new-opus-5-5, 2026-12-01)`,
  ],
  [
    "Sonnet 5.5: disabled is a 400, between_tools is its off switch",
    "anthropic",
    { model: "claude-sonnet-5-5", thinking: { disabled: true } },
    {},
    `anthropic: \`thinking.disabled\` is not accepted by claude-sonnet-5-5; its thinking types are adaptive, between_tools (${DOCS}/sonnet-5-5/migration-guide, 2026-12-01)`,
  ],
  [
    "Sonnet 5.5: between_tools at effort xhigh",
    "anthropic",
    { model: "claude-sonnet-5-5", thinking: { betweenTools: true }, effort: "xhigh" },
    {},
    `anthropic: \`thinking.betweenTools\` is not accepted by claude-sonnet-5-5 at effort "xhigh"; use low, medium, high (${DOCS}/sonnet-5-5/migration-guide, 2026-12-01)`,
  ],
  [
    "Opus 5 takes thinking disabled only at effort high or below",
    "anthropic",
    { model: "claude-opus-5", thinking: { disabled: true }, effort: "max" },
    {},
    'anthropic: `thinking.disabled` is not accepted by claude-opus-5 at effort "max"; use low, medium, high (https://platform.claude.com/docs/en/about-claude/models/whats-new-opus-5, 2026-12-01)',
  ],
  [
    "Opus 5.5 refuses between_tools",
    "anthropic",
    { model: "claude-opus-5-5", thinking: { betweenTools: true } },
    {},
    `anthropic: \`thinking.betweenTools\` is not accepted by claude-opus-5-5; its thinking types are adaptive (${DOCS}/opus-5-5/whats-new-opus-5-5, 2026-12-01)`,
  ],
  ...(["claude-opus-5-5", "claude-fable-5-1", "claude-sonnet-5-5"] as const).map(
    (model): Refusal => [
      `${model} refuses a forced tool choice even without thinking configured`,
      "anthropic",
      { model },
      { tools: [WEATHER], toolChoice: { name: "get_weather" } },
      `anthropic: a forced \`toolChoice\` ("required" or { name }) is not accepted by ${model} (${DOCS}/${model === "claude-sonnet-5-5" ? "sonnet-5-5/migration-guide" : "opus-5-5/whats-new-opus-5-5"}, 2026-12-01)`,
    ],
  ),
  [
    "Haiku 5.5 refuses non-default sampling",
    "anthropic",
    { model: "claude-haiku-5-5" },
    { topK: 5 },
    `anthropic: \`topK\` is not accepted by claude-haiku-5-5 (${DOCS}/haiku-5-5/migration-guide, 2026-12-01)`,
  ],
  [
    "anthropic-version 2026-10-21 refuses temperature on any model",
    "anthropic",
    { model: "claude-sonnet-4-5", anthropicVersion: "2026-10-21" },
    { temperature: 0.2 },
    "anthropic: `temperature` is not accepted (anthropic-version 2026-10-21 removed it)",
  ],
  [
    "anthropic-version 2026-10-21 refuses temperature even at its default, 1",
    "anthropic",
    { model: "claude-sonnet-4-5", anthropicVersion: "2026-10-21" },
    { temperature: 1 },
    "anthropic: `temperature` is not accepted (anthropic-version 2026-10-21 removed it)",
  ],
  [
    "anthropic-version 2026-10-21 refuses topK set at create()",
    "anthropic",
    { model: "claude-haiku-4-5", anthropicVersion: "2026-10-21", topK: 40 },
    {},
    "anthropic: `topK` is not accepted (anthropic-version 2026-10-21 removed it)",
  ],
  [
    "anthropic-version 2026-10-21 refuses top_p sent through extraBody",
    "anthropic",
    { model: "claude-haiku-4-5", anthropicVersion: "2026-10-21" },
    { extraBody: { top_p: 1 } },
    "anthropic: `topP` is not accepted (anthropic-version 2026-10-21 removed it)",
  ],
  [
    "an unknown anthropicVersion",
    "anthropic",
    { model: "claude-sonnet-4-5", anthropicVersion: "2025-01-01" },
    {},
    'anthropic: `anthropicVersion` must be one of 2023-06-01, 2026-10-21, got "2025-01-01"',
  ],
];

describe("Claude rules refuse before the request", () => {
  it.each(REFUSALS)("%s", async (_name, provider, config, req, message) => {
    const { error, calls } = await call(provider, config, req);
    expect(calls).toHaveLength(0);
    expect(error).toEqual(new ConfigError(message));
  });

  it.each([
    ["claude-haiku-5-5", "models/haiku-5-5/migration-guide"],
    ["claude-sonnet-5-5", "models/sonnet-5-5/migration-guide"],
    ["claude-opus-4-6", "about-claude/models/whats-new-claude-4-6#prefill-removal"],
    ["claude-sonnet-4-6", "about-claude/models/whats-new-claude-4-6#prefill-removal"],
  ])(
    "%s refuses an assistant prefill: a HistoryError naming the last message",
    async (model, page) => {
      const { error, calls } = await call("anthropic", { model }, { messages: prefill });
      expect(calls).toHaveLength(0);
      expect(error).toBeInstanceOf(HistoryError);
      expect(error).toMatchObject({ index: 1 });
      expect((error as Error).message).toBe(
        `messages[1]: anthropic: ${model} does not continue an assistant message (no prefill); end with a user message (https://platform.claude.com/docs/en/${page}, 2026-12-01)`,
      );
    },
  );

  it.each([
    ["a document block in an assistant message", "assistant", { type: "document" }],
    [
      "user text with citations",
      "user",
      { type: "text", text: "x", citations: [{ type: "char_location" }] },
    ],
  ])(
    "anthropic-version 2026-10-21 refuses %s, even through extraBody",
    async (what, role, block) => {
      const messages = [
        { role: "user", content: [{ type: "text", text: "Hi" }] },
        ...(role === "assistant" ? [{ role, content: [block] }] : []),
        ...(role === "user" ? [{ role, content: [block] }] : []),
      ];
      const { error, calls } = await call(
        "anthropic",
        { model: "claude-sonnet-4-5", anthropicVersion: "2026-10-21" },
        { extraBody: { messages } },
      );
      expect(calls).toHaveLength(0);
      expect(error).toBeInstanceOf(HistoryError);
      expect((error as Error).message).toContain(`anthropic-version 2026-10-21 refuses ${what}`);
    },
  );
});

type Allowed = [name: string, Provider, Record<string, unknown>, Partial<ModelRequest>, object];

const ALLOWED: Allowed[] = [
  [
    "Sonnet 5.5 takes between_tools at effort high",
    "anthropic",
    { model: "claude-sonnet-5-5", thinking: { betweenTools: true }, effort: "high" },
    {},
    { thinking: { type: "between_tools" }, output_config: { effort: "high" } },
  ],
  [
    "Opus 5 (before 5.5) still takes thinking disabled",
    "anthropic",
    { model: "claude-opus-5", thinking: { disabled: true } },
    {},
    { thinking: { type: "disabled" } },
  ],
  [
    "Opus 5 takes thinking disabled at effort high",
    "anthropic",
    { model: "claude-opus-5", thinking: { disabled: true }, effort: "high" },
    {},
    { thinking: { type: "disabled" }, output_config: { effort: "high" } },
  ],
  [
    "Opus 5 takes effort max with adaptive thinking",
    "anthropic",
    { model: "claude-opus-5", thinking: { adaptive: true }, effort: "max" },
    {},
    { thinking: { type: "adaptive" }, output_config: { effort: "max" } },
  ],
  [
    "Sonnet 5.5 takes a history that ends with the user's turn after an assistant turn",
    "anthropic",
    { model: "claude-sonnet-5-5" },
    { messages: [...prefill, { role: "user", content: "Go on." }] },
    { messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }] },
  ],
  [
    "Opus 5.5 takes adaptive thinking",
    "anthropic",
    { model: "claude-opus-5-5", thinking: { adaptive: true } },
    {},
    { thinking: { type: "adaptive" } },
  ],
  [
    "Sonnet 5 (before 5.5) takes a forced tool choice",
    "anthropic",
    { model: "claude-sonnet-5" },
    { tools: [WEATHER], toolChoice: "required" },
    { tool_choice: { type: "any" } },
  ],
  [
    "Sonnet 4 takes sampling (claude-sonnet-4-20250514 is 4.0, not 4.20)",
    "anthropic",
    { model: "claude-sonnet-4-20250514" },
    { temperature: 0.3 },
    { temperature: 0.3 },
  ],
  [
    "anthropic-version 2023-06-01 (the default) takes temperature 1",
    "anthropic",
    { model: "claude-sonnet-4-5" },
    { temperature: 1 },
    { temperature: 1 },
  ],
  [
    "anthropic-version 2026-10-21 takes a user document and user text with empty citations",
    "anthropic",
    { model: "claude-sonnet-4-5", anthropicVersion: "2026-10-21" },
    {
      extraBody: {
        messages: [
          {
            role: "user",
            content: [
              { type: "document", source: { type: "text", media_type: "text/plain", data: "x" } },
              { type: "text", text: "Sum it up.", citations: [] },
            ],
          },
        ],
      },
    },
    { messages: [{ role: "user", content: [{ type: "document" }, { citations: [] }] }] },
  ],
  [
    "Sonnet 4.6 takes sampling (its row refuses only a prefill)",
    "anthropic",
    { model: "claude-sonnet-4-6" },
    { messages: hi, temperature: 0.5, topP: 0.9 },
    { temperature: 0.5, top_p: 0.9 },
  ],
  [
    "Opus 4.6 takes a history ending with a user message after a prefill was answered",
    "anthropic",
    { model: "claude-opus-4-6" },
    { messages: [...prefill, { role: "user", content: "Go on." }] },
    { messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }] },
  ],
  [
    "Haiku 4.5 takes a prefill",
    "anthropic",
    { model: "claude-haiku-4-5" },
    { messages: prefill },
    { messages: [{ role: "user" }, { role: "assistant" }] },
  ],
  [
    "an unknown Claude (Opus 6) is sent as asked",
    "anthropic",
    { model: "claude-opus-6", thinking: { disabled: true } },
    { temperature: 0.5, tools: [WEATHER], toolChoice: "required" },
    { thinking: { type: "disabled" }, temperature: 0.5, tool_choice: { type: "any" } },
  ],
  [
    "Mythos 5.1 takes adaptive thinking at effort max",
    "anthropic",
    { model: "claude-mythos-5-1", thinking: { adaptive: true }, effort: "max" },
    {},
    { thinking: { type: "adaptive" }, output_config: { effort: "max" } },
  ],
  [
    "Haiku 5.5 on Bedrock takes adaptive thinking",
    "bedrock",
    { model: "global.anthropic.claude-haiku-5-5", thinking: { adaptive: true } },
    {},
    { additionalModelRequestFields: { thinking: { type: "adaptive" } } },
  ],
];

describe("Claude rules allow what the provider allows", () => {
  it.each(ALLOWED)("%s", async (_name, provider, config, req, wire) => {
    const { body, calls } = await call(provider, config, req);
    expect(calls).toHaveLength(1);
    expect(body).toMatchObject(wire);
  });

  it("anthropicVersion is the header sent", async () => {
    const { calls } = await call("anthropic", {
      model: "claude-sonnet-5-5",
      anthropicVersion: "2026-10-21",
    });
    expect(calls[0]?.headers.get("anthropic-version")).toBe("2026-10-21");
    const old = await call("anthropic", { model: "claude-sonnet-5-5" });
    expect(old.calls[0]?.headers.get("anthropic-version")).toBe("2023-06-01");
  });
});
