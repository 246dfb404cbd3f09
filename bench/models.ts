/**
 * The adapters as the benchmarks drive them: one model per provider, its fetch injected, and
 * the two ways to read a stream (iterate every delta then await `response`, or await only
 * `response`).
 */
import type { Model, ModelResponse } from "../src/core/types.js";
import * as anthropic from "../src/platforms/anthropic/index.js";
import * as azure from "../src/platforms/azure/index.js";
import * as bedrock from "../src/platforms/bedrock/index.js";
import * as gemini from "../src/platforms/gemini/index.js";
import * as openai from "../src/platforms/openai/index.js";
import type { Provider } from "./bodies.js";

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A model of `provider` that sends every request to `fetch` (credentials are dummies). */
export function benchModel(provider: Provider, fetch: Fetch): Model {
  switch (provider) {
    case "anthropic":
      return anthropic.create({
        apiKey: "bench-key",
        model: "claude-bench",
        maxTokens: 64_000,
        fetch,
      });
    case "bedrock":
      return bedrock.create({
        region: "us-east-1",
        model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        credentials: {
          accessKeyId: "AKIDEXAMPLE",
          secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        },
        fetch,
      });
    case "gemini":
      return gemini.create({ apiKey: "bench-key", model: "gemini-3-pro-preview", fetch });
    case "openai":
      return openai.create({
        apiKey: "bench-key",
        model: "deepseek-v4-flash",
        baseURL: "https://api.deepseek.com",
        fetch,
      });
    case "responses":
      return openai.create({ apiKey: "bench-key", model: "gpt-5.4", api: "responses", fetch });
    case "azure":
      return azure.create({
        endpoint: "https://bench.openai.azure.com",
        deployment: "deepseek-r1",
        apiKey: "bench-key",
        fetch,
      });
  }
}

const PROMPT = {
  messages: [{ role: "user" as const, content: "What is the weather in Florence?" }],
};

/** Iterates every delta, then awaits `response`; returns the response and the delta count. */
export async function streamAll(
  model: Model,
): Promise<{ response: ModelResponse; deltas: number }> {
  const s = model.stream(PROMPT);
  let deltas = 0;
  for await (const _ of s) deltas++;
  return { response: await s.response, deltas };
}

/** Awaits only `response`, which drains the stream without handing deltas to anyone. */
export async function responseOnly(model: Model): Promise<ModelResponse> {
  return model.stream(PROMPT).response;
}
