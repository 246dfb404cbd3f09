/**
 * An image and a PDF in a user message, and a tool whose result is an image: `imagePart` and
 * `filePart` turn file bytes into parts (the media type read from the bytes), an Agent sends
 * them to Claude, and the `logo` tool answers with a text part and a picture the model looks
 * at in the next step.
 *
 * With ANTHROPIC_API_KEY set it calls the API. Without it, it replays the exchange recorded in
 * fixtures/anthropic/media.json, checking that every request it sends is the recorded one.
 *
 *   npm run example:media
 */
import { readFileSync } from "node:fs";
import {
  Agent,
  base64ToBytes,
  filePart,
  imagePart,
  jsonTool,
  type Part,
  partsOf,
  toolCallsOf,
} from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const file = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));

// Offline: a fetch that serves the recorded responses and checks every request we send.
const replay = live
  ? undefined
  : replayFetch(parseCassette(file("anthropic/media.json").toString()));
const model = anthropic.create({
  model: "claude-sonnet-4-6",
  maxTokens: 1024,
  ...(replay ? { apiKey: "offline", fetch: replay } : {}),
});

// A tool may return parts: text, images and files go back to the model as the tool's result.
const logo = jsonTool({
  name: "logo",
  description: "Fetch the company logo as an image",
  parameters: { type: "object", properties: {} },
  execute: (): Part[] => [
    { type: "text", text: "logo.png" },
    imagePart(file("media/blue-square.png")),
  ],
});

/** A part in one line: text as it is, media by type, name and size. */
function describe(part: Part): string {
  if (part.type === "text") return JSON.stringify(part.text);
  if (part.type === "image" || part.type === "file") {
    const name = part.type === "file" && part.filename ? ` ${part.filename}` : "";
    const where = part.data === undefined ? part.url : `${base64ToBytes(part.data).length} bytes`;
    return `${part.type} ${part.mediaType}${name} (${where})`;
  }
  if (part.type === "tool-call") return `tool call ${part.name}(${part.arguments})`;
  return `${part.type} part`;
}

console.log(
  live
    ? "Calling the Anthropic API…"
    : "No ANTHROPIC_API_KEY: replaying fixtures/anthropic/media.json",
);
const agent = new Agent({ model, tools: [logo] });
const result = await agent.run([
  {
    type: "text",
    text: "What colour is this square, and what does the PDF say? Then look at our logo with the logo tool and tell me its colour.",
  },
  imagePart(file("media/red-square.png")),
  filePart(file("media/hello.pdf"), undefined, "hello.pdf"),
]);

let step = 0;
for (const message of result.messages) {
  const label = message.role === "assistant" ? `step ${++step}` : message.role;
  console.log(`${label}:`);
  for (const part of partsOf(message)) console.log(`  ${describe(part)}`);
}
const calls = result.messages.flatMap(toolCallsOf).length;
console.log(
  `${result.steps} steps, tool calls: ${calls}, tokens in/out: ${result.usage.inputTokens}/${result.usage.outputTokens}`,
);
// Offline: every recorded exchange was requested, and no request differed.
replay?.assertDone();
