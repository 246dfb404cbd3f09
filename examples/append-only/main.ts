/**
 * Append-only updates on a model that binds its reasoning to the prefix (Claude Opus 5.5):
 * one agent answers with a weather tool; a second agent, with a new instruction and a
 * `local_time` tool, continues the stored conversation. golem keeps the first request's system
 * prompt and tools, and appends the second agent's changes as a system message (a text block
 * and a `tool_addition`), so every earlier thinking block still verifies. Then the caller
 * lowers the effort for the next turn with an update-only system message.
 *
 * With ANTHROPIC_API_KEY it calls the API. Without it, it replays
 * fixtures/anthropic/agent-updates.json, checking every request it sends.
 *
 *   npm run example:append-only
 */
import { readFileSync } from "node:fs";
import { Agent, type Message, parseHistory, serializeHistory, textOf, tool } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";
import { z } from "zod";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassette = new URL("../../fixtures/anthropic/agent-updates.json", import.meta.url);

const model = anthropic.create({
  model: "claude-opus-5-5",
  maxTokens: 8000,
  thinking: { adaptive: true },
  ...(live
    ? {}
    : {
        apiKey: "offline-example-key",
        fetch: replayFetch(parseCassette(readFileSync(cassette, "utf8"))),
      }),
});

// The JSON Schemas are given as they went out when the conversation was recorded.
const city = { description: "the city", type: "string" };
const weather = tool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: z.object({ location: z.string() }),
  jsonSchema: { properties: { location: city }, required: ["location"], type: "object" },
  execute: () => "40 C",
});
const localTime = tool({
  name: "local_time",
  description: "Get the current local time in a city",
  parameters: z.object({ city: z.string() }),
  jsonSchema: { properties: { city }, required: ["city"], type: "object" },
  execute: () => "14:05",
});

const first = await new Agent({
  model,
  instructions: "You are a helpful assistant",
  tools: [weather],
}).run("What's the weather in Florence, Italy?");
console.log(`first agent: ${first.output}`);

// Days later: the history comes back from storage, records and all.
const stored = parseHistory(serializeHistory(first.messages));
const second = await new Agent({
  model,
  instructions: "Answer in one short sentence.",
  tools: [weather, localTime],
}).runWithHistory(stored, "And the local time there?");
const update = second.messages[stored.length + 1] as Message;
console.log(`appended: ${JSON.stringify({ content: update.content, update: update.update })}`);
console.log(`second agent: ${second.output}`);

// Lower the effort from the next turn on: an update-only system message after the prompt.
const last = await model.generate({
  system: "You are a helpful assistant",
  tools: [{ name: weather.name, description: weather.description, parameters: weather.parameters }],
  messages: [
    ...second.messages,
    { role: "user", content: "Thanks, that is all." },
    { role: "system", content: "", update: { effort: "low" } },
  ],
});
console.log(`at effort low: ${textOf(last.message)}`);
