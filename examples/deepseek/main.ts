/**
 * A tool loop on DeepSeek V4 with nothing but `baseURL` and `model` set. golem/openai knows
 * the host (its server profile, docs/servers.md) and the model's family rule: DeepSeek's
 * thinking mode refuses a tool loop unless every turn that called a tool goes back with its
 * `reasoning_content` ("The reasoning_content in the thinking mode must be passed back to the
 * API"), and ignores it on turns that did not. So the second request carries turn 1's
 * reasoning, and the third carries it again but not the reasoning of the plain answer.
 *
 * With DEEPSEEK_API_KEY set it calls DeepSeek (the key is read from that variable, never from
 * OPENAI_API_KEY). Without it, it replays fixtures/openai/deepseek/thinking-tool-loop.json,
 * checking every request it sends.
 *
 *   npm run example:deepseek
 */
import { readFileSync } from "node:fs";
import { type Message, type ToolSpec, textOf, thinkingOf, toolCallsOf } from "golem";
import * as openai from "golem/openai";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.DEEPSEEK_API_KEY);
const cassette = new URL("../../fixtures/openai/deepseek/thinking-tool-loop.json", import.meta.url);
// Offline: a fetch that serves the recorded responses and checks every request we send.
const replay = live ? undefined : replayFetch(parseCassette(readFileSync(cassette, "utf8")));

// Every request body as sent, to look at what each one carries back.
const sent: { messages: Record<string, unknown>[] }[] = [];
const send = replay ?? fetch;
const recording: typeof fetch = (input, init) => {
  sent.push(JSON.parse(String(init?.body)));
  return send(input, init);
};

const model = openai.create({
  baseURL: "https://api.deepseek.com",
  model: "deepseek-v4-pro",
  ...(replay ? { apiKey: "offline" } : {}),
  fetch: recording,
});

const weather: ToolSpec = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};
const forecast = (location: string) => (location.startsWith("Florence") ? "40 C" : "18 C");

console.log(
  live
    ? "Calling DeepSeek…"
    : "No DEEPSEEK_API_KEY: replaying fixtures/openai/deepseek/thinking-tool-loop.json",
);
const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
const ask = () =>
  model.generate({
    system: "You are a helpful assistant",
    tools: [weather],
    messages: [...history],
  });

// Turn 1: reasoning, then a call. The call is answered and the loop goes on.
const first = await ask();
console.log(`turn 1 thinks: ${thinkingOf(first.message)[0]?.text}`);
history.push(first.message);
for (const call of toolCallsOf(first.message)) {
  const { location } = JSON.parse(call.arguments) as { location: string };
  console.log(`turn 1 calls ${call.name}(${location})`);
  history.push({ role: "tool", toolCallId: call.id, content: forecast(location) });
}

// Turn 2: the answer. Then one more question.
const second = await ask();
console.log(`turn 2 answers: ${textOf(second.message)}`);
history.push(second.message, { role: "user", content: "And in Rome?" });
const third = await ask();
console.log(`turn 3 calls ${toolCallsOf(third.message)[0]?.name} again`);

// What went back: turn 1's reasoning (it called a tool) in requests 2 and 3, byte for byte;
// turn 2's (an answer) nowhere.
const back = (request: number, turn: number) =>
  sent[request]?.messages.filter((m) => m.role === "assistant")[turn]?.reasoning_content;
const thought = thinkingOf(first.message)[0]?.text;
console.log(`request 2 carries turn 1's reasoning_content: ${back(1, 0) === thought}`);
console.log(`request 3 carries it again: ${back(2, 0) === thought}`);
console.log(`request 3 carries turn 2's: ${back(2, 1) !== undefined}`);

// Offline: every recorded exchange was requested, and no request differed.
replay?.assertDone();
