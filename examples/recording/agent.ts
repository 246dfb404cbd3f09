/**
 * The app under test: an agent that answers weather questions with extended thinking and one
 * tool. It takes the `fetch` to use, as any code that wants recorded tests should.
 */
import { Agent, jsonTool } from "golem";
import * as anthropic from "golem/anthropic";

const weather = jsonTool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
  execute: (args) =>
    (args as { location: string }).location.startsWith("Florence") ? "40 C" : "18 C",
});

/**
 * The weather agent over the given fetch (a cassette's while testing, the network otherwise),
 * on a current model unless the caller names another (a replay names its recording's).
 */
export function weatherAgent(
  fetch: typeof globalThis.fetch,
  model: anthropic.ClaudeModelId = "claude-sonnet-4-6",
): Agent {
  const claude = anthropic.create({
    model,
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    // Recording needs your key; a replay sends none that matters.
    apiKey: process.env.ANTHROPIC_API_KEY ?? "replaying",
    fetch,
  });
  return new Agent({
    model: claude,
    instructions: "You are a helpful assistant",
    tools: [weather],
  });
}
