/**
 * The model rules on every platform entry: each parses its own form of a Claude id (Bedrock's
 * `anthropic.`/`us.anthropic.`/`global.anthropic.` prefixes and `-v1:0` suffixes, Vertex's
 * `@date`, the Claude platforms' plain ids; Gemini's with or without `models/`, on Vertex
 * too) into the same family and version, so the same row refuses before any request and
 * lets the same neighbour go out. Bedrock Converse takes
 * `capabilities` like the other adapters (metadata from `anthropic.capabilities`, or a typed
 * value); an Azure deployment is ruled by the capabilities passed to it.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import type { ModelRequest } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { everyVariant } from "../variants.js";

const OPUS_55 = "https://platform.claude.com/docs/en/models/opus-5-5/whats-new-opus-5-5";
const hi = [{ role: "user" as const, content: "Hi" }];

/** One generate() call answered with a 400: the error, the body sent (if any), the calls. */
async function call(
  provider: Provider,
  config: Record<string, unknown>,
  req: Partial<ModelRequest> = {},
) {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const error = await (async () => {
    const model = await createModel(provider, { maxRetries: 0, ...config }, fetch);
    return model.generate({ messages: hi, ...req });
  })().catch((e: unknown) => e);
  const body = calls[0] ? (JSON.parse(calls[0].body) as Record<string, unknown>) : undefined;
  return { error, body, calls };
}

/** Where a platform's body carries `thinking`: the Messages API at the top, Converse inside. */
const thinkingOf = (provider: Provider, body: Record<string, unknown> | undefined) =>
  provider === "bedrock"
    ? (body?.additionalModelRequestFields as { thinking?: unknown } | undefined)?.thinking
    : body?.thinking;

/** The variants that serve no Claude model, so no Claude id is theirs to parse. */
const NO_CLAUDE = {
  gemini: "it serves Gemini only",
  openai: "it serves OpenAI's models, ruled by its own table",
  azure: "a deployment is ruled by the capabilities passed to it (below)",
  cohere: "it serves Cohere's models only",
};

const OPUS_IDS = everyVariant(
  [
    ["anthropic", "claude-opus-5-5"],
    ["bedrock", "anthropic.claude-opus-5-5-v1:0"],
    ["bedrock", "us.anthropic.claude-opus-5-5-v1:0"],
    ["bedrock", "global.anthropic.claude-opus-5-5"],
    ["vertex", "claude-opus-5-5@20261101"],
    ["anthropic-bedrock", "global.anthropic.claude-opus-5-5"],
    ["anthropic-bedrock", "eu.anthropic.claude-opus-5-5"],
  ],
  NO_CLAUDE,
);

describe.each(OPUS_IDS)("%s %s is Opus 5.5", (provider, model) => {
  it("refuses thinking disabled (thinking is always on) before any request", async () => {
    const { error, calls } = await call(provider, {
      model,
      maxTokens: 4096,
      thinking: { disabled: true },
    });
    expect(calls).toHaveLength(0);
    expect(error).toEqual(
      new ConfigError(
        `${provider}: \`thinking.disabled\` is not accepted by ${model}; its thinking types are adaptive (${OPUS_55}, 2026-12-01)`,
      ),
    );
  });

  it("refuses a forced tool choice before any request", async () => {
    const { error, calls } = await call(
      provider,
      { model, maxTokens: 4096 },
      { tools: [WEATHER], toolChoice: { name: "get_weather" } },
    );
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`is not accepted by ${model} (${OPUS_55}`);
  });

  it("sends adaptive thinking with a tool the model may choose", async () => {
    const { body, calls } = await call(
      provider,
      { model, maxTokens: 4096, thinking: { adaptive: true } },
      { tools: [WEATHER], toolChoice: "auto" },
    );
    expect(calls).toHaveLength(1);
    expect(thinkingOf(provider, body)).toMatchObject({ type: "adaptive" });
  });
});

const UNKNOWN_CLAUDE = everyVariant(
  [
    ["anthropic", "claude-opus-6"],
    ["bedrock", "us.anthropic.claude-opus-6-v1:0"],
    ["vertex", "claude-opus-6@20270101"],
    ["anthropic-bedrock", "global.anthropic.claude-opus-6"],
  ],
  NO_CLAUDE,
);

describe.each(UNKNOWN_CLAUDE)("%s %s, a model no row knows", (provider, model) => {
  const capabilities = {
    model,
    source: "metadata",
    checked: "2026-12-02",
    forcedToolChoice: false,
  };
  const forced = { tools: [WEATHER], toolChoice: "required" as const };

  it("is sent as asked without capabilities", async () => {
    const { calls } = await call(provider, { model, maxTokens: 4096 }, forced);
    expect(calls).toHaveLength(1);
  });

  it("is ruled by the capabilities passed to create()", async () => {
    const { error, calls } = await call(provider, { model, maxTokens: 4096, capabilities }, forced);
    expect(calls).toHaveLength(0);
    expect(error).toEqual(
      new ConfigError(
        `${provider}: a forced \`toolChoice\` ("required" or { name }) is not accepted by ${model} (${model}'s capabilities, 2026-12-02)`,
      ),
    );
  });
});

describe("Bedrock Converse takes capabilities", () => {
  const metadata = () =>
    anthropic.capabilities("claude-sonnet-5-5", {
      apiKey: "k",
      fetch: replayFetch(loadCassette("models/anthropic", "model-metadata")),
    });
  const SONNET = "us.anthropic.claude-sonnet-5-5-v1:0";
  const ARN = "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3";
  const typed: anthropic.Capabilities = {
    model: "claude-fable-5-1",
    source: "table",
    checked: "2026-12-01",
    forcedToolChoice: false,
  };

  it("reads the models API's max_tokens: maxTokens above it is refused at create()", async () => {
    const capabilities = await metadata();
    const { error, calls } = await call("bedrock", {
      model: SONNET,
      maxTokens: 200_000,
      capabilities,
    });
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(
      `\`maxTokens\` 200000 is above ${SONNET}'s cap of 128000`,
    );
  });

  it("and in a call's settings; maxTokens at the cap goes out", async () => {
    const capabilities = await metadata();
    const over = await call("bedrock", { model: SONNET, capabilities }, { maxTokens: 128_001 });
    expect(over.calls).toHaveLength(0);
    expect(over.error).toBeInstanceOf(ConfigError);
    const at = await call("bedrock", { model: SONNET, capabilities }, { maxTokens: 128_000 });
    expect(at.calls).toHaveLength(1);
    expect(at.body).toMatchObject({ inferenceConfig: { maxTokens: 128_000 } });
  });

  it("a typed value rules an inference profile ARN as the Claude model it names", async () => {
    const forced = await call(
      "bedrock",
      { model: ARN, capabilities: typed },
      { tools: [WEATHER], toolChoice: "required" },
    );
    expect(forced.calls).toHaveLength(0);
    expect(forced.error).toEqual(
      new ConfigError(
        `bedrock: a forced \`toolChoice\` ("required" or { name }) is not accepted by ${ARN} (${ARN}'s capabilities, 2026-12-01)`,
      ),
    );
    // Claude by its capabilities: topK goes as Claude's own top_k.
    const sent = await call("bedrock", { model: ARN, capabilities: typed }, { topK: 5 });
    expect(sent.calls).toHaveLength(1);
    expect(sent.body).toMatchObject({ additionalModelRequestFields: { top_k: 5 } });
  });

  it("without capabilities the ARN is no known model: sent as asked, topK refused as non-Claude", async () => {
    const forced = await call(
      "bedrock",
      { model: ARN },
      { tools: [WEATHER], toolChoice: "required" },
    );
    expect(forced.calls).toHaveLength(1);
    const topK = await call("bedrock", { model: ARN }, { topK: 5 });
    expect(topK.calls).toHaveLength(0);
    expect((topK.error as Error).message).toContain("`topK` is sent for Claude models only");
  });

  it.each([
    [
      "capabilities of a model that is no Claude",
      { model: "amazon.nova-pro-v1:0", capabilities: { ...typed, model: "amazon.nova-pro" } },
      "bedrock: `capabilities` are read for Claude models only, and neither amazon.nova-pro-v1:0 nor amazon.nova-pro is one",
    ],
    [
      "capabilities that are not an object",
      { model: SONNET, capabilities: "claude-sonnet-5-5" },
      "bedrock: `capabilities` must be what anthropic.capabilities() returned",
    ],
  ])("refuses %s at create()", async (_name, config, message) => {
    const { error, calls } = await call("bedrock", config);
    expect(calls).toHaveLength(0);
    expect(error).toEqual(new ConfigError(message));
  });
});

const NO_GEMINI = "it serves no Gemini model";
const GEMINI_IDS = everyVariant(
  [
    ["gemini", "gemini-3.8-flash"],
    ["gemini", "models/gemini-3.8-flash"],
    ["vertex", "gemini-3.8-flash"],
  ],
  {
    anthropic: NO_GEMINI,
    bedrock: "Gemini is not on Bedrock",
    openai: NO_GEMINI,
    azure: NO_GEMINI,
    cohere: NO_GEMINI,
  },
);

describe.each(GEMINI_IDS)("%s %s is Gemini 3.8 Flash", (provider, model) => {
  it("refuses temperature and thinking level minimal before any request", async () => {
    const hot = await call(provider, { model }, { temperature: 0.5 });
    expect(hot.calls).toHaveLength(0);
    expect((hot.error as Error).message).toContain(`\`temperature\` is ignored by ${model}`);
    const minimal = await call(provider, { model, thinking: { level: "minimal" } });
    expect(minimal.calls).toHaveLength(0);
    expect((minimal.error as Error).message).toContain(
      `\`thinking.level\` "minimal" is not accepted by ${model}`,
    );
  });

  it("sends thinking level low", async () => {
    const { body, calls } = await call(provider, { model, thinking: { level: "low" } });
    expect(calls).toHaveLength(1);
    expect(body).toMatchObject({ generationConfig: { thinkingConfig: { thinkingLevel: "LOW" } } });
  });
});

describe("an Azure deployment is ruled by the capabilities passed to it", () => {
  const tools = { tools: [WEATHER] };
  const AZURE = "https://my-resource.openai.azure.com";

  it("GPT-6.1 Sol's row: tools on Chat Completions name api: responses, no request", async () => {
    const capabilities = await openai.capabilities("gpt-6.1-sol");
    const { error, calls } = await call(
      "azure",
      { endpoint: AZURE, deployment: "team-sol", capabilities },
      tools,
    );
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('create it with api: "responses"');
  });

  it("the same deployment without capabilities is sent as asked", async () => {
    const { calls } = await call("azure", { endpoint: AZURE, deployment: "team-sol" }, tools);
    expect(calls).toHaveLength(1);
  });
});
