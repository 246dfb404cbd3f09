import { describe, expect, it } from "vitest";
import { parseUsage } from "../../../src/wires/openai-chat/response.js";
import { parseResponsesUsage } from "../../../src/wires/openai-responses/response.js";

// Cache writes split by lifetime (`cache_write_tokens_details`, openai 7.60.0 ResponseUsage
// and CompletionUsage): https://developers.openai.com/api/docs/guides/prompt-caching
describe("OpenAI cache-write usage split by TTL", () => {
  it("reads the Responses usage's ttl_30m_tokens and ttl_12h_tokens into cacheWriteTokensByTtl", () => {
    const usage = parseResponsesUsage({
      input_tokens: 5000,
      output_tokens: 40,
      input_tokens_details: {
        cached_tokens: 1000,
        cache_write_tokens: 3900,
        cache_write_tokens_details: { ttl_30m_tokens: 900, ttl_12h_tokens: 3000 },
      },
    });
    expect(usage).toEqual({
      inputTokens: 5000,
      outputTokens: 40,
      cacheReadTokens: 1000,
      cacheWriteTokens: 3900,
      cacheWriteTokensByTtl: { "30m": 900, "12h": 3000 },
    });
  });

  it("reads Chat Completions' prompt_tokens_details the same way, and leaves out a split not sent", () => {
    const split = parseUsage({
      prompt_tokens: 100,
      completion_tokens: 5,
      prompt_tokens_details: {
        cache_write_tokens: 80,
        cache_write_tokens_details: { ttl_30m_tokens: 80, ttl_12h_tokens: 0 },
      },
    });
    expect(split.cacheWriteTokensByTtl).toEqual({ "30m": 80, "12h": 0 });
    const plain = parseUsage({ prompt_tokens: 100, completion_tokens: 5 });
    expect(plain).not.toHaveProperty("cacheWriteTokensByTtl");
  });
});
