/**
 * Asks Claude a question that needs a tool, with extended thinking on, and prints each
 * thinking block (or "[redacted reasoning]") with its signature, then the answer.
 *
 * With ANTHROPIC_API_KEY set it calls the API. Without it, it replays a recorded exchange
 * from fixtures/anthropic/, so you see the real output shape offline.
 *
 *   npm run example
 */
import { readFileSync } from "node:fs";
import type { Message, ModelResponse, ThinkingBlock, ToolSpec } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassettePath = new URL(
  "../../fixtures/anthropic/thinking-tool-loop-stream.json",
  import.meta.url,
);

const model = anthropic.create({
  model: "claude-sonnet-4-20250514",
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

function show(block: ThinkingBlock, i: number): void {
  if (block.redacted !== undefined) {
    console.log(
      `  [${i}] [redacted reasoning] ${block.redacted.length} bytes of encrypted payload`,
    );
    return;
  }
  console.log(`  [${i}] ${block.text === "" ? "(thinking omitted)" : block.text}`);
  if (block.signature)
    console.log(
      `      signature: ${block.signature.slice(0, 48)}… (${block.signature.length} chars)`,
    );
}

async function step(messages: Message[]): Promise<ModelResponse> {
  const stream = model.stream({
    system: "You are a helpful assistant",
    messages,
    tools: [weather],
  });
  let phase = "";
  for await (const delta of stream) {
    const now = delta.thinking ? "thinking" : delta.text !== undefined ? "answer" : "tool call";
    if (now !== phase) {
      phase = now;
      process.stdout.write(`\n${phase}: `);
    }
    process.stdout.write(delta.thinking?.text ?? delta.text ?? delta.toolCall?.arguments ?? "");
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
  message.thinking?.forEach(show);
  // The answer was printed as it streamed; a turn without tool calls ends the loop.
  if (!message.toolCalls?.length) break;
  for (const call of message.toolCalls) {
    const result = runTool(call.arguments);
    console.log(`  tool ${call.name}(${call.arguments}) -> ${result}`);
    messages.push({ role: "tool", toolCallId: call.id, content: result });
  }
}
