/**
 * Claude through Amazon Bedrock's Messages API: the same weather conversation on both of its
 * services (`service: "runtime"`, the default, and `"mantle"`), thinking on. On bedrock-runtime the call is signed with SigV4 (service `bedrock`)
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
import { partsOf } from "golem";
import * as anthropicBedrock from "golem/anthropic-bedrock";
import { parseCassette, replayFetch } from "golem/testing";
import { type WeatherTurn, weatherLoop } from "../claude-platforms/weather-loop.js";

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
  // Offline, the models the recordings were made with (retired since); live, current ones.
  model:
    process.env.BEDROCK_RUNTIME_MODEL ??
    (live ? "us.anthropic.claude-sonnet-4-6" : "us.anthropic.claude-sonnet-4-20250514-v1:0"),
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
  service: "mantle",
  region: region ?? "us-east-1",
  model:
    process.env.BEDROCK_MANTLE_MODEL ??
    (live ? "anthropic.claude-sonnet-4-6" : "anthropic.claude-sonnet-4-20250514"),
  ...(live ? {} : { apiKey: "offline", fetch: replay("thinking-tool-loop-stream") }),
});

/** The turn line of this example: which parts of the answer came signed. */
function signedParts({ turn, message }: WeatherTurn): string {
  const signed = partsOf(message).filter((p) => "signature" in p && p.signature);
  return `turn ${turn}: signed parts: ${signed.map((p) => p.type).join(", ") || "none"}`;
}

// The conversation itself is the same on every Claude platform: ../claude-platforms/weather-loop.ts.
await weatherLoop(runtime, { label: "bedrock-runtime", whole: true, summary: signedParts });
await weatherLoop(mantle, { label: "bedrock-mantle", summary: signedParts });
