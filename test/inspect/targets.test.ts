/**
 * Which provider tags the inspector builds a next request for (its prefix target): a Claude
 * platform's tag names no list in src/inspect, so a new `anthropic-<where>` entry gets the
 * Messages wire's target without an edit there.
 */
import { describe, expect, it } from "vitest";
import { prefixTarget } from "../../src/inspect/next-request.js";
import { VARIANT_NAMES, wiresOf } from "../variants.js";

describe("the inspector's prefix target of a provider tag", () => {
  it.each(VARIANT_NAMES.filter((v) => v.startsWith("anthropic")))(
    "%s speaks the Messages wire",
    (provider) => {
      expect(wiresOf(provider)).toContain("messages");
      expect(prefixTarget(provider)?.wire).toBe("anthropic");
    },
  );

  it("a Claude platform not yet in the registry (anthropic-example) has the Messages target", () => {
    expect(prefixTarget("anthropic-example")?.wire).toBe("anthropic");
  });

  it.each([
    ["bedrock", "bedrock"],
    ["openai", "openai-responses"],
    ["azure", "openai-responses"],
    ["vertex", "anthropic"],
  ])("%s's target is the %s wire's", (provider, wire) => {
    expect(prefixTarget(provider)?.wire).toBe(wire);
  });

  it.each(["gemini", "cohere", "anthropicx", "constructor"])(
    "%s has none (its wire has no prefix check, or no such tag)",
    (provider) => {
      expect(prefixTarget(provider)).toBeUndefined();
    },
  );
});
