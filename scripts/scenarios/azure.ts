import { ConfigError } from "../../src/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import { WEATHER_LOOP } from "./loops.js";
import { conversationLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

type Auth = Pick<azure.Config, "apiKey" | "token">;

/**
 * The resource comes from AZURE_OPENAI_ENDPOINT (not a secret), or `--base-url`, which
 * replaces `{endpoint}/openai/v1`. `--model` names the deployment.
 */
const make = (auth: (ctx: ScenarioContext) => Auth) => (ctx: ScenarioContext) => {
  const where = ctx.baseURL
    ? { baseURL: ctx.baseURL }
    : { endpoint: required(ctx, "AZURE_OPENAI_ENDPOINT", "https://my-resource.openai.azure.com") };
  return azure.create({
    deployment: ctx.model ?? "gpt-5-mini",
    reasoningEffort: "high",
    ...where,
    ...auth(ctx),
    fetch: ctx.fetch,
  });
};

function required(ctx: ScenarioContext, name: string, example: string): string {
  const value = ctx.env[name];
  if (!value) throw new ConfigError(`azure scenarios need ${name} (e.g. ${example}) or --base-url`);
  return value;
}

/** The adapter reads AZURE_OPENAI_API_KEY itself. */
const apiKey = (): Auth => ({});

/** An Entra ID token from AZURE_OPENAI_TOKEN (e.g. `az account get-access-token`). */
const token = (ctx: ScenarioContext): Auth => {
  const value = required(ctx, "AZURE_OPENAI_TOKEN", "the output of az account get-access-token");
  return { token: async () => value };
};

/** The weather loop of fantasy's Azure capture (fixtures/azure/v1-tool-call.json). */
const loop = (stream: boolean, auth: (ctx: ScenarioContext) => Auth): Scenario => ({
  description: `reasoning_effort high + a weather tool, two turns, ${stream ? "Entra ID token, streamed" : "api-key"}`,
  streaming: stream,
  defaultModel: "gpt-5-mini",
  create: make(auth),
  run: async (model) => {
    await conversationLoop(model, WEATHER_LOOP, { toolChoice: "auto", stream });
  },
});

/** Scenarios recorded against Azure OpenAI's v1 Chat Completions endpoint. */
export const azureScenarios: Record<string, Scenario> = {
  "v1-tool-call": loop(false, apiKey),
  "v1-tool-call-stream": loop(true, token),
};
