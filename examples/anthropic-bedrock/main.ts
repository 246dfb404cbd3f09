/**
 * Claude through Amazon Bedrock's Messages API: the same weather conversation on both of its
 * endpoints, thinking on. On bedrock-runtime the call is signed with SigV4 (service `bedrock`)
 * and answered whole; on bedrock-mantle a Bedrock API key is sent as a bearer token and the
 * answer streams. Each turn's thinking and signatures go back on the next, exactly.
 *
 * With AWS_REGION, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (the runtime call) and
 * AWS_BEARER_TOKEN_BEDROCK (the Mantle call) set, it calls Bedrock; BEDROCK_RUNTIME_MODEL and
 * BEDROCK_MANTLE_MODEL pick other models (the ids differ: the runtime takes inference profiles
 * such as `us.anthropic.…-v1:0`, Mantle ids have neither the prefix nor the suffix). Without
 * AWS_REGION it replays fixtures/anthropic-bedrock/*.json, checking that every request it sends
 * is the recorded one.
 *
 *   npm run example:anthropic-bedrock
 */
import { readFileSync } from "node:fs";
import { type Message, type Model, partsOf, textOf, toolCallsOf } from "golem";
import * as anthropicBedrock from "golem/anthropic-bedrock";
import { parseCassette, replayFetch } from "golem/testing";

const region = process.env.AWS_REGION;
const live = Boolean(region);

/** The recorded exchange of `file`, for an offline run. */
function replay(file: string) {
  const url = new URL(`../../fixtures/anthropic-bedrock/${file}.json`, import.meta.url);
  return replayFetch(parseCassette(readFileSync(url, "utf8")));
}

const SONNET_4 = { maxTokens: 4096, thinking: { budgetTokens: 4000 } };

// SigV4 from the AWS_* variables when live; AWS's documentation example keys offline.
const runtime = anthropicBedrock.create({
  ...SONNET_4,
  region: region ?? "us-east-1",
  model: process.env.BEDROCK_RUNTIME_MODEL ?? "us.anthropic.claude-sonnet-4-20250514-v1:0",
  ...(live
    ? {}
    : {
        credentials: {
          accessKeyId: "AKIDEXAMPLE",
          secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        },
        fetch: replay("thinking-tool-loop"),
      }),
});
// A Bedrock API key from AWS_BEARER_TOKEN_BEDROCK when live.
const mantle = anthropicBedrock.create({
  ...SONNET_4,
  endpoint: "mantle",
  region: region ?? "us-east-1",
  model: process.env.BEDROCK_MANTLE_MODEL ?? "anthropic.claude-sonnet-4-20250514",
  ...(live ? {} : { apiKey: "offline", fetch: replay("thinking-tool-loop-stream") }),
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
async function weatherLoop(label: string, model: Model, stream: boolean): Promise<void> {
  const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
  for (let turn = 1; turn <= 2; turn++) {
    const req = { system: "You are a helpful assistant", messages: history, tools: [WEATHER] };
    const { message } = stream ? await model.stream(req).response : await model.generate(req);
    const signed = partsOf(message).filter((p) => "signature" in p && p.signature);
    console.log(
      `[${label}] turn ${turn}: signed parts: ${signed.map((p) => p.type).join(", ") || "none"}`,
    );
    const text = textOf(message).trim();
    if (text) console.log(`[${label}] ${text}`);
    history.push(message);
    const calls = toolCallsOf(message);
    if (calls.length === 0) break;
    for (const call of calls) {
      console.log(`[${label}] calls ${call.name}(${call.arguments})`);
      history.push({ role: "tool", toolCallId: call.id, content: "40 C" });
    }
  }
}

await weatherLoop("bedrock-runtime", runtime, false);
await weatherLoop("bedrock-mantle", mantle, true);
