import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import * as azure from "../../../src/platforms/azure/index.js";
import * as openai from "../../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

// `prompt_cache_options` (openai 7.60.0 ResponseCreateParams / ChatCompletionCreateParams):
// mode, ttl ("30m" | "12h" on Responses, "30m" only on Chat), prewarm and
// comparison_response_id on Responses only.
// https://developers.openai.com/api/docs/guides/prompt-caching

// biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON body it sent.
async function sent(config: Record<string, unknown>): Promise<Record<string, any>> {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  await openai
    .create({ apiKey: "sk-test", model: "gpt-6.2", fetch, ...config } as openai.Config)
    .generate({ messages: [{ role: "user", content: "Hi" }] })
    .catch(() => undefined);
  return JSON.parse(calls[0]?.body ?? "{}");
}

describe("promptCacheOptions", () => {
  it("goes to the Responses API as prompt_cache_options, every field", async () => {
    const body = await sent({
      api: "responses",
      promptCacheOptions: {
        mode: "explicit",
        ttl: "12h",
        prewarm: true,
        comparisonResponseId: "resp_123",
      },
    });
    expect(body.prompt_cache_options).toEqual({
      mode: "explicit",
      ttl: "12h",
      prewarm: true,
      comparison_response_id: "resp_123",
    });
  });

  it("goes to Chat Completions with mode and the 30m ttl", async () => {
    const body = await sent({ promptCacheOptions: { mode: "implicit", ttl: "30m" } });
    expect(body.prompt_cache_options).toEqual({ mode: "implicit", ttl: "30m" });
  });

  it("is not sent when not set", async () => {
    expect(await sent({ api: "responses" })).not.toHaveProperty("prompt_cache_options");
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ["an unknown mode", { api: "responses", promptCacheOptions: { mode: "auto" } }, /\.mode/],
    ["an unknown ttl", { api: "responses", promptCacheOptions: { ttl: "1h" } }, /\.ttl/],
    ["a 12h ttl on Chat Completions", { promptCacheOptions: { ttl: "12h" } }, /\.ttl/],
    ["prewarm on Chat Completions", { promptCacheOptions: { prewarm: true } }, /\.prewarm needs/],
    [
      "a non-boolean prewarm",
      { api: "responses", promptCacheOptions: { prewarm: "yes" } },
      /\.prewarm must/,
    ],
    [
      "an unknown key",
      { api: "responses", promptCacheOptions: { retention: "24h" } },
      /no key "retention"/,
    ],
    ["cache with an Anthropic lifetime", { cache: { ttl: "5m" } }, /promptCacheOptions\.ttl/],
    [
      "cache on a compatible server, whose schema has no breakpoints",
      { cache: "auto", baseURL: "https://api.deepseek.com" },
      /server "deepseek" does not take/,
    ],
  ])("refuses %s with a ConfigError at create()", (_, config, message) => {
    const make = () =>
      openai.create({ apiKey: "sk-test", model: "gpt-6.2", ...config } as openai.Config);
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(message);
  });

  it('cache: "auto" sends breakpoints on OpenAI\'s own endpoint, Chat and Responses', async () => {
    for (const api of ["chat-completions", "responses"]) {
      const body = await sent({ api, cache: "auto", promptCacheOptions: { mode: "explicit" } });
      expect(JSON.stringify(body)).toContain('"prompt_cache_breakpoint":{"mode":"explicit"}');
    }
  });

  it("is taken by Azure too", () => {
    expect(() =>
      azure.create({
        apiKey: "k",
        endpoint: "https://x.openai.azure.com",
        deployment: "gpt-6.2",
        api: "responses",
        promptCacheOptions: { mode: "explicit" },
      }),
    ).not.toThrow();
  });
});
