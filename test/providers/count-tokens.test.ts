/**
 * `Model.countTokens` through the public `create()` of each adapter with a count endpoint,
 * replaying the count cassettes (fixtures/count): the request is the recorded one (the body
 * generate would send, minus what the endpoint refuses, at the count URL, signed where the
 * provider signs), and the answer is `{ inputTokens }`. Chat Completions has no endpoint: a
 * ConfigError, no request.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import { replayFetch } from "../../src/testing/index.js";
import { adapterModule, createModel } from "../contract/adapters.js";
import { loadCassette } from "../helpers/cassettes.js";
import { COUNT_MODELS, COUNT_REQUEST } from "../helpers/count.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { variantRows } from "../variants.js";

const COUNTS: Record<string, number> = {
  anthropic: 1843,
  openai: 1619,
  gemini: 1712,
  bedrock: 1790,
};

describe.each(variantRows(COUNT_MODELS))("%s countTokens", (provider, [config]) => {
  it("sends the recorded count request and answers { inputTokens }", async () => {
    const fetch = replayFetch(loadCassette(`count/${provider}`, "count-tokens"));
    const model = await createModel(provider, config, fetch);
    expect(model.countTokens).toBeTypeOf("function");
    const counted = await model.countTokens?.(COUNT_REQUEST);
    fetch.assertDone();
    expect(counted).toEqual({ inputTokens: COUNTS[provider] });
  });

  it("checks the history first, as generate does: no request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = await createModel(provider, config, fetch);
    const error = await model
      .countTokens?.({ messages: [{ role: "tool", toolCallId: "nope", content: "x" }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect(calls).toHaveLength(0);
  });

  it("rejects with the adapter's APIError on an error answer", async () => {
    const { fetch } = scriptedFetch([
      jsonResponse(400, { error: { type: "invalid_request_error", message: "bad" } }),
    ]);
    const model = await createModel(provider, { ...config, maxRetries: 0 }, fetch);
    const error = await model.countTokens?.(COUNT_REQUEST).catch((e: unknown) => e);
    const { APIError } = await adapterModule(provider);
    expect(error).toBeInstanceOf(APIError);
    expect((error as InstanceType<typeof APIError>).status).toBe(400);
  });
});

describe("countTokens where the API has no count endpoint", () => {
  it("openai Chat Completions: a ConfigError naming api: responses, no request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = await createModel("openai", { model: "gpt-6.1-sol" }, fetch);
    const error = await model.countTokens?.(COUNT_REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^openai: Chat Completions has no token-counting endpoint, and golem does not estimate; on OpenAI, a model created with api: "responses" counts/,
    );
    expect(calls).toHaveLength(0);
  });
});
