import { describe, expect, it } from "vitest";
import { claudeBindsPrefix, claudeTakesMidSystem } from "../../src/rules/append-only.js";
import { openaiBindsPrefix, openaiInstructionsInPrefix } from "../../src/rules/openai-models.js";

// Preserved thinking's supportedModels and the mid-conversation-system-messages models list
// (platform.claude.com, 2026-12-01); OpenAI's keep-prefix-unchanged guide (GPT-6.2 on). Later
// versions of a family keep the rule; ids as each platform spells them.
describe("which Claude models bind thinking to the prefix and take a mid-conversation system message", () => {
  it.each<[string, boolean, boolean]>([
    ["claude-fable-5-1", true, true],
    ["claude-fable-5", false, true],
    ["claude-mythos-5-2", true, true],
    ["claude-opus-5-5", true, true],
    ["claude-opus-5", false, true],
    ["claude-opus-4-8", false, true],
    ["claude-opus-4-7-20260416", false, false],
    ["claude-sonnet-5-5", true, true],
    ["claude-sonnet-5", false, false],
    ["claude-haiku-5-5", true, true],
    ["claude-haiku-4-5-20251001", false, false],
    ["claude-opus-6", true, true],
    ["us.anthropic.claude-sonnet-5-5-v1:0", true, true],
    ["anthropic.claude-opus-5-5-v1:0", true, true],
    ["claude-fable-5-1@20261001", true, true],
    ["Claude-Opus-5-5", true, true],
    ["claude-3-7-sonnet-20250219", false, false],
    ["gpt-6.2", false, false],
  ])("%s: binds %s, mid-conversation system %s", (model, binds, mid) => {
    expect(claudeBindsPrefix(model)).toBe(binds);
    expect(claudeTakesMidSystem(model)).toBe(mid);
  });
});

describe("which OpenAI models bind reasoning to the prefix", () => {
  it.each<[string, boolean]>([
    ["gpt-6.2", true],
    ["gpt-6.2-astra", true],
    ["gpt-6.3-sol", true],
    ["gpt-7", true],
    ["gpt-6.1-sol", false],
    ["gpt-6", false],
    ["gpt-5.6", false],
    ["openai/gpt-6.2", true],
    ["ft:gpt-6.2:org:custom:id", true],
    ["GPT-6.2", true],
    ["my-gpt-6.2-deployment", false],
    ["o3", false],
  ])("%s: %s", (model, binds) => {
    expect(openaiBindsPrefix(model)).toBe(binds);
    expect(openaiInstructionsInPrefix(model)).toBe(!binds);
  });
});
