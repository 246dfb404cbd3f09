/**
 * Claude through OpenRouter with golem/openai: `baseURL` on openrouter.ai switches the Chat
 * Completions adapter to OpenRouter's reasoning dialect (`reasoning: { effort }` in the
 * request, `reasoning_details` in the answer). An Agent runs a tool loop; the assistant
 * message keeps a thinking part per reasoning entry (signed text, or encrypted data) and each
 * entry itself as a provider part, and the second request sends those entries back exactly as
 * they came, as Claude needs to continue its reasoning after the tool result.
 *
 * With OPENROUTER_API_KEY set it calls OpenRouter. Without it, it replays the exchange recorded
 * in fixtures/openai/openrouter-claude-tool-loop.json, checking every request it sends.
 *
 *   npm run example:openrouter
 */
import { readFileSync } from "node:fs";
import { Agent, jsonTool, partsOf, thinkingOf } from "golem";
import * as openai from "golem/openai";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.OPENROUTER_API_KEY);
const cassette = new URL("../../fixtures/openai/openrouter-claude-tool-loop.json", import.meta.url);
// Offline: a fetch that serves the recorded responses and checks every request we send.
const replay = live ? undefined : replayFetch(parseCassette(readFileSync(cassette, "utf8")));

// Every request body as sent, to look at what the second one carries.
const sent: { messages: Record<string, unknown>[] }[] = [];
const send = replay ?? fetch;
const recording: typeof fetch = (input, init) => {
  sent.push(JSON.parse(String(init?.body)));
  return send(input, init);
};

const model = openai.create({
  baseURL: "https://openrouter.ai/api/v1",
  model: "anthropic/claude-sonnet-4.5",
  reasoningEffort: "medium",
  // Live: the key defaults to OPENROUTER_API_KEY, as the baseURL is on openrouter.ai.
  ...(replay ? { apiKey: "offline" } : {}),
  fetch: recording,
});

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

console.log(
  live
    ? "Calling OpenRouter…"
    : "No OPENROUTER_API_KEY: replaying fixtures/openai/openrouter-claude-tool-loop.json",
);
const agent = new Agent({ model, instructions: "You are a helpful assistant", tools: [weather] });
const result = await agent.run("What's the weather in Florence, Italy?");

// The first assistant message: its reasoning, as thinking parts and as the entries themselves.
const turn = result.messages.find((m) => m.role === "assistant");
if (!turn) throw new Error("no assistant message");
for (const part of thinkingOf(turn)) {
  console.log(
    part.redacted !== undefined
      ? `thinking (${part.provider}): redacted, ${part.redacted.length} chars of encrypted data`
      : `thinking (${part.provider}): ${part.text?.length} chars, signature ${part.signature?.length} chars`,
  );
}
const entries = partsOf(turn).flatMap((p) => (p.type === "provider" ? [p.value] : []));
for (const entry of entries) {
  const { type, format, index } = entry as Record<string, unknown>;
  console.log(`kept entry: ${type}, format ${format}, index ${index}`);
}

// Turn 2's request: the assistant message goes back with its reasoning_details unchanged.
const back = sent[1]?.messages.find((m) => m.role === "assistant")?.reasoning_details;
console.log(
  `turn 2 sends ${Array.isArray(back) ? back.length : 0} reasoning_details entries, exactly as kept: ${JSON.stringify(back) === JSON.stringify(entries)}`,
);
console.log(`${result.steps} steps, answer: ${result.output}`);

// Offline: every recorded exchange was requested, and no request differed.
replay?.assertDone();
