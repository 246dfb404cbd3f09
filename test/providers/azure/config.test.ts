import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { type Config, resolveConfig } from "../../../src/platforms/azure/config.js";
import { create } from "../../../src/platforms/azure/index.js";

const KEY = "azure-key-0123456789abcdef";
const ENDPOINT = "https://my-resource.openai.azure.com";
const token = async () => "entra-token-0123456789";

describe("azure resolveConfig", () => {
  it("uses the v1 API with the deployment as model when no apiVersion is given", () => {
    const cfg = resolveConfig(
      { endpoint: `${ENDPOINT}/`, deployment: "gpt-5-mini", apiKey: KEY },
      {},
    );
    expect(cfg).toEqual({
      provider: "azure",
      model: "gpt-5-mini",
      replayReasoning: false,
      settings: {},
      maxRetries: 2,
      idleTimeoutMs: 600_000,
      deadlineMs: undefined,
      deployment: "gpt-5-mini",
      endpoint: ENDPOINT,
      auth: { apiKey: KEY },
      headers: { "content-type": "application/json", "api-key": KEY },
    });
  });

  it("leaves the model out of the body with an apiVersion (the URL names the deployment)", () => {
    const cfg = resolveConfig(
      { endpoint: ENDPOINT, deployment: "o4-mini", apiVersion: "2024-12-01-preview", apiKey: KEY },
      {},
    );
    expect("model" in cfg).toBe(false);
    expect(cfg.apiVersion).toBe("2024-12-01-preview");
  });

  it("takes the key from AZURE_OPENAI_API_KEY", () => {
    const cfg = resolveConfig(
      { endpoint: ENDPOINT, deployment: "d" },
      { AZURE_OPENAI_API_KEY: "env-key-123456" },
    );
    expect(cfg.auth).toEqual({ apiKey: "env-key-123456" });
    expect(cfg.headers["api-key"]).toBe("env-key-123456");
  });

  it("with a token sends no api-key header, even when the environment has a key", () => {
    const cfg = resolveConfig(
      { endpoint: ENDPOINT, deployment: "d", token },
      { AZURE_OPENAI_API_KEY: "env-key-123456" },
    );
    expect(cfg.auth).toEqual({ token });
    expect(cfg.headers).toEqual({ "content-type": "application/json" });
  });

  it("keeps reasoning options and accepts a baseURL instead of an endpoint", () => {
    const cfg = resolveConfig(
      {
        baseURL: "https://gateway.example.com/azure/openai/v1/",
        deployment: "deepseek-v4-pro",
        apiKey: KEY,
        reasoningEffort: "high",
        maxTokens: 2000,
        replayReasoning: true,
      },
      {},
    );
    expect(cfg).toMatchObject({
      baseURL: "https://gateway.example.com/azure/openai/v1",
      model: "deepseek-v4-pro",
      reasoningEffort: "high",
      settings: { maxTokens: 2000 },
      replayReasoning: true,
    });
    expect("endpoint" in cfg).toBe(false);
  });

  const bad: [string, Partial<Config>, Record<string, string>, RegExp][] = [
    ["no endpoint", { deployment: "d", apiKey: KEY }, {}, /endpoint is required/],
    [
      "an endpoint that is no URL",
      { endpoint: "my-resource", deployment: "d", apiKey: KEY },
      {},
      /`endpoint` is not a URL/,
    ],
    ["no deployment", { endpoint: ENDPOINT, apiKey: KEY }, {}, /deployment is required/],
    [
      "neither key nor token",
      { endpoint: ENDPOINT, deployment: "d" },
      {},
      /apiKey.*AZURE_OPENAI_API_KEY.*token/,
    ],
    [
      "both key and token",
      { endpoint: ENDPOINT, deployment: "d", apiKey: KEY, token },
      {},
      /not both/,
    ],
    [
      "a token that is no function",
      { endpoint: ENDPOINT, deployment: "d", token: "abc" as never },
      {},
      /token must be a function/,
    ],
    [
      "an empty apiVersion",
      { endpoint: ENDPOINT, deployment: "d", apiKey: KEY, apiVersion: "" },
      {},
      /apiVersion/,
    ],
    [
      "an unknown effort",
      { endpoint: ENDPOINT, deployment: "d", apiKey: KEY, reasoningEffort: "maximum" as never },
      {},
      /reasoningEffort/,
    ],
    [
      "a negative maxTokens",
      { endpoint: ENDPOINT, deployment: "d", apiKey: KEY, maxTokens: -5 },
      {},
      /maxTokens/,
    ],
    [
      "a fractional maxRetries",
      { endpoint: ENDPOINT, deployment: "d", apiKey: KEY, maxRetries: 0.5 },
      {},
      /maxRetries/,
    ],
  ];
  it.each(bad)("throws ConfigError for %s", (_what, config, env, message) => {
    expect(() => resolveConfig(config as Config, env)).toThrow(ConfigError);
    expect(() => resolveConfig(config as Config, env)).toThrow(message);
  });
});

describe("azure.create", () => {
  it("reports provider azure and the deployment as model", () => {
    const model = create({ endpoint: ENDPOINT, deployment: "gpt-5-mini", apiKey: KEY });
    expect(model.provider).toBe("azure");
    expect(model.model).toBe("gpt-5-mini");
  });

  it("throws ConfigError before any fetch", () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response("{}");
    };
    expect(() => create({ endpoint: ENDPOINT, deployment: "d", fetch } as Config)).toThrow(
      ConfigError,
    );
    expect(calls).toBe(0);
  });
});
