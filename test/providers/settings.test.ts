/**
 * Call settings, tool `strict` and `extraBody` through the public API of every adapter: what
 * reaches the wire (create() defaults, per-call values over them), and every documented rule
 * refused with a ConfigError before any request.
 */
import { describe, expect, it } from "vitest";
import { REPORT_REQUEST } from "../../scripts/scenarios/tool-loop.js";
import { ConfigError } from "../../src/core/errors.js";
import { partsOf, textOf } from "../../src/core/parts.js";
import type { ModelRequest, ToolSpec } from "../../src/core/types.js";
import { AWS_KEYS, createModel, type Provider } from "../contract/adapters.js";
import { runCassette, WEATHER } from "../contract/table.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { aws4fetchHeaders } from "../transport/auth/sigv4-reference.js";

const SONNET = { model: "claude-sonnet-4-5", maxTokens: 4096 };
const CLAUDE_BEDROCK = { model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0" };
const AZURE = { endpoint: "https://r.openai.azure.com", deployment: "d" };
const RESPONSES = { model: "gpt-4.1", api: "responses" };

/** Each adapter (and API) by a name, with a config that asks for nothing else. */
const ADAPTERS: Record<string, [Provider, Record<string, unknown>]> = {
  anthropic: ["anthropic", SONNET],
  bedrock: ["bedrock", CLAUDE_BEDROCK],
  gemini: ["gemini", { model: "gemini-3-pro-preview" }],
  chat: ["openai", { model: "gpt-4.1" }],
  responses: ["openai", RESPONSES],
  "azure chat": ["azure", AZURE],
  "azure responses": ["azure", { ...AZURE, api: "responses" }],
};

const hi: ModelRequest["messages"] = [{ role: "user", content: "Hi" }];

/** One call (`generate`, or `stream`), answered with a 400; what was sent. */
async function send(
  adapter: string,
  config: Record<string, unknown>,
  req: Partial<ModelRequest>,
  streaming = false,
) {
  const [provider, base] = ADAPTERS[adapter] as [Provider, Record<string, unknown>];
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const model = await createModel(provider, { ...base, maxRetries: 0, ...config }, fetch);
  const request = { messages: hi, ...req };
  const error = await (streaming ? model.stream(request).response : model.generate(request)).catch(
    (e: unknown) => e,
  );
  const body = calls[0] ? (JSON.parse(calls[0].body) as Record<string, unknown>) : undefined;
  return { error, body, calls };
}

describe("call settings on the wire", () => {
  // [adapter, create() settings, per-call settings, what the body holds]
  const rows: [string, Record<string, unknown>, Partial<ModelRequest>, object][] = [
    [
      "anthropic",
      { maxTokens: 1000, temperature: 0.5, topK: 40, stopSequences: ["END"] },
      { temperature: 0.25, topP: 0.9 },
      { max_tokens: 1000, temperature: 0.25, top_p: 0.9, top_k: 40, stop_sequences: ["END"] },
    ],
    [
      "bedrock",
      { maxTokens: 1000, temperature: 0.5, stopSequences: ["END"] },
      { maxTokens: 500, topP: 0.9, topK: 40 },
      {
        inferenceConfig: { maxTokens: 500, temperature: 0.5, topP: 0.9, stopSequences: ["END"] },
        additionalModelRequestFields: { top_k: 40 },
      },
    ],
    [
      "gemini",
      { maxTokens: 1000, temperature: 0.5, seed: 7 },
      { topP: 0.9, topK: 40, stopSequences: ["END"] },
      {
        generationConfig: {
          maxOutputTokens: 1000,
          temperature: 0.5,
          topP: 0.9,
          topK: 40,
          stopSequences: ["END"],
          seed: 7,
        },
      },
    ],
    [
      "chat",
      { maxTokens: 1000, seed: 7, temperature: 1 },
      { temperature: 0.25, topP: 0.9, stopSequences: ["END"] },
      { max_completion_tokens: 1000, temperature: 0.25, top_p: 0.9, stop: ["END"], seed: 7 },
    ],
    [
      "responses",
      { maxTokens: 1000, temperature: 0.5 },
      { topP: 0.9 },
      { max_output_tokens: 1000, temperature: 0.5, top_p: 0.9 },
    ],
    [
      "azure chat",
      { maxTokens: 1000 },
      { seed: 3, stopSequences: ["END"] },
      { max_completion_tokens: 1000, stop: ["END"], seed: 3 },
    ],
    [
      "azure responses",
      { maxTokens: 1000 },
      { maxTokens: 200, temperature: 0 },
      { max_output_tokens: 200, temperature: 0 },
    ],
  ];
  it.each(rows)(
    "%s maps each setting to its wire field, a call's over create()'s",
    async (adapter, config, req, wire) => {
      for (const streaming of [false, true]) {
        const { body } = await send(adapter, config, req, streaming);
        expect(body).toMatchObject(wire);
      }
    },
  );
});

describe("settings a provider's rules refuse, before any request", () => {
  const thinking = { thinking: { budgetTokens: 2048 } };
  const adaptive = { thinking: { adaptive: true } };
  // [adapter, create() config, per-call request, the ConfigError's message]
  const rows: [string, Record<string, unknown>, Partial<ModelRequest>, string][] = [
    ["anthropic", {}, { seed: 1 }, "anthropic: `seed` has no Messages API field; leave it out"],
    ["anthropic", {}, { temperature: 1.5 }, "anthropic: `temperature` must be 0..1"],
    [
      "anthropic",
      thinking,
      { temperature: 0.5 },
      "anthropic: `temperature` may only be 1 while thinking is on",
    ],
    ["anthropic", adaptive, { topK: 5 }, "anthropic: `topK` is not accepted while thinking is on"],
    [
      "anthropic",
      adaptive,
      { topP: 0.9 },
      "anthropic: `topP` must be 0.95..1 while thinking is on",
    ],
    [
      "anthropic",
      thinking,
      { maxTokens: 2048 },
      "anthropic: `maxTokens` must be above thinking.budgetTokens (2048)",
    ],
    [
      "anthropic",
      { model: "claude-opus-4-7" },
      { temperature: 1 },
      "anthropic: `temperature` is not accepted by claude-opus-4-7 (https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7, 2026-12-01)",
    ],
    [
      "anthropic",
      thinking,
      { tools: [WEATHER], toolChoice: "required" },
      'anthropic: a forced `toolChoice` ("required" or { name }) is not accepted while thinking is on',
    ],
    ["bedrock", {}, { seed: 1 }, "bedrock: `seed` has no Converse field; leave it out"],
    [
      "bedrock",
      adaptive,
      { tools: [WEATHER], toolChoice: { name: "weather" } },
      'bedrock: a forced `toolChoice` ("required" or { name }) is not accepted while thinking is on',
    ],
    [
      "bedrock",
      { model: "amazon.nova-pro-v1:0" },
      { topK: 5 },
      "bedrock: `topK` is sent for Claude models only; pass the model's own field in `extraBody.additionalModelRequestFields`",
    ],
    [
      "bedrock",
      adaptive,
      { temperature: 0.2 },
      "bedrock: `temperature` may only be 1 while thinking is on",
    ],
    [
      "gemini",
      {},
      { tools: [{ ...WEATHER, strict: true }] },
      "gemini: tool weather: `strict` has no Gemini field",
    ],
    ["gemini", {}, { temperature: 2.5 }, "gemini: `temperature` must be 0..2"],
    ["gemini", {}, { topP: 1.5 }, "gemini: `topP` must be 0..1"],
    ["gemini", {}, { topK: 0 }, "gemini: `topK` must be an integer >= 1"],
    ["gemini", {}, { maxTokens: 1.5 }, "gemini: `maxTokens` must be an integer >= 1"],
    ["gemini", {}, { seed: 0.5 }, "gemini: `seed` must be an integer"],
    [
      "gemini",
      {},
      { stopSequences: "END" as never },
      "gemini: `stopSequences` must be an array of strings",
    ],
    ["gemini", {}, { extraBody: [] as never }, "gemini: `extraBody` must be a plain object"],
    [
      // JSON.parse makes `__proto__` an own key; merged by assignment it would set a prototype
      // and vanish from the body.
      "gemini",
      {},
      { extraBody: { generationConfig: JSON.parse('{"__proto__":{"candidateCount":2}}') } },
      "gemini: `extraBody` must be free of `__proto__` keys (they cannot reach the wire)",
    ],
    [
      "chat",
      {},
      { output: { schema: { type: "object" }, name: "weather report" } },
      'openai: `output.name` must be 1 to 64 letters, digits, "_" or "-", got "weather report"',
    ],
    [
      "azure responses",
      {},
      { output: { schema: { type: "object" }, name: "x".repeat(65) } },
      `azure: \`output.name\` must be 1 to 64 letters, digits, "_" or "-", got "${"x".repeat(65)}"`,
    ],
    ["chat", {}, { topK: 3 }, "openai: `topK` has no OpenAI field; leave it out"],
    ["responses", {}, { seed: 1 }, "openai: `seed` has no Responses API field"],
    [
      "responses",
      {},
      { stopSequences: ["x"] },
      "openai: `stopSequences` has no Responses API field",
    ],
    [
      "chat",
      { model: "o4-mini" },
      { temperature: 0.2 },
      "openai: `temperature` is not accepted by reasoning model o4-mini",
    ],
    [
      "chat",
      { model: "gpt-5-mini" },
      { stopSequences: ["END"] },
      "openai: `stopSequences` is not accepted by reasoning model gpt-5-mini",
    ],
    [
      "responses",
      { model: "gpt-5-mini" },
      { topP: 0.5 },
      "openai: `topP` is not accepted by reasoning model gpt-5-mini",
    ],
    [
      "chat",
      { model: "gpt-5.4", reasoningEffort: "low" },
      { topP: 0.5 },
      'openai: `topP` is accepted by gpt-5.4 only with reasoningEffort "none"',
    ],
    ["azure chat", {}, { topK: 3 }, "azure: `topK` has no OpenAI field; leave it out"],
    ["azure responses", {}, { seed: 3 }, "azure: `seed` has no Responses API field"],
  ];
  it.each(rows)("%s %j with %j: %s", async (adapter, config, req, message) => {
    for (const streaming of [false, true]) {
      const { error, calls } = await send(adapter, config, req, streaming);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(message);
      expect(calls).toHaveLength(0);
    }
  });

  it.each([
    ["anthropic", { seed: 1 }, "anthropic: `seed` has no Messages API field; leave it out"],
    [
      "anthropic",
      { ...adaptive, temperature: 0 },
      "anthropic: `temperature` may only be 1 while thinking is on",
    ],
    ["bedrock", { seed: 1 }, "bedrock: `seed` has no Converse field; leave it out"],
    ["gemini", { topP: -1 }, "gemini: `topP` must be 0..1"],
    [
      "chat",
      { model: "o3", temperature: 0.3 },
      "openai: `temperature` is not accepted by reasoning model o3",
    ],
    ["responses", { seed: 1 }, "openai: `seed` has no Responses API field"],
    ["azure chat", { topK: 2 }, "azure: `topK` has no OpenAI field; leave it out"],
    [
      "anthropic",
      { model: "claude-opus-4-7", thinking: { budgetTokens: 2048 } },
      "anthropic: `thinking.budgetTokens` is not accepted by claude-opus-4-7; its thinking types are adaptive, disabled (https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7, 2026-12-01)",
    ],
    [
      "bedrock",
      { model: "global.anthropic.claude-opus-4-7", thinking: { budgetTokens: 2048 } },
      "bedrock: `thinking.budgetTokens` is not accepted by global.anthropic.claude-opus-4-7; its thinking types are adaptive, disabled (https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7, 2026-12-01)",
    ],
    [
      "gemini",
      { extraBody: JSON.parse('{"__proto__":{"x":1}}') },
      "gemini: `extraBody` must be free of `__proto__` keys (they cannot reach the wire)",
    ],
  ])("%s refuses %j at create()", async (adapter, config, message) => {
    const [provider, base] = ADAPTERS[adapter] as [Provider, Record<string, unknown>];
    const made = createModel(provider, { ...base, ...config }, async () => {
      throw new Error("no request may be made");
    });
    await expect(made).rejects.toThrow(new ConfigError(message));
  });

  it("lets what golem cannot know through: sampling on an Azure deployment, sent as given", async () => {
    const { body, error } = await send(
      "azure chat",
      { deployment: "o4-mini" },
      { temperature: 0.2 },
    );
    expect(error).not.toBeInstanceOf(ConfigError);
    expect(body).toMatchObject({ temperature: 0.2 });
  });
});

describe("tool strict", () => {
  const strict = { ...WEATHER, strict: true };
  // [adapter, where the first tool's strict flag is on the wire]
  const rows: [string, (string | number)[]][] = [
    ["anthropic", ["tools", 0, "strict"]],
    ["bedrock", ["toolConfig", "tools", 0, "toolSpec", "strict"]],
    ["chat", ["tools", 0, "function", "strict"]],
    ["responses", ["tools", 0, "strict"]],
    ["azure chat", ["tools", 0, "function", "strict"]],
    ["azure responses", ["tools", 0, "strict"]],
  ];
  const flag = async (adapter: string, tool: ToolSpec, path: (string | number)[]) =>
    path.reduce<unknown>(
      (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
      (await send(adapter, {}, { tools: [tool] })).body,
    );
  it.each(rows)(
    "%s sends strict as asked, and nothing (or Responses' false) unasked",
    async (adapter, path) => {
      expect(await flag(adapter, strict, path)).toBe(true);
      expect(await flag(adapter, { ...WEATHER, strict: false }, path)).toBe(false);
      const unasked = await flag(adapter, WEATHER, path);
      expect(unasked).toBe(adapter.endsWith("responses") ? false : undefined);
    },
  );
});

describe("extraBody", () => {
  // [adapter, a field golem sends that the call's extraBody removes]
  const rows: [string, string][] = [
    ["anthropic", "max_tokens"],
    ["bedrock", "inferenceConfig"],
    ["gemini", "generationConfig"],
    ["chat", "max_completion_tokens"],
    ["responses", "store"],
    ["azure chat", "max_completion_tokens"],
  ];
  it.each(rows)(
    "%s: deep-merged into the body, create()'s then the call's; undefined removes %s",
    async (adapter, golems) => {
      const config = { maxTokens: 1000, extraBody: { meta: { a: 1, list: [1, 2] }, keep: "x" } };
      const req = { extraBody: { meta: { b: 2, list: [3] }, [golems]: undefined } };
      const { body } = await send(adapter, config, req);
      expect(body?.meta).toEqual({ a: 1, b: 2, list: [3] });
      expect(body?.keep).toBe("x");
      expect(body).not.toHaveProperty(golems);
      // Without the call's extraBody, golem's own field stays.
      expect((await send(adapter, config, {})).body).toHaveProperty(golems);
    },
  );

  it("bedrock signs the merged body: the SigV4 reference (aws4fetch) agrees on the signature", async () => {
    const { fetch, calls } = scriptedFetch([jsonResponse(400, { message: "no" })]);
    const model = await createModel(
      "bedrock",
      {
        ...CLAUDE_BEDROCK,
        credentials: AWS_KEYS,
        maxRetries: 0,
        extraBody: { performanceConfig: { latency: "optimized" } },
      },
      fetch,
    );
    await model
      .generate({
        messages: hi,
        extraBody: { additionalModelRequestFields: { anthropic_beta: ["x"] } },
      })
      .catch(() => {});
    const sent = calls[0];
    expect(sent).toBeDefined();
    if (!sent) return;
    expect(JSON.parse(sent.body)).toMatchObject({
      performanceConfig: { latency: "optimized" },
      additionalModelRequestFields: { anthropic_beta: ["x"] },
    });
    const reference = await aws4fetchHeaders(
      {
        method: "POST",
        url: sent.url,
        headers: { "content-type": "application/json" },
        body: sent.body,
      },
      AWS_KEYS,
      "us-east-1",
      sent.headers.get("x-amz-date") ?? "",
    );
    expect(sent.headers.get("authorization")).toBe(reference.authorization);
    expect(sent.headers.get("x-amz-content-sha256") ?? undefined).toBe(
      reference["x-amz-content-sha256"],
    );
  });
});

describe("structured output cassettes", () => {
  // [provider, cassette, whether the answer comes with a thinking part]
  const rows: [Provider, string, boolean][] = [
    ["anthropic", "structured-output", true],
    ["anthropic", "structured-output-stream", true],
    ["bedrock", "structured-output", true],
    ["bedrock", "structured-output-stream", true],
    ["gemini", "structured-output", true],
    ["gemini", "structured-output-stream", true],
    ["openai", "structured-output-chat", false],
    ["openai", "structured-output-chat-stream", false],
    ["openai", "responses-structured-output", true],
    ["openai", "responses-structured-output-stream", true],
  ];
  it.each(rows)(
    "%s/%s answers the schema's JSON as text, thinking kept",
    async (provider, file, thinks) => {
      const { turns, error } = await runCassette(provider, file);
      expect(error).toBe(undefined);
      const [turn] = turns;
      expect(turn?.request.output).toBe(REPORT_REQUEST.output);
      const parts = partsOf(turn?.response?.message ?? { role: "assistant", content: [] });
      expect(JSON.parse(textOf({ role: "assistant", content: parts }))).toEqual({
        city: "Oslo",
        celsius: 18,
      });
      expect(parts.some((p) => p.type === "thinking")).toBe(thinks);
      // The evidence to replay: on the thinking part, or (Gemini) on the answer's text part.
      expect(parts.some((p) => "signature" in p && p.signature)).toBe(thinks);
      if (file.endsWith("-stream")) {
        const texts = turn?.deltas.filter((d) => d.type === "text" && d.text) ?? [];
        expect(texts.length).toBeGreaterThan(1);
      }
    },
  );
});
