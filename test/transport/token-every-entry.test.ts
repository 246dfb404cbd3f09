/**
 * Every entry that takes a token (a caller's `token` function, a service account's exchange)
 * fails the same way when the token is bad (issue 36): an `AuthError` naming the entry, before
 * any request to the model, the token function asked once (an `AuthError` is not retried), and
 * the token never quoted. Before, an empty token was a bare `GolemError`, a token with a line
 * break a retryable `ConnectionError` from inside fetch, and a throwing function on Azure its
 * own raw error.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { AuthError } from "../../src/core/errors.js";
import { createModel } from "../contract/adapters.js";
import { call } from "../faults/calls.js";
import { everyWireAndAuth, minimalConfig } from "../variants.js";
import { makeTestKeys, serviceAccount, type TestKeys } from "./auth/keys.js";

const TOKEN_URI = "https://oauth2.test/token";
const BROKEN_TOKEN = "ya29.first-line\r\nx-injected: 1";
const UNUSABLE =
  "token() returned no usable token (empty, or with a line break or a character above U+00FF)";

/** Every variant over every wire, once for each kind of its credentials that holds `key`. */
const takingCredential = (key: string) =>
  everyWireAndAuth()
    .filter(([, , , auth]) => key in auth.config)
    .map(([v, wire]) => [v, wire] as const);
const TOKEN_ENTRIES = takingCredential("token");

/** What a broken token function gives, and the message the call fails with after the tag. */
const BAD_TOKENS: [label: string, token: () => Promise<unknown>, message: string][] = [
  ['""', async () => "", UNUSABLE],
  ["undefined", async () => undefined, UNUSABLE],
  ['{ token: "" }', async () => ({ token: "" }), UNUSABLE],
  ["whitespace only", async () => " \n", UNUSABLE],
  ["a token with a line break", async () => BROKEN_TOKEN, UNUSABLE],
  ["a token with a character above U+00FF", async () => "ya29.k\u20acy", UNUSABLE],
  [
    "a rejection",
    () => Promise.reject(new Error("no managed identity")),
    "token() failed: no managed identity",
  ],
];

/** A fetch that counts what reaches it; `tokenAnswer` answers the token endpoint. */
function countingFetch(tokenAnswer?: object) {
  const sent: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push(url);
    if (url === TOKEN_URI && tokenAnswer) return Response.json(tokenAnswer);
    return new Response("not expected", { status: 500 });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const MODES = ["generate", "stream"] as const;
const CASES = TOKEN_ENTRIES.flatMap(([provider, wire]) =>
  BAD_TOKENS.flatMap(([label, token, message]) =>
    MODES.map(
      (mode) => [`${provider} over ${wire}`, label, mode, provider, wire, token, message] as const,
    ),
  ),
);

describe.each(CASES)(
  "%s, a token function giving %s (%s)",
  (_, __, mode, provider, wire, token, message) => {
    it("fails with an AuthError naming the entry, asked once, before any request", async () => {
      let asked = 0;
      const source = () => {
        asked++;
        return token();
      };
      const network = countingFetch();
      const model = await createModel(
        provider,
        { ...minimalConfig(provider, wire), token: source },
        network.fetch,
      );
      const { error, responseError } = await call(model, mode);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as Error).message).toBe(`${provider}: ${message}`);
      expect((error as Error).message).not.toContain("first-line");
      if (mode === "stream") expect(responseError).toBe(error);
      expect(asked).toBe(1);
      expect(network.sent).toEqual([]);
    });
  },
);

const SERVICE_ACCOUNT_ENTRIES = takingCredential("serviceAccount");

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeTestKeys();
});

describe.each(SERVICE_ACCOUNT_ENTRIES)("%s over %s, a service account", (provider, wire) => {
  it("whose endpoint hands out a token with a line break fails with an AuthError, once", async () => {
    const network = countingFetch({ access_token: BROKEN_TOKEN, expires_in: 3600 });
    const config = {
      ...minimalConfig(provider, wire),
      serviceAccount: serviceAccount(keys.pem, TOKEN_URI),
    };
    const { error } = await call(await createModel(provider, config, network.fetch), "generate");
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toBe(`${provider}: ${UNUSABLE}`);
    expect(network.sent).toEqual([TOKEN_URI]);
  });
});
