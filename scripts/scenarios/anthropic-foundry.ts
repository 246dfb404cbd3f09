import { ConfigError } from "../../src/index.js";
import * as anthropicFoundry from "../../src/providers/anthropic-foundry/index.js";
import { toolLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/**
 * The resource comes from ANTHROPIC_FOUNDRY_RESOURCE (`--base-url` replaces
 * `https://{resource}.services.ai.azure.com/anthropic/v1`). The non-streamed scenario sends the
 * resource key the adapter reads from ANTHROPIC_FOUNDRY_API_KEY; the streamed one an Entra ID
 * token from ANTHROPIC_FOUNDRY_TOKEN (e.g. `az account get-access-token --scope
 * https://ai.azure.com/.default`), so both auths are recorded.
 */
const make = (ctx: ScenarioContext, auth: "key" | "token") => {
  const token = ctx.env.ANTHROPIC_FOUNDRY_TOKEN;
  if (auth === "token" && !token) {
    throw new ConfigError("the streamed anthropic-foundry scenario needs ANTHROPIC_FOUNDRY_TOKEN");
  }
  return anthropicFoundry.create({
    model: ctx.model ?? "claude-sonnet-4-20250514",
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    fetch: ctx.fetch,
    ...(auth === "token" && token ? { token: async () => token } : {}),
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
  });
};

/** The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json) on Foundry. */
const loop = (stream: boolean): Scenario => ({
  description: `thinking (budget 4000) + a weather tool, two turns${stream ? ", streamed, Entra ID" : ", resource key"}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-20250514",
  create: (ctx) => make(ctx, stream ? "token" : "key"),
  run: async (model) => {
    await toolLoop(model, {
      system: "You are a helpful assistant",
      prompt: "What's the weather in Florence, Italy?",
      stream,
    });
  },
});

/** Scenarios recorded against Claude in Microsoft Foundry, one per cassette in fixtures/anthropic-foundry. */
export const anthropicFoundryScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
};
