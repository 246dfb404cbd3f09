/**
 * golem/sse on a plain Node `http` server, and a client reading it as a browser would: the
 * server (server.ts, with the recipe of send.ts) streams an agent's run as server-sent events;
 * the client posts a prompt, prints the answer as it streams, then has the whole run (its
 * messages, signatures included) to send back with the next prompt.
 *
 * With ANTHROPIC_API_KEY in the environment it calls Claude. Without it it replays the exchange
 * recorded in fixtures/anthropic/thinking-tool-loop-stream.json, checking every request it sends.
 *
 *   npm run example:sse-node
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { Agent, jsonTool } from "golem";
import * as anthropic from "golem/anthropic";
import { readRunStream } from "golem/sse";
import { parseCassette, replayFetch } from "golem/testing";
import { agentServer } from "./server.js";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassette = new URL(
  "../../fixtures/anthropic/thinking-tool-loop-stream.json",
  import.meta.url,
);

const model = anthropic.create({
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "claude-sonnet-4-6" : "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
  ...(live
    ? {}
    : {
        apiKey: "offline-example-key",
        fetch: replayFetch(parseCassette(readFileSync(cassette, "utf8"))),
      }),
});

const weather = jsonTool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
  execute: () => "40 C",
});
const agent = new Agent({ model, tools: [weather], instructions: "You are a helpful assistant" });

const server = agentServer(agent);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

// The browser's side: POST the prompt, read the events as they come.
const response = await fetch(`http://127.0.0.1:${port}/api/agent`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ prompt: "What's the weather in Florence, Italy?" }),
});
const run = readRunStream(response);
for await (const event of run) {
  if (event.type === "delta" && event.delta.type === "text")
    process.stdout.write(event.delta.text ?? "");
  if (event.type === "tool-result")
    console.log(`\n[tool answered: ${JSON.stringify(event.message.content)}]`);
}
const { messages, steps } = await run.result;
console.log(
  `\n${steps} model calls, ${messages.length} messages to send back with the next prompt`,
);
server.close();
