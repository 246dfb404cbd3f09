/**
 * Server-held conversations (docs/server-history.md): an agent's tool loop on a message thread.
 * The first request sends the whole conversation and asks the server to hold it; each later
 * request sends only the tool result after the response the server holds. golem proves the
 * history up to that response is what was sent before it sends a suffix.
 *
 * With ANTHROPIC_API_KEY it calls the API. Without it, it replays
 * fixtures/anthropic/thread-tool-loop.json, checking every request it sends.
 *
 *   npm run example:server-history
 */
import { readFileSync } from "node:fs";
import { Agent, tool } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";
import { z } from "zod";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassette = new URL("../../fixtures/anthropic/thread-tool-loop.json", import.meta.url);

const model = anthropic.create({
  model: "claude-sonnet-4-6",
  maxTokens: 1024,
  serverHistory: true,
  ...(live
    ? {}
    : {
        apiKey: "offline-example-key",
        fetch: replayFetch(parseCassette(readFileSync(cassette, "utf8"))),
      }),
});

// The JSON Schema as it went out when the conversation was recorded.
const weather = tool({
  name: "get_weather",
  description: "The current weather in a city.",
  parameters: z.object({ city: z.string() }),
  jsonSchema: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
  },
  execute: () => "-3 C, snow",
});

const agent = new Agent({
  model,
  tools: [weather],
  instructions: "You are a terse weather assistant. Use the tool for every city.",
});
const result = await agent.run("The weather in Oslo, then Bergen, then Tromsø, one at a time.");

for (const s of result.serverHistory ?? []) {
  const fallback = s.fallback ? ` (fallback: ${s.fallback})` : "";
  console.log(`step ${s.step}: sent ${s.sent}, ${s.bytes} bytes, continue from ${s.id}${fallback}`);
}
console.log(result.output);
