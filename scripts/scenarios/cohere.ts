import * as cohere from "../../src/platforms/cohere/index.js";
import { COHERE_REASONING, driveConversation, WEATHER_FOLLOW_UP_LOOP } from "./loops.js";
import { call } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/** The key is CO_API_KEY, read by the adapter. */
const make =
  (model: string, config: Omit<cohere.Config, "model" | "fetch" | "baseURL">) =>
  (ctx: ScenarioContext) =>
    cohere.create({
      ...config,
      model: ctx.model ?? model,
      fetch: ctx.fetch,
      ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    });

/** The weather loop of fixtures/cohere/thinking-tool-loop*.json (loops.ts), three turns. */
const loop = (stream: boolean): Scenario => ({
  description: `reasoning (token budget) + a weather tool, then a follow-up question, three turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: COHERE_REASONING.model,
  create: make(COHERE_REASONING.model, { thinking: COHERE_REASONING.thinking }),
  run: async (model) => {
    await driveConversation(WEATHER_FOLLOW_UP_LOOP, (req) => call(model, req, stream));
  },
});

/** Scenarios recorded against Cohere's Chat API v2, one per cassette in fixtures/cohere. */
export const cohereScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
};
