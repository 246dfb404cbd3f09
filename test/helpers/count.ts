/**
 * One request rich enough to show what a token count covers (system, a tool, an image,
 * structured output, thinking), the model each provider counts it with, and the count URL:
 * the count cassettes under fixtures/count were built from it.
 */
import type { ModelRequest } from "../../src/core/types.js";
import { WEATHER } from "../contract/table.js";
import { type PerVariant, perVariant } from "../variants.js";

export const COUNT_REQUEST: ModelRequest = {
  system: "Be brief.",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "What is in the image, and the weather in Paris?" },
        { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      ],
    },
  ],
  tools: [WEATHER],
  output: { schema: { type: "object", properties: { answer: { type: "string" } } } },
};

const NO_ENDPOINT = "it has no count endpoint, so its models have no countTokens";
const NOT_RECORDED =
  "it counts at the Messages count endpoint, but no count cassette is recorded there";

/** Per variant: the `create()` config and the count endpoint's URL, or why there is none. */
export const COUNT_MODELS: PerVariant<[Record<string, unknown>, string]> = perVariant<
  [Record<string, unknown>, string]
>(
  {
    anthropic: [
      {
        model: "claude-sonnet-5-5",
        maxTokens: 8000,
        thinking: { adaptive: true },
        effort: "medium",
      },
      "https://api.anthropic.com/v1/messages/count_tokens",
    ],
    openai: [
      { model: "gpt-6.1-sol", api: "responses", reasoningEffort: "medium" },
      "https://api.openai.com/v1/responses/input_tokens",
    ],
    gemini: [
      { model: "gemini-3.6-flash", thinking: { level: "low" } },
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-3.6-flash:countTokens",
    ],
    bedrock: [
      {
        model: "anthropic.claude-sonnet-4-5-20250929-v1:0",
        maxTokens: 8000,
        thinking: { budgetTokens: 2048 },
      },
      "https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/count-tokens",
    ],
    azure: { skip: NO_ENDPOINT },
    vertex: { skip: "its two count endpoints are replayed in test/providers/vertex/count.test.ts" },
    "anthropic-aws": { skip: NO_ENDPOINT },
    "anthropic-bedrock": { skip: NO_ENDPOINT },
    cohere: { skip: NO_ENDPOINT },
  },
  // A deployment's recorded conversations are its wire's tool loops, no count among them.
  () => ({ skip: NOT_RECORDED }),
);
