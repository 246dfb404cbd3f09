import * as anthropicAws from "../../src/providers/anthropic-aws/index.js";
import { toolLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/**
 * Region, workspace and credentials come from the environment the adapter reads (AWS_REGION,
 * ANTHROPIC_AWS_WORKSPACE_ID; AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, or
 * ANTHROPIC_AWS_API_KEY); `--base-url` replaces `https://aws-external-anthropic.{region}.api.aws/v1`.
 */
const make = (ctx: ScenarioContext) =>
  anthropicAws.create({
    model: ctx.model ?? "claude-sonnet-4-20250514",
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    fetch: ctx.fetch,
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
  });

/** The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json) on AWS. */
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

/** Scenarios recorded against Claude Platform on AWS, one per cassette in fixtures/anthropic-aws. */
export const anthropicAwsScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
};
