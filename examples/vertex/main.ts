/**
 * Claude and Gemini on Vertex AI: the same weather conversation with each, streamed, thinking
 * on. golem picks the wire from the model id (claude-… speaks Anthropic's Messages API at
 * :streamRawPredict, gemini-… the Gemini API under publishers/google) and sends each turn's
 * thinking and signatures back on the next, exactly.
 *
 * With GOOGLE_CLOUD_PROJECT and either VERTEX_ACCESS_TOKEN (`gcloud auth print-access-token`)
 * or GOOGLE_APPLICATION_CREDENTIALS (a service-account key file, signed and exchanged by golem)
 * set, it calls Vertex AI. Without them it replays fixtures/vertex/*-thinking-tool-loop-stream.json,
 * checking that every request it sends is the recorded one.
 *
 *   npm run example:vertex
 */
import { readFileSync } from "node:fs";
import { type Message, type Model, partsOf, textOf, toolCallsOf } from "golem";
import { parseCassette, replayFetch } from "golem/testing";
import * as vertex from "golem/vertex";

const project = process.env.GOOGLE_CLOUD_PROJECT;
const accessToken = process.env.VERTEX_ACCESS_TOKEN;
const keyFile = process.env.GOOGLE_APPLICATION_CREDENTIALS;
const live = Boolean(project && (accessToken || keyFile));

/** Credentials and fetch: live ones, or the recorded exchange of `file`. */
function connection(file: string) {
  if (live) {
    const auth = accessToken
      ? { token: async () => accessToken }
      : { serviceAccount: readFileSync(keyFile ?? "", "utf8") };
    return { project: project ?? "", ...auth };
  }
  const url = new URL(`../../fixtures/vertex/${file}.json`, import.meta.url);
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { project: "golem", token: async () => "offline", fetch };
}

const claude = vertex.create({
  ...connection("claude-thinking-tool-loop-stream"),
  location: "global",
  model: "claude-sonnet-4@20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});
const gemini = vertex.create({
  ...connection("gemini-thinking-tool-loop-stream"),
  location: "us-central1",
  model: "gemini-3-pro-preview",
  thinking: { includeThoughts: true, level: "high" },
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

/** Two turns: the model calls the tool, then answers from its result. */
async function weatherLoop(model: Model): Promise<void> {
  const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
  for (let turn = 1; turn <= 2; turn++) {
    const stream = model.stream({
      system: "You are a helpful assistant",
      messages: history,
      tools: [WEATHER],
      ...(model.model.startsWith("gemini") ? { toolChoice: "auto" as const } : {}),
    });
    let deltas = 0;
    for await (const _ of stream) deltas++;
    const { message } = await stream.response;
    // Claude signs its thinking blocks, Gemini the part it calls a function on: both go back.
    const signed = partsOf(message).filter((p) => "signature" in p && p.signature);
    const kinds = signed.map((p) => p.type).join(", ") || "none";
    console.log(`[${model.model}] turn ${turn}: ${deltas} deltas, signed parts: ${kinds}`);
    const text = textOf(message).trim();
    if (text) console.log(`[${model.model}] ${text}`);
    history.push(message);
    const calls = toolCallsOf(message);
    if (calls.length === 0) break;
    for (const call of calls) {
      console.log(`[${model.model}] calls ${call.name}(${call.arguments})`);
      history.push({ role: "tool", toolCallId: call.id, content: "40 C" });
    }
  }
}

await weatherLoop(claude);
await weatherLoop(gemini);
