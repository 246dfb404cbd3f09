/**
 * The model ids golem's `model` option offers an editor, against the vendors' SDK types they
 * are copied from (@anthropic-ai/sdk 1.17.0 `Model`, openai 7.60.0 `ResponsesModel`). Compile
 * time: every id golem lists is one the SDK lists (a typo or an invented id fails
 * `npm run typecheck`), and the ids issue 38 names are listed. At run time, the ids listed
 * for OpenAI the dated table has no row for are exactly the two without a public model page.
 */
import type { Model as SdkClaudeModel } from "@anthropic-ai/sdk/resources/messages";
import type { ResponsesModel as SdkResponsesModel } from "openai/resources/shared";
import { describe, expect, it } from "vitest";
import { claudeTable } from "../../src/rules/claude-models.js";
import type { ClaudeModelId, OpenAIModelId } from "../../src/rules/model-ids.js";
import { openaiTable } from "../../src/rules/openai-models.js";

/** The literal ids of a union that also takes any string. */
type Listed<T> = T extends string ? (string extends T ? never : T) : never;
/** `true` when every member of `A` is a member of `B`. */
type Within<A, B> = [A] extends [B] ? true : false;

const claudeWithinSdk: Within<Listed<ClaudeModelId>, Listed<SdkClaudeModel>> = true;
const openaiWithinSdk: Within<Listed<OpenAIModelId>, Listed<SdkResponsesModel>> = true;

/** Every listed OpenAI id, as a value (a missing or extra key fails to compile). */
const OPENAI_IDS: Record<Listed<OpenAIModelId>, true> = {
  "gpt-6.2-astra": true,
  "gpt-6.2-sol": true,
  "gpt-6.2-astra-law": true,
  "gpt-6-rosalind": true,
  "gpt-6.1-sol": true,
  "gpt-6.1-terra": true,
  "gpt-6-astra": true,
  "gpt-6-sol": true,
  "gpt-6-luna": true,
  "gpt-5.6-sol": true,
  "gpt-5.6-terra": true,
  "gpt-5.6-luna": true,
  "gpt-5.5": true,
  "gpt-5.4": true,
  "gpt-5.4-mini": true,
  "gpt-5.4-nano": true,
  "gpt-5.2": true,
  "gpt-5.2-pro": true,
  "gpt-5.1": true,
  "gpt-5.1-mini": true,
  "gpt-5.1-codex": true,
  "gpt-5": true,
  "gpt-5-mini": true,
  "gpt-5-nano": true,
  "o4-mini": true,
  o3: true,
  "o3-mini": true,
  o1: true,
};

/** Every listed Claude id, as a value (a missing or extra key fails to compile). */
const CLAUDE_IDS: Record<Listed<ClaudeModelId>, true> = {
  "claude-fable-5-2": true,
  "claude-mythos-5-2": true,
  "claude-haiku-5-5": true,
  "claude-sonnet-5-5": true,
  "claude-fable-5-1": true,
  "claude-opus-5-5": true,
  "claude-mythos-5-1": true,
  "claude-sonnet-5": true,
  "claude-fable-5": true,
  "claude-mythos-5": true,
  "claude-opus-5": true,
  "claude-opus-4-8": true,
  "claude-opus-4-7": true,
  "claude-opus-4-6": true,
  "claude-sonnet-4-6": true,
  "claude-haiku-4-5": true,
  "claude-haiku-4-5-20251001": true,
  "claude-opus-4-5": true,
  "claude-opus-4-5-20251101": true,
};

describe("the model ids golem lists", () => {
  it("are the SDKs' own ids (checked at compile time)", () => {
    expect([claudeWithinSdk, openaiWithinSdk]).toEqual([true, true]);
  });

  it("include GPT-6.2 Astra, Sol, Astra Law and GPT-6 Rosalind", () => {
    const ids = Object.keys(OPENAI_IDS);
    for (const id of ["gpt-6.2-astra", "gpt-6.2-sol", "gpt-6.2-astra-law", "gpt-6-rosalind"]) {
      expect(ids).toContain(id);
    }
  });

  it("of GPT-6 and later have a dated row, but the two without a public model page", () => {
    const rowless = Object.keys(OPENAI_IDS).filter(
      (id) => /^gpt-6/.test(id) && openaiTable(id) === undefined,
    );
    expect(rowless.sort()).toEqual(["gpt-6-rosalind", "gpt-6.2-astra-law"]);
  });

  it("of Claude 4.6 and later have a dated row (4.5 is ruled by the API-wide checks)", () => {
    const rowless = Object.keys(CLAUDE_IDS).filter((id) => claudeTable(id) === undefined);
    expect(rowless.every((id) => id.includes("-4-5"))).toBe(true);
  });
});
