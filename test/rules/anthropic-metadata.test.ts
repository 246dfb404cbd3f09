/**
 * `anthropic.capabilities()` replays the recorded models-API answers (fixtures/models): the
 * request it builds is the recorded one, the typed value is what the answer says with the
 * table filling the rest, and passed to `create()` it rules calls no table row knows.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";

const KEY = "sk-ant-test-key-0123456789";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function fetched(scenario: string, model: string) {
  const fetch = replayFetch(loadCassette("models/anthropic", scenario));
  const caps = await anthropic.capabilities(model, { apiKey: KEY, fetch });
  fetch.assertDone();
  return caps;
}

/** A create() + generate() that must not reach the network. */
async function refused(config: Partial<anthropic.Config>, maxTokens = 1024) {
  const { fetch, calls } = scriptedFetch([]);
  const error = await (async () =>
    anthropic
      .create({ apiKey: KEY, model: "m", maxTokens, fetch, ...config })
      .generate({ messages: [{ role: "user", content: "Hi" }] }))().catch((e: unknown) => e);
  expect(calls).toHaveLength(0);
  return error;
}

describe("anthropic.capabilities from the models API", () => {
  it("reads Sonnet 5.5's answer, the table filling what the API does not report", async () => {
    const caps = await fetched("model-metadata", "claude-sonnet-5-5");
    expect(caps).toMatchObject({
      model: "claude-sonnet-5-5",
      source: "metadata",
      maxInputTokens: 1000000,
      maxOutputTokens: 128000,
      // adaptive/enabled from the API, disabled/between_tools from the table row
      thinking: { adaptive: true, enabled: false, disabled: false, between_tools: true },
      effort: { low: true, medium: true, high: true, xhigh: true, max: true },
      contextEdits: { clear_thinking_20251015: true, compact_20260112: true },
      sampling: false,
      forcedToolChoice: false,
      prefill: false,
      thinkingEfforts: { between_tools: ["low", "medium", "high"] },
      reference: "https://platform.claude.com/docs/en/models/sonnet-5-5/migration-guide",
    });
    expect(caps.checked).toMatch(DAY);
  });

  it("answers an alias with the dated id; no table row, so metadata alone", async () => {
    const caps = await fetched("model-metadata-alias", "claude-haiku-4-5");
    expect(caps.model).toBe("claude-haiku-4-5-20251001");
    expect(caps.sampling).toBeUndefined();
    expect(caps.thinking).toEqual({ adaptive: false, enabled: true });
    expect(caps.maxOutputTokens).toBe(64000);
  });

  it("is an anthropic.APIError on an error answer, the key scrubbed", async () => {
    const { fetch } = scriptedFetch([
      jsonResponse(404, { type: "error", error: { type: "not_found_error", message: KEY } }),
    ]);
    const error = await anthropic
      .capabilities("claude-nope", { apiKey: KEY, fetch, maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(anthropic.APIError);
    expect((error as anthropic.APIError).status).toBe(404);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect((error as Error).message).not.toContain(KEY);
  });

  it("refuses a missing model or key before any request", async () => {
    await expect(anthropic.capabilities("", { apiKey: KEY })).rejects.toThrow(ConfigError);
    await expect(anthropic.capabilities("claude-opus-5-5", { apiKey: "" })).rejects.toThrow(
      /no API key/,
    );
  });
});

describe("capabilities passed to create() rule the call", () => {
  it.each<[string, Partial<anthropic.Config>, number, RegExp]>([
    ["an effort the model lacks", { effort: "high" }, 1024, /effort "high" is not accepted by m/],
    ["maxTokens over the model's cap", {}, 100000, /maxTokens` 100000 is above m's cap of 64000/],
    [
      "a thinking type the model lacks",
      { thinking: { adaptive: true } },
      1024,
      /`thinking.adaptive` is not accepted by m; its thinking types are enabled/,
    ],
    [
      "a context edit the model lacks",
      { contextManagement: { edits: [{ type: "clear_tool_uses_20250919" }] } },
      1024,
      /the clear_tool_uses_20250919 edit is not supported by m/,
    ],
  ])("refuses %s", async (_name, config, maxTokens, message) => {
    const capabilities = await fetched("model-metadata-alias", "claude-haiku-4-5");
    const error = await refused({ ...config, capabilities }, maxTokens);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it("lets the same model's supported settings through", async () => {
    const capabilities = await fetched("model-metadata-alias", "claude-haiku-4-5");
    const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
    const model = anthropic.create({
      apiKey: KEY,
      model: "m",
      maxTokens: 64000,
      thinking: { budgetTokens: 4096 },
      capabilities,
      fetch,
      maxRetries: 0,
    });
    await model.generate({ messages: [{ role: "user", content: "Hi" }] }).catch(() => {});
    expect(calls).toHaveLength(1);
  });
});
