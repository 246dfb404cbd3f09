import type { Message } from "../../src/index.js";
import * as cohere from "../../src/platforms/cohere/index.js";
import { call, toolResults, WEATHER, weather } from "./tool-loop.js";
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

const REASONING = "command-a-reasoning-08-2025";

/** The question after the weather loop: a turn 3 that replays both earlier answers. */
export const FOLLOW_UP = "Thanks! Should I pack an umbrella?";

/**
 * The weather loop of fixtures/cohere/thinking-tool-loop*.json: a thinking turn that calls the
 * tool, a thinking turn that answers, then a follow-up question, so the last request carries
 * both earlier turns' thinking items in their places.
 */
const loop = (stream: boolean): Scenario => ({
  description: `reasoning (token budget) + a weather tool, then a follow-up question, three turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: REASONING,
  create: make(REASONING, { thinking: { budgetTokens: 2000 } }),
  run: async (model) => {
    const base = { system: "You are a helpful assistant", tools: [WEATHER] };
    const messages: Message[] = [
      { role: "user", content: "What's the weather in Florence, Italy?" },
    ];
    const first = await call(model, { ...base, messages: [...messages] }, stream);
    messages.push(first.message, ...toolResults(first, weather));
    const second = await call(model, { ...base, messages: [...messages] }, stream);
    messages.push(second.message, { role: "user", content: FOLLOW_UP });
    await call(model, { ...base, messages: [...messages] }, stream);
  },
});

/** Scenarios recorded against Cohere's Chat API v2, one per cassette in fixtures/cohere. */
export const cohereScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
};
