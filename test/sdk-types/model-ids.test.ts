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
import {
  CLAUDE_MODEL_IDS,
  type ClaudeModelId,
  OPENAI_MODEL_IDS,
  type OpenAIModelId,
} from "../../src/rules/model-ids.js";
import { openaiTable } from "../../src/rules/openai-models.js";

/** The literal ids of a union that also takes any string. */
type Listed<T> = T extends string ? (string extends T ? never : T) : never;
/** `true` when every member of `A` is a member of `B`. */
type Within<A, B> = [A] extends [B] ? true : false;

const claudeWithinSdk: Within<Listed<ClaudeModelId>, Listed<SdkClaudeModel>> = true;
const openaiWithinSdk: Within<Listed<OpenAIModelId>, Listed<SdkResponsesModel>> = true;

describe("the model ids golem lists", () => {
  it("are the SDKs' own ids (checked at compile time)", () => {
    expect([claudeWithinSdk, openaiWithinSdk]).toEqual([true, true]);
  });

  it("include GPT-6.2 Astra, Sol, Astra Law and GPT-6 Rosalind", () => {
    for (const id of ["gpt-6.2-astra", "gpt-6.2-sol", "gpt-6.2-astra-law", "gpt-6-rosalind"]) {
      expect(OPENAI_MODEL_IDS).toContain(id);
    }
  });

  it("of GPT-6 and later have a dated row, but the two without a public model page", () => {
    const rowless = OPENAI_MODEL_IDS.filter(
      (id) => /^gpt-6/.test(id) && openaiTable(id) === undefined,
    );
    expect(rowless.sort()).toEqual(["gpt-6-rosalind", "gpt-6.2-astra-law"]);
  });

  it("of Claude 4.6 and later have a dated row (4.5 is ruled by the API-wide checks)", () => {
    const rowless = CLAUDE_MODEL_IDS.filter((id) => claudeTable(id) === undefined);
    expect(rowless.every((id) => id.includes("-4-5"))).toBe(true);
  });
});
