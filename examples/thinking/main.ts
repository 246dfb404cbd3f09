/**
 * Asks Claude a question that needs a tool, with extended thinking on. It streams the reasoning
 * and the answer as they come, then prints the message's parts in their order: each thinking
 * part (or "[redacted reasoning]") with the signature golem keeps, the text, the tool calls.
 *
 * With ANTHROPIC_API_KEY set it calls the API. Without it, it replays a recorded exchange
 * from fixtures/anthropic/, so you see the real output shape offline.
 *
 *   npm run example
 */
import { readFileSync } from "node:fs";
import { type Message, type ModelResponse, type Part, type ToolSpec, toolCallsOf } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassettePath = new URL(
  "../../fixtures/anthropic/thinking-tool-loop-stream.json",
  import.meta.url,
);

const model = anthropic.create({
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "claude-sonnet-4-6" : "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
  // Offline: a fetch that serves the recorded responses and checks every request we send.
  ...(live
    ? {}
    : { apiKey: "offline", fetch: replayFetch(parseCassette(readFileSync(cassettePath, "utf8"))) }),
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

function runTool(args: string): string {
  const { location } = JSON.parse(args) as { location: string };
  return location.startsWith("Florence") ? "40 C" : "18 C";
}

/** One part of the assistant message, as kept for the next request. */
function show(part: Part, i: number): void {
  if (part.type === "thinking") {
    if (part.redacted !== undefined) {
      console.log(
        `  [${i}] [redacted reasoning] ${part.redacted.length} chars of encrypted payload`,
      );
      return;
    }
    const shown =
      part.text === "" ? "omitted by the API" : `${part.text?.length} chars, shown above`;
    console.log(`  [${i}] thinking (${shown})`);
    if (part.signature) {
      console.log(
        `      signature: ${part.signature.slice(0, 48)}… (${part.signature.length} chars)`,
      );
    }
  } else if (part.type === "text") {
    // Printed as it streamed; only its place is shown here.
    console.log(`  [${i}] text (${part.text.length} chars, shown above)`);
  } else if (part.type === "tool-call")
    console.log(`  [${i}] tool call: ${part.name}(${part.arguments})`);
  else console.log(`  [${i}] ${part.type} part`);
}

async function step(messages: Message[]): Promise<ModelResponse> {
  const stream = model.stream({
    system: "You are a helpful assistant",
    messages,
    tools: [weather],
  });
  let phase = "";
  for await (const delta of stream) {
    // Reasoning, answer and tool arguments arrive as deltas of their own part (delta.index).
    let piece = "";
    if (delta.type === "thinking" || delta.type === "text") piece = delta.text ?? "";
    else if (delta.type === "tool-call") piece = delta.arguments ?? "";
    if (piece === "") continue;
    const now = delta.type === "text" ? "answer" : delta.type;
    if (now !== phase) {
      phase = now;
      process.stdout.write(`\n${phase}: `);
    }
    process.stdout.write(piece);
  }
  process.stdout.write("\n");
  return stream.response;
}

console.log(
  live
    ? "Calling the Anthropic API…"
    : "No ANTHROPIC_API_KEY: replaying fixtures/anthropic/thinking-tool-loop-stream.json",
);
const messages: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
for (let turn = 1; turn <= 4; turn++) {
  const { message, usage, stopReason } = await step(messages);
  messages.push(message);
  console.log(
    `\nturn ${turn}: stop=${stopReason} input=${usage.inputTokens} output=${usage.outputTokens}`,
  );
  if (typeof message.content !== "string") message.content.forEach(show);
  // The answer was printed as it streamed; a turn without tool calls ends the loop.
  const calls = toolCallsOf(message);
  if (calls.length === 0) break;
  for (const call of calls) {
    const result = runTool(call.arguments);
    console.log(`  tool ${call.name}(${call.arguments}) -> ${result}`);
    messages.push({ role: "tool", toolCallId: call.id, content: result });
  }
}
