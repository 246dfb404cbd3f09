import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { type Config, resolveConfig } from "../../../src/platforms/openai/config.js";
import { create } from "../../../src/platforms/openai/index.js";

const KEY = "sk-test-0123456789abcdef";

describe("openai resolveConfig", () => {
  it("fills in the default base URL, retries and the auth header", () => {
    const cfg = resolveConfig({ apiKey: KEY, model: "gpt-5.4" }, {});
    expect(cfg).toEqual({
      provider: "openai",
      model: "gpt-5.4",
      replayReasoning: false,
      settings: {},
      maxRetries: 2,
      idleTimeoutMs: 600_000,
      deadlineMs: undefined,
      apiKey: KEY,
      baseURL: "https://api.openai.com/v1",
      api: "chat-completions",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
    });
  });

  it("takes the key from OPENAI_API_KEY when none is passed", () => {
    const cfg = resolveConfig({ model: "gpt-5.4" }, { OPENAI_API_KEY: "sk-from-env-123456" });
    expect(cfg.apiKey).toBe("sk-from-env-123456");
    expect(cfg.headers.authorization).toBe("Bearer sk-from-env-123456");
  });

  it("takes an openrouter.ai baseURL's key from OPENROUTER_API_KEY, never OPENAI_API_KEY", () => {
    const env = { OPENAI_API_KEY: "sk-openai-123456", OPENROUTER_API_KEY: "sk-or-123456" };
    const baseURL = "https://openrouter.ai/api/v1";
    expect(resolveConfig({ model: "m", baseURL }, env).apiKey).toBe("sk-or-123456");
    expect(() => resolveConfig({ model: "m", baseURL }, { OPENAI_API_KEY: "sk-openai" })).toThrow(
      /no API key; pass apiKey or set OPENROUTER_API_KEY/,
    );
    // Other hosts (proxies, vLLM, DeepSeek) keep the OpenAI convention.
    const other = resolveConfig({ model: "m", baseURL: "http://localhost:8000/v1" }, env);
    expect(other.apiKey).toBe("sk-openai-123456");
  });

  it("prefers the passed key over the environment", () => {
    const cfg = resolveConfig({ apiKey: KEY, model: "m" }, { OPENAI_API_KEY: "sk-env" });
    expect(cfg.apiKey).toBe(KEY);
  });

  it("keeps every reasoning option and strips trailing slashes from baseURL", () => {
    const cfg = resolveConfig(
      {
        apiKey: KEY,
        model: "deepseek-v4-pro",
        baseURL: "https://api.deepseek.com/",
        reasoningEffort: "xhigh",
        maxTokens: 8000,
        replayReasoning: true,
        maxRetries: 0,
        timeoutMs: 30_000,
      },
      {},
    );
    expect(cfg).toMatchObject({
      baseURL: "https://api.deepseek.com",
      reasoningEffort: "xhigh",
      settings: { maxTokens: 8000 },
      replayReasoning: true,
      maxRetries: 0,
      timeoutMs: 30_000,
    });
  });

  it("lower-cases the caller's headers and never lets them replace auth", () => {
    const cfg = resolveConfig(
      { apiKey: KEY, model: "m", headers: { "OpenAI-Project": "proj_1", Authorization: "x" } },
      {},
    );
    expect(cfg.headers).toEqual({
      "openai-project": "proj_1",
      "content-type": "application/json",
      authorization: `Bearer ${KEY}`,
    });
  });

  const bad: [string, Partial<Config>, Record<string, string>, RegExp][] = [
    ["no key anywhere", { model: "m" }, {}, /apiKey.*OPENAI_API_KEY/],
    ["an empty key", { apiKey: "", model: "m" }, {}, /OPENAI_API_KEY/],
    ["no model", { apiKey: KEY }, {}, /model is required/],
    ["an empty model", { apiKey: KEY, model: "" }, {}, /model is required/],
    [
      "an unknown effort",
      { apiKey: KEY, model: "m", reasoningEffort: "maximum" as never },
      {},
      /reasoningEffort must be one of none, minimal, low, medium, high, xhigh, max; got "maximum"/,
    ],
    ["a fractional maxTokens", { apiKey: KEY, model: "m", maxTokens: 1.5 }, {}, /maxTokens/],
    ["a zero maxTokens", { apiKey: KEY, model: "m", maxTokens: 0 }, {}, /maxTokens/],
    ["a NaN maxTokens", { apiKey: KEY, model: "m", maxTokens: Number.NaN }, {}, /maxTokens/],
    ["negative retries", { apiKey: KEY, model: "m", maxRetries: -1 }, {}, /maxRetries/],
    [
      "an infinite timeout",
      { apiKey: KEY, model: "m", timeoutMs: Number.POSITIVE_INFINITY },
      {},
      /timeoutMs/,
    ],
    ["a zero timeout", { apiKey: KEY, model: "m", timeoutMs: 0 }, {}, /timeoutMs/],
    [
      "a baseURL that is no URL",
      { apiKey: KEY, model: "m", baseURL: "api.deepseek.com" },
      {},
      /`baseURL` is not a URL/,
    ],
    ["a non-http baseURL", { apiKey: KEY, model: "m", baseURL: "ftp://x.test" }, {}, /http\(s\)/],
    [
      "a replayReasoning that is no boolean",
      { apiKey: KEY, model: "m", replayReasoning: "yes" as never },
      {},
      /replayReasoning/,
    ],
    [
      "an api other than chat-completions or responses",
      { apiKey: KEY, model: "m", api: "assistants" as never },
      {},
      /api must be "chat-completions" or "responses"/,
    ],
    [
      "a header that is no string",
      { apiKey: KEY, model: "m", headers: { "x-n": 1 as never } },
      {},
      /header x-n/,
    ],
  ];
  it.each(bad)("throws ConfigError for %s", (_what, config, env, message) => {
    expect(() => resolveConfig(config as Config, env)).toThrow(ConfigError);
    expect(() => resolveConfig(config as Config, env)).toThrow(message);
  });
});

describe("openai.create", () => {
  it("throws ConfigError before any fetch", () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response("{}");
    };
    expect(() =>
      create({ apiKey: KEY, model: "m", reasoningEffort: "huge" as never, fetch }),
    ).toThrow(ConfigError);
    expect(calls).toBe(0);
  });

  it("reports provider and model", () => {
    const model = create({ apiKey: KEY, model: "gpt-5.4" });
    expect(model.provider).toBe("openai");
    expect(model.model).toBe("gpt-5.4");
  });
});
