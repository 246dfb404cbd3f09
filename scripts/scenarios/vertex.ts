import { ConfigError } from "../../src/index.js";
import * as vertex from "../../src/platforms/vertex/index.js";
import { LONG_DECODE } from "./gemini.js";
import { call, toolLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/**
 * The project comes from GOOGLE_CLOUD_PROJECT, the location from GOOGLE_CLOUD_LOCATION or the
 * scenario's, the token from VERTEX_ACCESS_TOKEN (`gcloud auth print-access-token`).
 * `--base-url` replaces `https://{host}/v1`.
 */
function where(ctx: ScenarioContext, location: string) {
  const project = ctx.env.GOOGLE_CLOUD_PROJECT;
  const token = ctx.env.VERTEX_ACCESS_TOKEN;
  if (!project) throw new ConfigError("vertex scenarios need GOOGLE_CLOUD_PROJECT");
  if (!token) {
    throw new ConfigError(
      "vertex scenarios need VERTEX_ACCESS_TOKEN (e.g. the output of gcloud auth print-access-token)",
    );
  }
  return {
    project,
    location: ctx.env.GOOGLE_CLOUD_LOCATION || location,
    token: async () => token,
    fetch: ctx.fetch,
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
  };
}

const WEATHER_LOOP = {
  system: "You are a helpful assistant",
  prompt: "What's the weather in Florence, Italy?",
};

/** The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json) on Vertex. */
const claude = (stream: boolean, location: string): Scenario => ({
  description: `Claude, thinking (budget 4000) + a weather tool, two turns, ${location}${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4@20250514",
  create: (ctx) =>
    vertex.create({
      ...where(ctx, location),
      model: (ctx.model ?? "claude-sonnet-4@20250514") as `claude-${string}`,
      maxTokens: 4096,
      thinking: { budgetTokens: 4000 },
    }),
  run: async (model) => {
    await toolLoop(model, { ...WEATHER_LOOP, stream });
  },
});

/** Asks Vertex to stream a call's arguments in `partialArgs` fragments (Gemini 3+, Vertex only). */
const STREAM_ARGUMENTS = {
  toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } },
};

/** The Gemini thinking loop (fixtures/gemini/thinking-tool-loop.json) on Vertex. */
const gemini = (stream: boolean, location: string, streamArguments = false): Scenario => ({
  description: `Gemini, thinking level high with thoughts + a weather tool, two turns, ${location}${stream ? ", streamed" : ""}${streamArguments ? ", arguments streamed in partialArgs" : ""}`,
  streaming: stream,
  defaultModel: "gemini-3-pro-preview",
  create: (ctx) =>
    vertex.create({
      ...where(ctx, location),
      model: (ctx.model ?? "gemini-3-pro-preview") as `gemini-${string}`,
      thinking: { includeThoughts: true, level: "high" },
      ...(streamArguments ? { extraBody: STREAM_ARGUMENTS } : {}),
    }),
  run: async (model) => {
    await toolLoop(model, { ...WEATHER_LOOP, toolChoice: "auto", stream });
  },
});

/**
 * Gemini 4 long decode on Vertex (fixtures/vertex/gemini-long-decode.json): at v1beta1, where
 * Google's Gemini 4 guides place long decode in GenerateContent
 * (https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-4-hydrogen).
 */
const geminiLongDecode: Scenario = {
  description:
    "Gemini 4 long decode: one answer over CONTINUATION hops (thinking xhigh, a tool), v1beta1",
  streaming: false,
  defaultModel: LONG_DECODE.model,
  create: (ctx) =>
    vertex.create({
      ...where(ctx, "global"),
      baseURL: ctx.baseURL ?? "https://aiplatform.googleapis.com/v1beta1",
      model: (ctx.model ?? LONG_DECODE.model) as `gemini-${string}`,
      ...LONG_DECODE.config,
    }),
  run: async (model) => {
    await call(
      model,
      { messages: [{ role: "user", content: LONG_DECODE.prompt }], tools: [...LONG_DECODE.tools] },
      false,
    );
  },
};

/** Scenarios recorded against Vertex AI, one per cassette in fixtures/vertex. */
export const vertexScenarios: Record<string, Scenario> = {
  "claude-thinking-tool-loop": claude(false, "us-east5"),
  "claude-thinking-tool-loop-stream": claude(true, "global"),
  "gemini-thinking-tool-loop": gemini(false, "global"),
  "gemini-thinking-tool-loop-stream": gemini(true, "us-central1"),
  "gemini-partial-args-stream": gemini(true, "us-central1", true),
  "gemini-long-decode": geminiLongDecode,
};
