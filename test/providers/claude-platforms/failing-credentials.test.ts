/**
 * On every variant that takes a credential function (an AWS credentials provider, an Entra ID
 * or Google token function), one that throws is an AuthError that names its cause, before any
 * request.
 */
import { describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import { createModel } from "../../contract/adapters.js";
import { scriptedFetch } from "../../helpers/fetch.js";
import { everyVariant, minimalConfig } from "../../variants.js";
import { HI } from "./helpers.js";

/** A credential function whose source is gone. */
const failing = (cause: string) => async () => Promise.reject(new Error(cause));

const FIXED = "it takes a fixed API key only";
const FAILING = everyVariant(
  [
    ["bedrock", "credentials", "sso session expired", /credentials provider failed: sso session/],
    ["vertex", "token", "no application default credentials", /^vertex: token\(\) failed: no app/],
    [
      "anthropic-aws",
      "credentials",
      "sso session expired",
      /credentials provider failed: sso session expired/,
    ],
    [
      "anthropic-bedrock",
      "credentials",
      "sso session expired",
      /credentials provider failed: sso session expired/,
    ],
    [
      "anthropic-foundry",
      "token",
      "no managed identity",
      /^anthropic-foundry: token\(\) failed: no managed identity$/,
    ],
    [
      "anthropic-google-cloud",
      "token",
      "no application default credentials",
      /token\(\) failed: no application default/,
    ],
  ],
  {
    anthropic: FIXED,
    gemini: FIXED,
    openai: FIXED,
    cohere: FIXED,
    azure:
      "its token() failure is not an AuthError yet (issue 35, a regular public surface, makes it one)",
  },
);

describe("a failing credential function", () => {
  it.each(FAILING)("%s (%s): an AuthError before any request", async (v, key, cause, message) => {
    const { fetch, calls } = scriptedFetch([]);
    const model = await createModel(v, { ...minimalConfig(v), [key]: failing(cause) }, fetch);
    const err = await model.generate(HI).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toMatch(message);
    expect(calls).toHaveLength(0);
  });
});
