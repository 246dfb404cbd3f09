/**
 * Where `serverHistory` (message threads) is taken: the Messages API that Anthropic operates
 * has threads wherever it is deployed, so a new platform of the wire takes it without an edit
 * in src/wires/messages; the clouds that run Claude themselves (Bedrock, Vertex AI) refuse it.
 * @see https://platform.claude.com/docs/en/build-with-claude/message-threads
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { create as bedrock } from "../../../src/platforms/anthropic-bedrock/index.js";
import { create as vertex } from "../../../src/platforms/vertex/index.js";
import { resolveServerHistory } from "../../../src/wires/messages/thread.js";

const BEDROCK = {
  region: "us-east-1",
  apiKey: "k",
  model: "anthropic.claude-opus-4-6-v1",
  maxTokens: 1000,
} as const;
const VERTEX = {
  project: "p",
  location: "global",
  token: async () => "t",
  model: "claude-opus-4-6",
  maxTokens: 1000,
} as const;

describe("serverHistory on a Messages platform", () => {
  it.each(["anthropic", "anthropic-aws", "anthropic-foundry", "anthropic-google-cloud"])(
    "%s takes it",
    (provider) => {
      expect(resolveServerHistory(provider, true)).toEqual({ serverHistory: true });
    },
  );

  it("a platform not yet in the registry (anthropic-example) takes it as the wire does", () => {
    expect(resolveServerHistory("anthropic-example", true)).toEqual({ serverHistory: true });
  });

  it.each([
    ["anthropic-bedrock", () => bedrock({ ...BEDROCK, serverHistory: true })],
    ["vertex", () => vertex({ ...VERTEX, serverHistory: true })],
  ])("%s refuses it with a ConfigError, from its own folder", (provider, make) => {
    expect(make).toThrow(new ConfigError(`${provider}: no message threads for \`serverHistory\``));
  });

  it("leaves it out when false or absent, and refuses a non-boolean", () => {
    expect(resolveServerHistory("anthropic-bedrock", false)).toEqual({});
    expect(resolveServerHistory("anthropic-bedrock", undefined)).toEqual({});
    expect(() => resolveServerHistory("anthropic", "yes")).toThrow(ConfigError);
  });
});
