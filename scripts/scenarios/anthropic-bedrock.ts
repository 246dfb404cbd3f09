import * as anthropicBedrock from "../../src/platforms/anthropic-bedrock/index.js";
import { claudePlatformScenarios } from "./claude-platform.js";
import type { Scenario } from "./types.js";

/** The model id each service takes: an inference profile on the runtime, a Mantle id there. */
const DEFAULT_MODEL: Record<anthropicBedrock.Service, string> = {
  runtime: "us.anthropic.claude-sonnet-4-20250514-v1:0",
  mantle: "anthropic.claude-sonnet-4-20250514",
};

/** The whole answer is recorded on bedrock-runtime, the streamed one on bedrock-mantle. */
const serviceOf = (stream: boolean): anthropicBedrock.Service => (stream ? "mantle" : "runtime");

/**
 * Scenarios recorded against Bedrock's Messages API, one per cassette in
 * fixtures/anthropic-bedrock. Region and credentials come from the environment the adapter
 * reads (AWS_REGION; AWS_BEARER_TOKEN_BEDROCK, else
 * AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN); `--base-url` replaces
 * `https://bedrock-runtime.{region}.amazonaws.com/anthropic/v1` (or Mantle's
 * `https://bedrock-mantle.{region}.api.aws/anthropic/v1`).
 */
export const anthropicBedrockScenarios: Record<string, Scenario> = claudePlatformScenarios(
  (settings, _ctx, stream) => anthropicBedrock.create({ ...settings, service: serviceOf(stream) }),
  {
    defaultModel: (stream) => DEFAULT_MODEL[serviceOf(stream)],
    detail: (stream) => ` on bedrock-${serviceOf(stream)}${stream ? ", streamed" : ""}`,
  },
);
