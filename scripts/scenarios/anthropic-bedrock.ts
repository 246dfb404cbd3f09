import * as anthropicBedrock from "../../src/providers/anthropic-bedrock/index.js";
import { toolLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

type Endpoint = "runtime" | "mantle";

/** The model id each endpoint takes: an inference profile on the runtime, a Mantle id there. */
const DEFAULT_MODEL: Record<Endpoint, string> = {
  runtime: "us.anthropic.claude-sonnet-4-20250514-v1:0",
  mantle: "anthropic.claude-sonnet-4-20250514",
};

/**
 * Region and credentials come from the environment the adapter reads (AWS_REGION;
 * AWS_BEARER_TOKEN_BEDROCK, else AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN);
 * `--base-url` replaces `https://bedrock-runtime.{region}.amazonaws.com/anthropic/v1` (or
 * Mantle's `https://bedrock-mantle.{region}.api.aws/anthropic/v1`).
 */
const make = (endpoint: Endpoint) => (ctx: ScenarioContext) =>
  anthropicBedrock.create({
    endpoint,
    model: ctx.model ?? DEFAULT_MODEL[endpoint],
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    fetch: ctx.fetch,
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
  });

/** The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json) on Bedrock. */
const loop = (stream: boolean, endpoint: Endpoint): Scenario => ({
  description: `thinking (budget 4000) + a weather tool, two turns on bedrock-${endpoint}${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: DEFAULT_MODEL[endpoint],
  create: make(endpoint),
  run: async (model) => {
    await toolLoop(model, {
      system: "You are a helpful assistant",
      prompt: "What's the weather in Florence, Italy?",
      stream,
    });
  },
});

/** Scenarios recorded against Bedrock's Messages API, one per cassette in fixtures/anthropic-bedrock. */
export const anthropicBedrockScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false, "runtime"),
  "thinking-tool-loop-stream": loop(true, "mantle"),
};
