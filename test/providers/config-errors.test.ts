import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import { type AdapterModule, adapterModule } from "../contract/adapters.js";
import {
  authOf,
  VARIANT_NAMES,
  type Variant,
  variantConfig,
  type Wire,
  wiresOf,
} from "../variants.js";

const MODULES = Object.fromEntries(
  await Promise.all(VARIANT_NAMES.map(async (v) => [v, await adapterModule(v)] as const)),
) as Record<Variant, AdapterModule>;

/**
 * Where a newcomer got stuck: each variant's smallest valid config over each wire it serves,
 * and its `create`.
 */
const ADAPTERS = VARIANT_NAMES.flatMap((v) =>
  wiresOf(v).map((wire): [string, Variant, Wire] => [`${v} (${wire})`, v, wire]),
);

function refusal(run: () => unknown): Error {
  try {
    run();
  } catch (err) {
    return err as Error;
  }
  throw new Error("did not throw");
}

describe.each(ADAPTERS)("%s.create", (_, provider, wire) => {
  const valid = variantConfig(provider, wire);
  const make = (config: Record<string, unknown>) =>
    MODULES[provider].create({ ...valid, ...config } as never);

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

/** Each variant over each wire with an API key among its kinds of credentials. */
const WITH_API_KEY = ADAPTERS.flatMap(([name, v, wire]) =>
  authOf(v)
    .filter(([, auth]) => "apiKey" in auth.config && (auth.wires ?? [wire]).includes(wire))
    .map(([, auth]): [string, Variant, Record<string, unknown>] => [
      name,
      v,
      variantConfig(v, wire, auth),
    ]),
);

describe.each(WITH_API_KEY)("%s.create", (_, provider, valid) => {
  it("refuses an apiKey that is not a string, naming apiKey", () => {
    const err = refusal(() => MODULES[provider].create({ ...valid, apiKey: 123 } as never));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`^${provider}: .*apiKey.* must be a .*string`));
  });
});

describe("two kinds of credentials at once", () => {
  // Each over its first kind of credentials in the registry: SigV4 keys, an API key.
  it.each([
    ["bedrock", { apiKey: "k" }],
    ["azure", { token: async () => "t" }],
  ] as const)("%s refuses them, by the same rule", (provider, other) => {
    const config = { ...variantConfig(provider), ...other };
    const err = refusal(() => MODULES[provider].create(config as never));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(
      new RegExp(`^${provider}: pass apiKey or (credentials|token), not both$`),
    );
  });
});
