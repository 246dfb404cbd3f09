import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { type Config, resolveConfig } from "../../../src/platforms/bedrock/config.js";
import { create } from "../../../src/platforms/bedrock/index.js";
import { thrownAs } from "../../helpers/errors.js";

const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const CREDS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
const base: Config = { region: "us-east-1", model: MODEL, credentials: CREDS };

const complaint = (config: Config, env: Record<string, string> = {}): string =>
  thrownAs(ConfigError, () => resolveConfig(config, env)).message;

describe("bedrock config", () => {
  it("takes `citations` as true or false only", () => {
    expect(resolveConfig({ ...base, citations: true }, {}).citations).toBe(true);
    expect(resolveConfig({ ...base, citations: false }, {}).citations).toBe(undefined);
    const bad = { ...base, citations: "yes" } as unknown as Config;
    expect(complaint(bad)).toBe("bedrock: `citations` must be true or false");
  });

  it("resolves defaults: base URL from the region, 2 retries, nothing optional sent", () => {
    expect(resolveConfig(base, {})).toEqual({
      region: "us-east-1",
      model: MODEL,
      settings: {},
      auth: { sigv4: CREDS },
      thinking: undefined,
      effort: undefined,
      baseURL: "https://bedrock-runtime.us-east-1.amazonaws.com",
      headers: {},
      fetch: undefined,
      maxRetries: 2,
      idleTimeoutMs: 600_000,
      deadlineMs: undefined,
      timeoutMs: undefined,
    });
  });

  it("takes region, keys and session token from the AWS environment variables", () => {
    const env = {
      AWS_DEFAULT_REGION: "eu-west-3",
      AWS_ACCESS_KEY_ID: "AKIDENV",
      AWS_SECRET_ACCESS_KEY: "secret-from-env",
      AWS_SESSION_TOKEN: "token-from-env",
    };
    const cfg = resolveConfig({ model: MODEL }, env);
    expect(cfg.region).toBe("eu-west-3");
    expect(cfg.baseURL).toBe("https://bedrock-runtime.eu-west-3.amazonaws.com");
    expect(cfg.auth).toEqual({
      sigv4: {
        accessKeyId: "AKIDENV",
        secretAccessKey: "secret-from-env",
        sessionToken: "token-from-env",
      },
    });
    expect(resolveConfig({ model: MODEL }, { ...env, AWS_REGION: "ap-south-1" }).region).toBe(
      "ap-south-1",
    );
  });

  it("prefers explicit options over the environment, and in the environment an API key over SigV4", () => {
    const env = {
      AWS_REGION: "us-west-2",
      AWS_BEARER_TOKEN_BEDROCK: "env-bearer",
      AWS_ACCESS_KEY_ID: "AKIDENV",
      AWS_SECRET_ACCESS_KEY: "secret-from-env",
    };
    expect(resolveConfig({ model: MODEL }, env).auth).toEqual({ bearer: "env-bearer" });
    expect(resolveConfig({ model: MODEL, credentials: CREDS }, env).auth).toEqual({ sigv4: CREDS });
    // Both kinds given explicitly is a ConfigError, as on Azure (apiKey and token).
    expect(() => resolveConfig({ model: MODEL, apiKey: "mine", credentials: CREDS }, env)).toThrow(
      new ConfigError("bedrock: pass apiKey or credentials, not both"),
    );
    expect(resolveConfig({ model: MODEL, region: "eu-north-1" }, env).region).toBe("eu-north-1");
  });

  it("maps thinking and effort to the same JSON as Anthropic", () => {
    const cfg = (c: Partial<Config>) => resolveConfig({ ...base, ...c }, {});
    expect(cfg({ thinking: { adaptive: true } }).thinking).toEqual({ type: "adaptive" });
    expect(cfg({ thinking: { adaptive: true, display: "omitted" } }).thinking).toEqual({
      type: "adaptive",
      display: "omitted",
    });
    expect(cfg({ maxTokens: 16000, thinking: { budgetTokens: 10000 } }).thinking).toEqual({
      type: "enabled",
      budget_tokens: 10000,
    });
    expect(
      cfg({ maxTokens: 4096, thinking: { budgetTokens: 1024, display: "summarized" } }).thinking,
    ).toEqual({ type: "enabled", budget_tokens: 1024, display: "summarized" });
    expect(cfg({ thinking: { disabled: true } }).thinking).toEqual({ type: "disabled" });
    expect(cfg({ effort: "xhigh" }).effort).toBe("xhigh");
  });

  it("allows a budget without maxTokens, since the model's own cap then applies", () => {
    expect(resolveConfig({ ...base, thinking: { budgetTokens: 1024 } }, {}).thinking).toEqual({
      type: "enabled",
      budget_tokens: 1024,
    });
  });

  it.each<[string, Config, Record<string, string>, RegExp]>([
    [
      "no region",
      { model: MODEL, credentials: CREDS },
      {},
      /`region`.*AWS_REGION.*AWS_DEFAULT_REGION/,
    ],
    [
      "a region that is no region name",
      { ...base, region: "us-east-1.evil.com/x" },
      {},
      /`region`/,
    ],
    ["no model", { ...base, model: "" }, {}, /`model` is required/],
    [
      "no credentials and no API key",
      { region: "us-east-1", model: MODEL },
      { AWS_ACCESS_KEY_ID: "only-the-id" },
      /`credentials`.*`apiKey`.*AWS_ACCESS_KEY_ID.*AWS_SECRET_ACCESS_KEY.*AWS_BEARER_TOKEN_BEDROCK/,
    ],
    [
      "credentials without a secret",
      { ...base, credentials: { accessKeyId: "AKID", secretAccessKey: "" } },
      {},
      /`credentials` needs a non-empty `accessKeyId` and `secretAccessKey`/,
    ],
    [
      "an empty API key",
      { region: "us-east-1", model: MODEL, apiKey: "" },
      {},
      /`apiKey`.*AWS_BEARER_TOKEN_BEDROCK/,
    ],
    [
      "an API key and credentials together",
      { ...base, apiKey: "bearer" },
      {},
      /^bedrock: pass apiKey or credentials, not both$/,
    ],
    [
      "a misspelt key inside credentials",
      { ...base, credentials: { ...CREDS, sessiontoken: "t" } as never },
      {},
      /^bedrock: unknown option `credentials.sessiontoken`; `credentials` accepts accessKeyId, secretAccessKey, sessionToken$/,
    ],
    [
      "a Gemini key inside Claude's thinking",
      { ...base, thinking: { budgetTokens: 2048, budget: 2048 } as never },
      {},
      /^bedrock: unknown option `thinking.budget`; `thinking` accepts adaptive, betweenTools, budgetTokens, disabled, display$/,
    ],
    [
      "an unknown key inside cache",
      { ...base, cache: { ttl: "5m", scope: "global" } as never },
      {},
      /^bedrock: unknown option `cache.scope`; `cache` accepts ttl$/,
    ],
    [
      "a budget under 1024",
      { ...base, maxTokens: 8000, thinking: { budgetTokens: 1000 } },
      {},
      /`thinking.budgetTokens` must be an integer >= 1024 and < maxTokens \(8000\), got 1000/,
    ],
    [
      "a budget of maxTokens or more",
      { ...base, maxTokens: 2048, thinking: { budgetTokens: 2048 } },
      {},
      /budgetTokens.*< maxTokens \(2048\), got 2048/,
    ],
    [
      "an unknown effort",
      { ...base, effort: "extreme" as never },
      {},
      /unknown `effort` "extreme"/,
    ],
    [
      "two thinking modes at once",
      { ...base, thinking: { adaptive: true, budgetTokens: 2000 } as never },
      {},
      /exactly one of/,
    ],
    [
      "thinking that is not an object",
      { ...base, thinking: "on" as never },
      {},
      /`thinking` must be an object/,
    ],
    [
      "adaptive: false",
      { ...base, thinking: { adaptive: false } as never },
      {},
      /`thinking.adaptive` must be true/,
    ],
    [
      "an unknown display",
      { ...base, thinking: { adaptive: true, display: "full" } as never },
      {},
      /unknown `thinking.display` "full"/,
    ],
    [
      "a fractional maxTokens",
      { ...base, maxTokens: 10.5 },
      {},
      /`maxTokens` must be an integer >= 1/,
    ],
    ["negative maxRetries", { ...base, maxRetries: -1 }, {}, /`maxRetries`/],
  ])("refuses %s with a ConfigError naming the option", (_what, config, env, message) => {
    expect(complaint(config, env)).toMatch(message);
  });

  it("throws from create() before any fetch", () => {
    let fetched = false;
    const fetch = async () => {
      fetched = true;
      return new Response("{}");
    };
    expect(() => create({ model: MODEL, region: "", credentials: CREDS, fetch })).toThrow(
      ConfigError,
    );
    expect(fetched).toBe(false);
  });
});
