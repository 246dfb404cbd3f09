import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import * as anthropic from "../../../src/platforms/anthropic/index.js";

/**
 * `baseURL` as Anthropic's SDKs take it (`https://api.anthropic.com`, the `/v1/...` paths
 * added), or with `/v1` already on it as golem took it before: both reach the same endpoints.
 * Unset, it is `ANTHROPIC_BASE_URL` when that is set, as in the SDKs, then the API's own.
 */
const MESSAGES = "https://proxy.example.com/anthropic/v1/messages";

/** The URLs of a generate, a count and a capabilities call made with `baseURL` / the environment. */
async function urls(baseURL: string | undefined, env: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const seen: string[] = [];
  const fetch = async (url: string | URL | Request) => {
    seen.push(String(url));
    throw new Error("stop here");
  };
  const config = { apiKey: "k", fetch, maxRetries: 0, ...(baseURL !== undefined && { baseURL }) };
  const model = anthropic.create({ ...config, model: "claude-sonnet-4-6", maxTokens: 1024 });
  const req = { messages: [{ role: "user" as const, content: "hi" }] };
  await model.generate(req).catch(() => {});
  await model.countTokens?.(req).catch(() => {});
  await anthropic.capabilities("claude-sonnet-4-6", config).catch(() => {});
  return seen;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("anthropic baseURL", () => {
  it.each([
    ["the SDKs' form, without /v1", "https://proxy.example.com/anthropic"],
    ["with /v1", "https://proxy.example.com/anthropic/v1"],
    ["either with a trailing slash", "https://proxy.example.com/anthropic/v1/"],
  ])("takes %s", async (_, baseURL) => {
    expect(await urls(baseURL)).toEqual([
      MESSAGES,
      `${MESSAGES}/count_tokens`,
      "https://proxy.example.com/anthropic/v1/models/claude-sonnet-4-6",
    ]);
  });

  it("reads ANTHROPIC_BASE_URL when no baseURL is given, and prefers baseURL over it", async () => {
    const env = { ANTHROPIC_BASE_URL: "https://proxy.example.com/anthropic" };
    expect(await urls(undefined, env)).toEqual([
      MESSAGES,
      `${MESSAGES}/count_tokens`,
      "https://proxy.example.com/anthropic/v1/models/claude-sonnet-4-6",
    ]);
    const [first] = await urls("https://other.example.com", env);
    expect(first).toBe("https://other.example.com/v1/messages");
  });

  it("is the API's own without either", async () => {
    const [first] = await urls(undefined);
    expect(first).toBe("https://api.anthropic.com/v1/messages");
  });

  it("refuses an ANTHROPIC_BASE_URL that is not a URL, naming the variable", () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", "not a url");
    const create = () =>
      anthropic.create({ apiKey: "k", model: "claude-sonnet-4-6", maxTokens: 1 });
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(/ANTHROPIC_BASE_URL/);
  });
});
