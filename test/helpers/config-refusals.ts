/** A table test for an adapter's config: the configs it refuses, each with its message. */
import { expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";

/** One config an adapter must refuse: what is wrong, the config, what the message says. */
export type RefusedConfig = readonly [what: string, config: object, message: RegExp];

/** One test per row: `resolve` throws a ConfigError whose message matches the row's. */
export function itRefusesEach<C>(
  resolve: (config: C, env: Record<string, string>) => unknown,
  cases: RefusedConfig[],
): void {
  it.each(cases)("refuses %s with a ConfigError", (_, config, message) => {
    let err: unknown;
    try {
      resolve(config as unknown as C, {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
  });
}

/**
 * The credential rows every AWS platform's config refuses alike, over its `base` config:
 * none, both kinds, keys without a secret.
 */
export function awsCredentialRefusals(base: object, keys: object): RefusedConfig[] {
  return [
    ["no credentials", { ...base }, /no credentials; pass `apiKey`/],
    ["both kinds of credentials", { ...base, apiKey: "k", credentials: keys }, /not both/],
    [
      "credentials without a secret",
      { ...base, credentials: { accessKeyId: "A" } },
      /needs a non-empty `accessKeyId` and `secretAccessKey`/,
    ],
  ];
}
