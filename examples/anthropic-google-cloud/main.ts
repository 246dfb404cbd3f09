/**
 * Claude Models on Google Cloud (Anthropic managed): the weather conversation, streamed,
 * thinking on, with a Google access-token function. golem asks the function before each
 * attempt (and once more after a 401), and sends each turn's thinking blocks and signatures
 * back on the next, exactly.
 *
 * With GOOGLE_CLOUD_PROJECT, ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID and GOOGLE_CLOUD_ACCESS_TOKEN
 * (`gcloud auth print-access-token`) set, it calls your workspace. Without them it replays
 * fixtures/anthropic-google-cloud/thinking-tool-loop-stream.json, checking that every request
 * it sends is the recorded one.
 *
 *   npm run example:anthropic-google-cloud
 */
import { readFileSync } from "node:fs";
import { type Message, partsOf, textOf, toolCallsOf } from "golem";
import * as anthropicGoogleCloud from "golem/anthropic-google-cloud";
import { parseCassette, replayFetch } from "golem/testing";

const project = process.env.GOOGLE_CLOUD_PROJECT;
const workspaceId = process.env.ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID;
const token = process.env.GOOGLE_CLOUD_ACCESS_TOKEN;

/** Where and as whom: the live workspace, or the recorded exchange. */
function connection() {
  // A real app passes a function that asks google-auth-library (or its own cache) each time.
  if (project && workspaceId && token) return { project, workspaceId, token: async () => token };
  const url = new URL(
    "../../fixtures/anthropic-google-cloud/thinking-tool-loop-stream.json",
    import.meta.url,
  );
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { project: "golem", workspaceId: "wrkspc1", token: async () => "offline", fetch };
}

const model = anthropicGoogleCloud.create({
  ...connection(),
  model: "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});

const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
};

const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
for (let turn = 1; turn <= 2; turn++) {
  const stream = model.stream({
    system: "You are a helpful assistant",
    messages: history,
    tools: [WEATHER],
  });
  let deltas = 0;
  for await (const _ of stream) deltas++;
  const { message } = await stream.response;
  const signed = partsOf(message).filter((p) => p.type === "thinking" && p.signature).length;
  console.log(`turn ${turn}: ${deltas} deltas, ${signed} signed thinking block(s)`);
  const text = textOf(message).trim();
  if (text) console.log(text);
  history.push(message);
  const calls = toolCallsOf(message);
  if (calls.length === 0) break;
  for (const call of calls) {
    console.log(`calls ${call.name}(${call.arguments})`);
    history.push({ role: "tool", toolCallId: call.id, content: "40 C" });
  }
}
