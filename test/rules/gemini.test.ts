/**
 * The Gemini rules through the public API: Gemini 3 by parsed version, sampling and a trailing
 * model turn refused on Gemini 3.6+ Flash (and allowed on its neighbours), and
 * `gemini.capabilities()` replaying the recorded `models.get` answers (fixtures/models).
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import type { Message, ModelRequest } from "../../src/core/types.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import { gemini4Rules, isGemini3 } from "../../src/rules/gemini.js";
import { replayFetch } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";

const KEY = "AIza-test-key";
const WHY = "(https://ai.google.dev/gemini-api/docs/whats-new-gemini-3.6, 2026-12-01)";
const hi: Message[] = [{ role: "user", content: "Hi" }];

async function call(config: Partial<gemini.Config>, req: Partial<ModelRequest> = {}) {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const error = await (async () =>
    gemini
      .create({ apiKey: KEY, model: "m", maxRetries: 0, fetch, ...config })
      .generate({ messages: hi, ...req }))().catch((e: unknown) => e);
  const body = calls[0] ? (JSON.parse(calls[0].body) as Record<string, unknown>) : undefined;
  return { error, body, calls };
}

async function fetched(scenario: string, model: string) {
  const fetch = replayFetch(loadCassette("models/gemini", scenario));
  const caps = await gemini.capabilities(model, { apiKey: KEY, fetch });
  fetch.assertDone();
  return caps;
}

describe("Gemini 3 by parsed version", () => {
  it.each([
    ["gemini-3-pro-preview", true],
    ["gemini-3.6-flash", true],
    ["models/gemini-3.1-pro-preview", true],
    ["gemini-2.5-flash", false],
    ["tunedModels/gemini-3-copy", false],
    ["my-gemini-3-proxy", false],
  ])("%s: %s", (model, expected) => {
    expect(isGemini3(model)).toBe(expected);
  });
});

describe("Gemini 3.6+ Flash", () => {
  it.each<[string, Partial<ModelRequest>]>([
    ["temperature", { temperature: 0.2 }],
    ["topP", { topP: 0.5 }],
    ["topK", { topK: 3 }],
  ])("refuses %s before the request", async (k, req) => {
    const { error, calls } = await call({ model: "gemini-3.6-flash" }, req);
    expect(calls).toHaveLength(0);
    expect(error).toEqual(
      new ConfigError(`gemini: \`${k}\` is ignored by gemini-3.6-flash; leave it out ${WHY}`),
    );
  });

  it.each(["gemini-3.7-flash", "gemini-3.8-flash"])(
    "%s refuses thinking level minimal before the request",
    async (model) => {
      const { error, calls } = await call({ model, thinking: { level: "minimal" } });
      expect(calls).toHaveLength(0);
      expect(error).toEqual(
        new ConfigError(
          `gemini: \`thinking.level\` "minimal" is not accepted by ${model}; it takes low, medium, high (https://ai.google.dev/gemini-api/docs/whats-new-gemini-3.6; https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash, 2026-12-02)`,
        ),
      );
    },
  );

  it("refuses a request ending with the model's turn (HistoryError naming it)", async () => {
    const messages: Message[] = [...hi, { role: "assistant", content: "Sure:" }];
    const { error, calls } = await call({ model: "gemini-3.8-flash" }, { messages });
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(HistoryError);
    expect(error).toMatchObject({ index: 1 });
  });

  it.each<[string, Partial<gemini.Config>, Partial<ModelRequest>, object]>([
    [
      "3.5 Flash takes temperature",
      { model: "gemini-3.5-flash" },
      { temperature: 0.2 },
      {
        generationConfig: { temperature: 0.2 },
      },
    ],
    [
      "3.1 Pro takes topK",
      { model: "gemini-3.1-pro-preview" },
      { topK: 3 },
      {
        generationConfig: { topK: 3 },
      },
    ],
    [
      "3.6 Flash takes maxTokens and thinking",
      { model: "gemini-3.6-flash", thinking: { level: "low" } },
      { maxTokens: 100 },
      {
        generationConfig: { maxOutputTokens: 100, thinkingConfig: { thinkingLevel: "LOW" } },
      },
    ],
    [
      "3.8 Flash takes thinking level low",
      { model: "gemini-3.8-flash", thinking: { level: "low" } },
      {},
      { generationConfig: { thinkingConfig: { thinkingLevel: "LOW" } } },
    ],
    [
      "an unknown Gemini (4 Flash) is sent as asked",
      { model: "gemini-4-flash" },
      { temperature: 0.2 },
      {
        generationConfig: { temperature: 0.2 },
      },
    ],
  ])("allows: %s", async (_name, config, req, wire) => {
    const { body, calls } = await call(config, req);
    expect(calls).toHaveLength(1);
    expect(body).toMatchObject(wire);
  });
});

/** Where each Gemini 4 row's facts are read: the model's guide, and the long-decode page. */
const G4 = (tier: string) =>
  `(https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-4-${tier}; https://ai.google.dev/gemini-api/docs/generate-content/long-decode, 2026-12-06)`;

describe("Gemini 4 (the guides of 2026-12-06)", () => {
  it.each([
    // model, levels taken (Argon and Carbon: LOW, MEDIUM, HIGH; Hydrogen and Neon add XHIGH)
    ["gemini-4-argon", ["low", "medium", "high"]],
    ["gemini-4-carbon", ["low", "medium", "high"]],
    ["gemini-4-hydrogen", ["low", "medium", "high", "xhigh"]],
    ["gemini-4-neon", ["low", "medium", "high", "xhigh"]],
  ] as const)("%s takes thinking levels %j, and no other", async (model, taken) => {
    for (const level of ["minimal", "low", "medium", "high", "xhigh"] as const) {
      const { error, calls, body } = await call({ model, thinking: { level } });
      if ((taken as readonly string[]).includes(level)) {
        expect(calls, level).toHaveLength(1);
        expect(body).toMatchObject({
          generationConfig: { thinkingConfig: { thinkingLevel: level.toUpperCase() } },
        });
      } else {
        expect(calls, level).toHaveLength(0);
        expect(error).toEqual(
          new ConfigError(
            `gemini: \`thinking.level\` "${level}" is not accepted by ${model}; it takes ${taken.join(", ")} ${G4(model.slice(9))}`,
          ),
        );
      }
    }
  });

  it.each(["gemini-4-argon", "gemini-4-carbon", "gemini-4-hydrogen", "gemini-4-neon"])(
    "%s takes maxTokens up to the 1,048,576-token window long decode reaches, and refuses more",
    async (model) => {
      const ok = await call({ model, maxTokens: 1_048_576 });
      expect(ok.calls).toHaveLength(1);
      expect(ok.body).toMatchObject({ generationConfig: { maxOutputTokens: 1_048_576 } });
      const { error, calls } = await call({ model, maxTokens: 1_048_577 });
      expect(calls).toHaveLength(0);
      expect(error).toEqual(
        new ConfigError(
          `gemini: \`maxTokens\` 1048577 is above ${model}'s outputTokenLimit 1048576 ${G4(model.slice(9))}`,
        ),
      );
    },
  );

  it.each([
    // model, hop cap unary, hop cap streamed, implicit caching from, explicit caching
    ["gemini-4-argon", 32_768, 65_536, 6_144, false],
    ["gemini-4-carbon", 32_768, 65_536, 4_096, false],
    ["gemini-4-hydrogen", 65_536, 65_536, 4_096, false],
    ["gemini-4-neon", 65_536, 65_536, 4_096, undefined],
  ] as const)(
    "%s: a hop of %i tokens unary, %i streamed; implicit caching from %i; explicit caching %s",
    (model, unary, streamed, implicit, explicit) => {
      expect(gemini4Rules(model)).toEqual({
        model,
        longDecode: { unary, streamed, total: 1_048_576 },
        implicitCacheMinTokens: implicit,
        ...(explicit !== undefined && { explicitCache: explicit }),
        reference: G4(model.slice(9)).slice(1, -13),
        checked: "2026-12-06",
      });
    },
  );

  it.each([
    ["models/gemini-4-hydrogen", "gemini-4-hydrogen"],
    ["projects/p/locations/global/publishers/google/models/gemini-4-neon", "gemini-4-neon"],
    ["gemini-4.1-hydrogen", undefined],
    ["gemini-4-flash", undefined],
    ["gemini-3.8-flash", undefined],
  ])("reads the row of %s: %s", (id, row) => {
    expect(gemini4Rules(id)?.model).toBe(row);
  });

  it.each(["gemini-4-argon", "gemini-4-carbon", "gemini-4-hydrogen"])(
    "%s refuses an explicit cache (cachedContent) before any request",
    async (model) => {
      const { error, calls } = await call({ model, cachedContent: "cachedContents/abc" });
      expect(calls).toHaveLength(0);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(
        new RegExp(`^gemini: ${model} takes no explicit context caching`),
      );
    },
  );

  it("sends cachedContent where the guide does not say (Neon)", async () => {
    const { calls, body } = await call({
      model: "gemini-4-neon",
      cachedContent: "cachedContents/abc",
    });
    expect(calls).toHaveLength(1);
    expect(body).toMatchObject({ cachedContent: "cachedContents/abc" });
  });
});

describe("gemini.capabilities from models.get", () => {
  it("reads 3.6 Flash's answer, the table adding its sampling and prefill rules", async () => {
    const caps = await fetched("model-metadata", "gemini-3.6-flash");
    expect(caps).toMatchObject({
      model: "gemini-3.6-flash",
      source: "metadata",
      maxInputTokens: 1048576,
      maxOutputTokens: 65536,
      maxTemperature: 2,
      thinking: { thinking: true },
      sampling: false,
      prefill: false,
    });
  });

  it.each<[string, Partial<gemini.Config>, RegExp]>([
    [
      "maxTokens over outputTokenLimit",
      { maxTokens: 9000 },
      /`maxTokens` 9000 is above m's outputTokenLimit 8192/,
    ],
    [
      "thinking on a model that does not think",
      { thinking: { budget: 1024 } },
      /`thinking` is not accepted by m, which does not think/,
    ],
  ])("passed to create(), refuses %s", async (_name, config, message) => {
    const capabilities = await fetched("model-metadata-no-thinking", "gemini-2.0-flash-lite");
    const { error, calls } = await call({ ...config, capabilities });
    expect(calls).toHaveLength(0);
    expect((error as Error).message).toMatch(message);
  });

  it("passed to create(), lets the model's own limits through", async () => {
    const capabilities = await fetched("model-metadata-no-thinking", "gemini-2.0-flash-lite");
    const { calls } = await call({ maxTokens: 8192, temperature: 2, capabilities });
    expect(calls).toHaveLength(1);
  });

  it("is a gemini.APIError on an error answer", async () => {
    const { fetch } = scriptedFetch([
      jsonResponse(404, { error: { code: 404, message: "not found", status: "NOT_FOUND" } }),
    ]);
    const error = await gemini
      .capabilities("gemini-nope", { apiKey: KEY, fetch, maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(gemini.APIError);
    expect((error as gemini.APIError).status).toBe(404);
  });
});
