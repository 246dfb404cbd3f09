/**
 * Cohere's reasoning model with golem/cohere: a weather tool loop, streamed, then a follow-up
 * question. Each answer's `thinking` items become thinking parts, and every later request sends
 * them back as `thinking` items in their places, beside the tool call they led to.
 *
 * With CO_API_KEY set it calls Cohere. Without it, it replays the exchange in
 * fixtures/cohere/thinking-tool-loop-stream.json, checking every request it sends.
 *
 *   npm run example:cohere
 */
import { readFileSync } from "node:fs";
import { type Message, type ModelRequest, textOf, thinkingOf, toolCallsOf } from "golem";
import * as cohere from "golem/cohere";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.CO_API_KEY);
const cassette = new URL("../../fixtures/cohere/thinking-tool-loop-stream.json", import.meta.url);
// Offline: a fetch that serves the recorded answers and checks every request we send.
const replay = live ? undefined : replayFetch(parseCassette(readFileSync(cassette, "utf8")));

// Every request body as sent, to look at what the last one carries.
const sent: { messages: { role: string; content?: unknown }[] }[] = [];
const send = replay ?? fetch;
const recording: typeof fetch = (input, init) => {
  sent.push(JSON.parse(String(init?.body)));
  return send(input, init);
};

const model = cohere.create({
  model: "command-a-reasoning-08-2025",
  thinking: { budgetTokens: 2000 },
  // Live: the key comes from CO_API_KEY.
  ...(replay ? { apiKey: "offline" } : {}),
  fetch: recording,
});

const base: Omit<ModelRequest, "messages"> = {
  system: "You are a helpful assistant",
  tools: [
    {
      name: "weather",
      description: "Get weather information for a location",
      parameters: {
        properties: { location: { description: "the city", type: "string" } },
        required: ["location"],
        type: "object",
      },
    },
  ],
};

/** One streamed call; the thinking arrives as deltas before the answer. */
async function call(messages: Message[]) {
  const stream = model.stream({ ...base, messages: [...messages] });
  let thinking = 0;
  for await (const d of stream) if (d.type === "thinking") thinking += d.text?.length ?? 0;
  const response = await stream.response;
  return { response, thinking };
}

console.log(
  live
    ? "Calling Cohere…"
    : "No CO_API_KEY: replaying fixtures/cohere/thinking-tool-loop-stream.json",
);
const messages: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];

const first = await call(messages);
const [weatherCall] = toolCallsOf(first.response.message);
if (!weatherCall) throw new Error("the model called no tool");
console.log(
  `turn 1: ${first.thinking} chars of thinking streamed, then weather(${weatherCall.arguments})`,
);
const { location } = JSON.parse(weatherCall.arguments) as { location: string };
messages.push(first.response.message, {
  role: "tool",
  toolCallId: weatherCall.id,
  content: location.startsWith("Florence") ? "40 C" : "18 C",
});

const second = await call(messages);
console.log(
  `turn 2: ${second.thinking} chars of thinking streamed, answer: ${textOf(second.response.message)}`,
);
messages.push(second.response.message, {
  role: "user",
  content: "Thanks! Should I pack an umbrella?",
});

const third = await call(messages);
// Turn 3's request: both earlier answers go back with their thinking items, in place.
const kept = [first, second].flatMap((t) => thinkingOf(t.response.message).map((p) => p.text));
const back = (sent[2]?.messages ?? [])
  .filter((m) => m.role === "assistant")
  .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
  .filter((c: { type?: string }) => c.type === "thinking")
  .map((c: { thinking?: string }) => c.thinking);
console.log(
  `turn 3 sends back ${back.length} thinking items, exactly as kept: ${JSON.stringify(back) === JSON.stringify(kept)}`,
);
console.log(`turn 3: ${textOf(third.response.message)}`);
