import { ConfigError } from "../../src/index.js";
import * as anthropicGoogleCloud from "../../src/providers/anthropic-google-cloud/index.js";
import { toolLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/**
 * Project, location and workspace come from the environment the adapter reads
 * (ANTHROPIC_GOOGLE_CLOUD_PROJECT or GOOGLE_CLOUD_PROJECT, ANTHROPIC_GOOGLE_CLOUD_LOCATION,
 * ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID); the token from GOOGLE_CLOUD_ACCESS_TOKEN (e.g. `gcloud
 * auth print-access-token`). `--base-url` replaces the gateway URL up to `/v1`.
 */
const make = (ctx: ScenarioContext) => {
  const token = ctx.env.GOOGLE_CLOUD_ACCESS_TOKEN;
  if (!token) {
    throw new ConfigError(
      "anthropic-google-cloud scenarios need GOOGLE_CLOUD_ACCESS_TOKEN (e.g. the output of gcloud auth print-access-token)",
    );
  }
  return anthropicGoogleCloud.create({
    model: ctx.model ?? "claude-sonnet-4-20250514",
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    token: async () => token,
    fetch: ctx.fetch,
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
  });
};

/** The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json) on Google Cloud. */
const loop = (stream: boolean): Scenario => ({
  description: `thinking (budget 4000) + a weather tool, two turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-20250514",
  create: make,
  run: async (model) => {
    await toolLoop(model, {
      system: "You are a helpful assistant",
      prompt: "What's the weather in Florence, Italy?",
      stream,
    });
  },
});

/** Scenarios recorded against Claude Models on Google Cloud (Anthropic managed), one per cassette in fixtures/anthropic-google-cloud. */
export const anthropicGoogleCloudScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
};
