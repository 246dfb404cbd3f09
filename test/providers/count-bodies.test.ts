/**
 * The count endpoints take the body `generate` sends, minus what they document they refuse:
 * for one rich request per wire (system, tools, a forced choice where allowed, an image,
 * structured output, thinking, sampling, extraBody), every field the count body keeps is
 * byte-identical to generate's, and the fields it leaves out are exactly the documented ones.
 */
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/core/types.js";
import * as bedrockCount from "../../src/wires/converse/count.js";
import * as geminiCount from "../../src/wires/generate-content/count.js";
import * as anthropicCount from "../../src/wires/messages/count.js";
import * as openaiCount from "../../src/wires/openai-responses/count.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";
import { COUNT_MODELS, COUNT_REQUEST } from "../helpers/count.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { variantRows } from "../variants.js";

const PNG = "iVBORw0KGgo=";
const REQUEST: ModelRequest = {
  system: "Be brief.",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "What is in the image, and the weather?" },
        { type: "image", mediaType: "image/png", data: PNG },
      ],
    },
  ],
  tools: [WEATHER],
  output: { schema: { type: "object", properties: { a: { type: "string" } } } },
  maxTokens: 2000,
  stopSequences: ["END"],
  extraBody: { metadata: { user_id: "u1" } },
};

/** The body generate sends for `req` on `provider`. */
async function generateBody(
  provider: Provider,
  config: Record<string, unknown>,
  req: ModelRequest,
) {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const model = await createModel(provider, { maxRetries: 0, ...config }, fetch);
  await model.generate(req).catch(() => {});
  return JSON.parse(calls[0]?.body ?? "{}") as Record<string, unknown>;
}

/**
 * Each field of `kept` equals generate's; the keys generate had that `kept` lacks are
 * `dropped`, and `kept` holds at least `holds`.
 */
function expectKept(
  generate: Record<string, unknown>,
  kept: Record<string, unknown>,
  dropped: string[],
  holds: string[],
): void {
  for (const [k, v] of Object.entries(kept))
    expect(JSON.stringify(v)).toBe(JSON.stringify(generate[k]));
  const lacking = Object.keys(generate).filter((k) => !(k in kept));
  expect(lacking.sort()).toEqual([...dropped].sort());
  expect(Object.keys(kept)).toEqual(expect.arrayContaining(holds));
}

describe("count bodies are generate's bodies minus what the count endpoint refuses", () => {
  it("anthropic: /v1/messages/count_tokens", async () => {
    const generate = await generateBody(
      "anthropic",
      { model: "claude-sonnet-4-5", maxTokens: 4096, temperature: 0.5, effort: "high" },
      { ...REQUEST, toolChoice: { name: "get_weather" } },
    );
    const kept = anthropicCount.countBody(generate) as Record<string, unknown>;
    expectKept(
      generate,
      kept,
      ["max_tokens", "metadata", "stop_sequences", "temperature"],
      ["model", "messages", "system", "tools", "tool_choice", "output_config"],
    );
  });

  it("openai responses: /v1/responses/input_tokens", async () => {
    const { stopSequences: _s, ...req } = REQUEST;
    const generate = await generateBody(
      "openai",
      { model: "gpt-6.1-sol", api: "responses", reasoningEffort: "high", promptCacheKey: "k" },
      { ...req, toolChoice: "required" },
    );
    const kept = openaiCount.countBody(generate) as Record<string, unknown>;
    expectKept(
      generate,
      kept,
      ["include", "max_output_tokens", "metadata", "prompt_cache_key", "store"],
      ["model", "input", "instructions", "tools", "reasoning", "text"],
    );
  });

  it("gemini: models.countTokens wraps the whole body", async () => {
    const generate = await generateBody(
      "gemini",
      { model: "gemini-3-pro-preview", thinking: { level: "low" } },
      { ...REQUEST, temperature: 1 },
    );
    const counted = geminiCount.countBody(generate, "gemini-3-pro-preview");
    expect(counted).toEqual({
      generateContentRequest: { model: "models/gemini-3-pro-preview", ...generate },
    });
  });

  it("bedrock: CountTokens takes the converse input", async () => {
    const generate = await generateBody(
      "bedrock",
      { model: "anthropic.claude-sonnet-4-5-20250929-v1:0", thinking: { budgetTokens: 1024 } },
      { ...REQUEST, maxTokens: 4096, extraBody: {} },
    );
    const counted = bedrockCount.countBody(generate) as {
      input: { converse: Record<string, unknown> };
    };
    expectKept(
      generate,
      counted.input.converse,
      ["inferenceConfig", "outputConfig"],
      ["messages", "system", "toolConfig", "additionalModelRequestFields"],
    );
  });
});

describe.each(variantRows(COUNT_MODELS))("count cassette %s", (provider, [config, url]) => {
  const cassette = loadCassette(`count/${provider}`, "count-tokens");
  const [interaction] = cassette.interactions;

  it("holds the count body built from the body generate sends, at the count URL", async () => {
    const generate = await generateBody(provider, config, COUNT_REQUEST);
    const model = String(config.model);
    const builders: Record<string, () => object> = {
      anthropic: () => anthropicCount.countBody(generate),
      openai: () => openaiCount.countBody(generate),
      gemini: () => geminiCount.countBody(generate, model),
      bedrock: () => bedrockCount.countBody(generate),
    };
    const counted = builders[provider]?.();
    expect(interaction?.request.url).toBe(url);
    expect(interaction?.request.body).toEqual(counted);
  });
});
