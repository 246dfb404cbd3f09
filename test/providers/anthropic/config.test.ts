import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { resolveConfig } from "../../../src/platforms/anthropic/config.js";
import { create } from "../../../src/platforms/anthropic/index.js";

const base = { apiKey: "sk-ant-test", model: "claude-sonnet-4-5", maxTokens: 8000 };

describe("anthropic config", () => {
  it("takes the key from ANTHROPIC_API_KEY when none is passed", () => {
    const { apiKey, ...rest } = base;
    expect(resolveConfig(rest, { ANTHROPIC_API_KEY: "from-env" }).apiKey).toBe("from-env");
  });

  it("prefers the passed key over the environment", () => {
    expect(resolveConfig(base, { ANTHROPIC_API_KEY: "from-env" }).apiKey).toBe("sk-ant-test");
  });

  it("names the option and the environment variable when there is no key", () => {
    const { apiKey, ...rest } = base;
    expect(() => resolveConfig(rest, {})).toThrow(ConfigError);
    expect(() => resolveConfig(rest, {})).toThrow(/apiKey.*ANTHROPIC_API_KEY/);
  });

  it("refuses a missing model and a bad maxTokens", () => {
    expect(() => resolveConfig({ ...base, model: "" }, {})).toThrow(/model/);
    expect(() => resolveConfig({ ...base, maxTokens: 0 }, {})).toThrow(/maxTokens/);
    expect(() => resolveConfig({ ...base, maxTokens: 1.5 }, {})).toThrow(/maxTokens/);
  });

  it("maps each thinking mode to its wire JSON", () => {
    const t = (thinking: Parameters<typeof resolveConfig>[0]["thinking"]) =>
      resolveConfig({ ...base, ...(thinking ? { thinking } : {}) }, {}).thinking;
    expect(t(undefined)).toBeUndefined();
    expect(t({ adaptive: true })).toEqual({ type: "adaptive" });
    expect(t({ adaptive: true, display: "omitted" })).toEqual({
      type: "adaptive",
      display: "omitted",
    });
    expect(t({ budgetTokens: 1024 })).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(t({ budgetTokens: 4000, display: "summarized" })).toEqual({
      type: "enabled",
      budget_tokens: 4000,
      display: "summarized",
    });
    expect(t({ disabled: true })).toEqual({ type: "disabled" });
  });

  it("refuses a budget below 1024 or not below maxTokens", () => {
    expect(() => resolveConfig({ ...base, thinking: { budgetTokens: 1023 } }, {})).toThrow(
      /budgetTokens/,
    );
    expect(() => resolveConfig({ ...base, thinking: { budgetTokens: 8000 } }, {})).toThrow(
      /< maxTokens/,
    );
    expect(() => resolveConfig({ ...base, thinking: { budgetTokens: 7999 } }, {})).not.toThrow();
  });

  it("refuses nonsense thinking shapes and displays", () => {
    const bad = [
      {},
      { adaptive: false },
      { adaptive: true, budgetTokens: 2000 },
      { disabled: false },
      { adaptive: true, display: "full" },
    ];
    for (const thinking of bad) {
      expect(() => resolveConfig({ ...base, thinking } as never, {})).toThrow(ConfigError);
    }
  });

  it("accepts the five efforts and refuses others", () => {
    for (const effort of ["low", "medium", "high", "xhigh", "max"] as const) {
      expect(resolveConfig({ ...base, effort }, {}).effort).toBe(effort);
    }
    expect(() => resolveConfig({ ...base, effort: "extreme" } as never, {})).toThrow(/effort/);
  });

  it("refuses bad transport settings", () => {
    expect(() => resolveConfig({ ...base, maxRetries: -1 }, {})).toThrow(/maxRetries/);
    expect(() => resolveConfig({ ...base, timeoutMs: 0 }, {})).toThrow(/timeoutMs/);
    expect(() => resolveConfig({ ...base, baseURL: "not a url" }, {})).toThrow(/baseURL/);
  });

  it("throws from create before any network call", () => {
    let called = false;
    const fetch = async () => {
      called = true;
      return new Response("{}");
    };
    expect(() =>
      create({ ...base, maxTokens: 2000, thinking: { budgetTokens: 4000 }, fetch }),
    ).toThrow(ConfigError);
    expect(called).toBe(false);
  });
});
