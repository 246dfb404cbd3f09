/**
 * On every variant that takes a credential function (an AWS credentials provider, an Entra ID
 * or Google token function), one that throws is an AuthError that names its cause, before any
 * request: every kind of credentials of the registry whose config holds a function.
 */
import { describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import { createModel } from "../../contract/adapters.js";
import { scriptedFetch } from "../../helpers/fetch.js";
import { authOf, minimalConfig, VARIANT_NAMES } from "../../variants.js";
import { HI } from "./helpers.js";

/** A credential function whose source is gone. */
const failing = (cause: string) => async () => Promise.reject(new Error(cause));

/** What each kind of credential function says when it fails, before its cause. */
const FAILED: Record<string, string> = {
  token: "token() failed",
  credentials: "credentials provider failed",
};

const FAILING = VARIANT_NAMES.flatMap((v) =>
  authOf(v).flatMap(([name, auth]) =>
    Object.keys(auth.config)
      .filter((key) => typeof auth.config[key] === "function")
      .map((key) => [v, name, key] as const),
  ),
);

describe("a failing credential function", () => {
  it("is taken by some variant of each kind", () => {
    expect(new Set(FAILING.map(([, , key]) => key))).toEqual(new Set(Object.keys(FAILED)));
  });

  it.each(FAILING)("%s (%s): an AuthError before any request", async (v, _, key) => {
    const { fetch, calls } = scriptedFetch([]);
    const cause = `${v} lost its ${key}`;
    const model = await createModel(v, { ...minimalConfig(v), [key]: failing(cause) }, fetch);
    const err = await model.generate(HI).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toContain(`${v}: `);
    expect((err as Error).message).toContain(`${FAILED[key]}: ${cause}`);
    expect(calls).toHaveLength(0);
  });
});
