import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import type { Model } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";

/** Where a newcomer got stuck: each adapter's smallest valid config, and its `create`. */
const ADAPTERS: [string, Record<string, unknown>, (config: never) => Model][] = [
  ["anthropic", { apiKey: "k", model: "m", maxTokens: 2000 }, anthropic.create],
  ["bedrock", { region: "us-east-1", model: "m", apiKey: "k" }, bedrock.create],
  ["gemini", { apiKey: "k", model: "m" }, gemini.create],
  ["openai", { apiKey: "k", model: "m" }, openai.create],
  ["openai", { apiKey: "k", model: "m", api: "responses" }, openai.create],
  ["azure", { endpoint: "https://r.openai.azure.com", deployment: "d", apiKey: "k" }, azure.create],
];

function refusal(run: () => unknown): Error {
  try {
    run();
  } catch (err) {
    return err as Error;
  }
  throw new Error("did not throw");
}

describe.each(ADAPTERS)("%s.create", (provider, valid, create) => {
  const make = (config: Record<string, unknown>) => create({ ...valid, ...config } as never);

  it("takes its smallest valid config", () => {
    expect(make({}).provider).toBe(provider);
  });

  it("refuses an option it does not know, naming it and the ones it accepts", () => {
    const err = refusal(() => make({ temprature: 0.2 }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(
      new RegExp(`^${provider}: unknown option \`temprature\`; ${provider}\\.create accepts `),
    );
    for (const key of Object.keys(valid)) expect(err.message).toContain(key);
  });

  it("refuses an apiKey that is not a string, naming apiKey", () => {
    const err = refusal(() => make({ apiKey: 123 }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`^${provider}: .*apiKey.* must be a .*string`));
  });

  it("refuses a request without messages with a HistoryError, before any request", async () => {
    let requests = 0;
    const model = make({
      fetch: async () => {
        requests++;
        return new Response("{}");
      },
    });
    const generated = await model.generate({ messages: [] }).catch((e: unknown) => e);
    const streamed = await model.stream({ messages: [] }).response.catch((e: unknown) => e);
    for (const err of [generated, streamed]) {
      expect(err).toBeInstanceOf(HistoryError);
      expect((err as Error).message).toBe(
        "messages is empty: a request needs at least one message",
      );
    }
    expect(requests).toBe(0);
  });
});

/** One option per adapter that is an object of its own, with a key it does not take. */
const NESTED: [string, Record<string, unknown>, string, string][] = [
  ["anthropic", { thinking: { budgetTokens: 1024, budget: 1024 } }, "thinking.budget", "thinking"],
  ["anthropic", { cache: { ttl: "1h", type: "ephemeral" } }, "cache.type", "cache"],
  [
    "anthropic",
    { contextManagement: { edits: [], edit: [] } },
    "contextManagement.edit",
    "contextManagement",
  ],
  ["bedrock", { thinking: { adaptive: true, level: "high" } }, "thinking.level", "thinking"],
  [
    "gemini",
    { thinking: { budget: 1024, budgetTokens: 1024 } },
    "thinking.budgetTokens",
    "thinking",
  ],
];

describe.each(NESTED)("%s.create with %o", (provider, nested, key, option) => {
  it("refuses a key one level down as it refuses one at the top", () => {
    const [, valid, create] = ADAPTERS.find(([p]) => p === provider) ?? [];
    const err = refusal(() => create?.({ ...valid, ...nested } as never));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(
      new RegExp(`^${provider}: unknown option \`${key}\`; \`${option}\` accepts `),
    );
  });
});

describe("two kinds of credentials at once", () => {
  it.each([
    [
      "bedrock",
      () =>
        bedrock.create({
          region: "us-east-1",
          model: "m",
          apiKey: "k",
          credentials: { accessKeyId: "AKID", secretAccessKey: "s" },
        }),
    ],
    [
      "azure",
      () =>
        azure.create({
          endpoint: "https://r.openai.azure.com",
          deployment: "d",
          apiKey: "k",
          token: async () => "t",
        }),
    ],
  ])("%s refuses them, by the same rule", (provider, make) => {
    const err = refusal(make);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(
      new RegExp(`^${provider}: pass apiKey or (credentials|token), not both$`),
    );
  });
});
