import { readFileSync } from "node:fs";
import { type Message, type ToolSpec, toolCallsOf } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";
import { expect, it } from "vitest";

it("turn 2 carries turn 1's thinking and signature exactly", async () => {
  const path = "fixtures/anthropic/thinking-tool-loop-stream.json";
  const fetch = replayFetch(parseCassette(readFileSync(path, "utf8")));
  const model = anthropic.create({
    apiKey: "test",
    model: "claude-sonnet-4-20250514", // as recorded (retired since): a replay asks for it
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    fetch,
  });
  const weather: ToolSpec = {
    name: "weather",
    description: "Get weather information for a location",
    parameters: {
      type: "object",
      properties: { location: { type: "string", description: "the city" } },
      required: ["location"],
    },
  };
  const system = "You are a helpful assistant";
  const messages: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];

  const turn1 = await model.stream({ system, messages, tools: [weather] }).response;
  const [call] = toolCallsOf(turn1.message);
  if (!call) throw new Error("turn 1 asked for no tool");
  const toolResult: Message = { role: "tool", toolCallId: call.id, content: "40 C" };
  const history = [...messages, turn1.message, toolResult];
  const turn2 = await model.stream({ system, messages: history, tools: [weather] }).response;

  fetch.assertDone(); // every interaction served, and no request differed from the recording
  expect(turn2.stopReason).toBe("end_turn");
});
