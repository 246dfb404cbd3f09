/**
 * Prompt caching in a tool loop: an Agent on Claude with `cache: "auto"` (golem marks the
 * tools, the system prompt and the last message as cache breakpoints), three steps with
 * thinking. Each step prints what it read from and wrote to the cache, then the run's summed
 * usage. `explainCacheMiss` from golem/testing then checks that each request extends the one
 * before (so the cache hits), and names where the prefix breaks when a history processor
 * (`dropOldThinking`) rewrites an earlier turn of the next run.
 *
 * With ANTHROPIC_API_KEY set it calls the API. Without it, it replays the exchange recorded in
 * fixtures/anthropic/cache-tool-loop.json, checking that every request it sends is the recorded one.
 *
 *   npm run example:caching
 */
import { readFileSync } from "node:fs";
import { Agent, dropOldThinking, jsonTool, type Message, type Model, type Usage } from "golem";
import * as anthropic from "golem/anthropic";
import { explainCacheMiss, parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassette = new URL("../../fixtures/anthropic/cache-tool-loop.json", import.meta.url);
// Offline: a fetch that serves the recorded responses and checks every request we send.
const replay = live ? undefined : replayFetch(parseCassette(readFileSync(cassette, "utf8")));

// Every request body as sent, to compare consecutive ones.
const sent: unknown[] = [];
const send = replay ?? fetch;
const recording: typeof fetch = (input, init) => {
  sent.push(JSON.parse(String(init?.body)));
  return send(input, init);
};

/** The model, with each call's usage kept: the agent only reports the sum. */
function withUsage(model: Model, usages: Usage[]): Model {
  return {
    provider: model.provider,
    model: model.model,
    generate: async (req, opts) => {
      const response = await model.generate(req, opts);
      usages.push(response.usage);
      return response;
    },
    stream: (req, opts) => model.stream(req, opts),
  };
}

const usages: Usage[] = [];
const model = withUsage(
  anthropic.create({
    model: "claude-sonnet-4-6",
    maxTokens: 16000,
    thinking: { adaptive: true },
    cache: "auto",
    fetch: recording,
    ...(replay ? { apiKey: "offline" } : {}),
  }),
  usages,
);

// A prefix shorter than the model's minimum (1024 tokens for most Claude models) is never
// cached: the instructions carry a conversion table to pass it.
const instructions = [
  "You are a weather and time assistant. Answer in one short sentence, in Celsius.",
  "Celsius to Fahrenheit, for converting a tool's answer when asked:",
  ...Array.from(
    { length: 151 },
    (_, i) => `${i - 50} C = ${Math.round(((i - 50) * 9) / 5 + 32)} F`,
  ),
].join("\n");

const weather = jsonTool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
  execute: (args) =>
    (args as { location: string }).location.startsWith("Florence") ? "40 C" : "18 C",
});
const localTime = jsonTool({
  name: "local_time",
  description: "Get the current local time in a city",
  parameters: {
    properties: { city: { description: "the city", type: "string" } },
    required: ["city"],
    type: "object",
  },
  execute: () => "14:05",
});

console.log(
  live
    ? "Calling the Anthropic API…"
    : "No ANTHROPIC_API_KEY: replaying fixtures/anthropic/cache-tool-loop.json",
);
const agent = new Agent({ model, instructions, tools: [weather, localTime] });
const result = await agent.run(
  "What's the weather in Florence, Italy, and what time is it there? Ask for the weather first, then the time.",
);

const tokens = (u: Usage) =>
  `cache read ${u.cacheReadTokens ?? 0}, cache write ${u.cacheWriteTokens ?? 0}, input ${u.inputTokens} (cached included), output ${u.outputTokens}`;
for (const [i, u] of usages.entries()) console.log(`step ${i + 1}: ${tokens(u)}`);
console.log(`run (${result.steps} steps): ${tokens(result.usage)}`);
console.log(`answer: ${result.output}`);

/** One line per comparison: the next request extends the previous one, or where it stops. */
function explain(label: string, previous: unknown, next: unknown): void {
  const report = explainCacheMiss(previous, next);
  console.log(
    report.extends
      ? `${label}: extends the one before, the cache can serve its prefix`
      : `${label}: cache miss from message ${report.index}, ${report.path}: ${report.detail}`,
  );
}

// The request bodies as sent: each step repeats the one before and adds to it.
for (let i = 1; i < sent.length; i++) explain(`request ${i + 1}`, sent[i - 1], sent[i]);

// A follow-up turn, compared as golem messages before it is sent (it is not sent here): as is,
// it extends the run; through dropOldThinking(1), the run's messages lose their thinking parts,
// so the prefix breaks at the first assistant message and the whole history is written again.
const next: Message[] = [...result.messages, { role: "user", content: "And in Rome?" }];
explain("next turn as is", result.messages, next);
explain("next turn after dropOldThinking(1)", result.messages, dropOldThinking(1)(next));

// Offline: every recorded exchange was requested, and no request differed.
replay?.assertDone();
