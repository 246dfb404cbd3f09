/**
 * On every Claude platform, a credential function that throws (an AWS credentials provider, an
 * Entra ID or Google token function) is an AuthError that names its cause, before any request.
 */
import { describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import type { Model } from "../../../src/core/types.js";
import * as anthropicAws from "../../../src/platforms/anthropic-aws/index.js";
import * as anthropicBedrock from "../../../src/platforms/anthropic-bedrock/index.js";
import * as anthropicFoundry from "../../../src/platforms/anthropic-foundry/index.js";
import * as anthropicGoogleCloud from "../../../src/platforms/anthropic-google-cloud/index.js";
import { answer, HI, jsonReply, useLoopback } from "./helpers.js";

const SONNET = { model: "claude-sonnet-4-6", maxTokens: 1024 };

/** A credential function whose source is gone. */
const failing = (cause: string) => async () => Promise.reject(new Error(cause));

const PLATFORMS: [string, (baseURL: string) => Model, RegExp][] = [
  [
    "anthropic-aws",
    (baseURL) =>
      anthropicAws.create({
        ...SONNET,
        region: "us-west-2",
        workspaceId: "wrkspc1",
        baseURL,
        credentials: failing("sso session expired"),
      }),
    /credentials provider failed: sso session expired/,
  ],
  [
    "anthropic-bedrock",
    (baseURL) =>
      anthropicBedrock.create({
        ...SONNET,
        model: "global.anthropic.claude-sonnet-4-6",
        region: "us-east-1",
        baseURL,
        credentials: failing("sso session expired"),
      }),
    /credentials provider failed: sso session expired/,
  ],
  [
    "anthropic-foundry",
    (baseURL) =>
      anthropicFoundry.create({ ...SONNET, baseURL, token: failing("no managed identity") }),
    /^anthropic-foundry: token\(\) failed: no managed identity$/,
  ],
  [
    "anthropic-google-cloud",
    (baseURL) =>
      anthropicGoogleCloud.create({
        ...SONNET,
        baseURL,
        token: failing("no application default credentials"),
      }),
    /token\(\) failed: no application default/,
  ],
];

const lb = useLoopback("/v1");

describe("a failing credential function on the Claude platforms", () => {
  it.each(PLATFORMS)("%s: an AuthError before any request", async (_, make, message) => {
    const model = make(await lb.serve(jsonReply(answer())));
    const err = await model.generate(HI).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toMatch(message);
    expect(lb.server?.requests).toHaveLength(0);
  });
});
