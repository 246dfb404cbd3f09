/**
 * A recorded response's token counts under golem's names (`Usage`), whatever the wire: the
 * response's `usage` (Messages, Converse, Responses, Chat Completions), `usageMetadata`
 * (generateContent) or `usage.billed_units`/`tokens` (Cohere). As each adapter counts them:
 * `inputTokens` is all input, cache reads and writes included.
 */
import type { Usage } from "../core/types.js";
import { usageWithCache, withCounts } from "../kit/usage.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** golem's `Usage` from one wire usage object, or `undefined` when it is not one. */
export function usageOf(u: unknown): Usage | undefined {
  const x = rec(u);
  if (num(x.input_tokens) !== undefined) {
    // Messages counts cached input apart; Responses (with its `*_details`) inside input_tokens.
    if (x.input_tokens_details === undefined && x.output_tokens_details === undefined) {
      return usageWithCache(
        num(x.input_tokens),
        num(x.output_tokens),
        num(x.cache_read_input_tokens),
        num(x.cache_creation_input_tokens),
      );
    }
    return withCounts(
      { inputTokens: num(x.input_tokens) ?? 0, outputTokens: num(x.output_tokens) ?? 0 },
      num(rec(x.output_tokens_details).reasoning_tokens),
      num(rec(x.input_tokens_details).cached_tokens),
      undefined,
    );
  }
  if (num(x.inputTokens) !== undefined) {
    return usageWithCache(
      num(x.inputTokens),
      num(x.outputTokens),
      num(x.cacheReadInputTokens),
      num(x.cacheWriteInputTokens),
    );
  }
  if (num(x.prompt_tokens) !== undefined) {
    return withCounts(
      { inputTokens: num(x.prompt_tokens) ?? 0, outputTokens: num(x.completion_tokens) ?? 0 },
      num(rec(x.completion_tokens_details).reasoning_tokens),
      num(rec(x.prompt_tokens_details).cached_tokens),
      undefined,
    );
  }
  if (num(x.promptTokenCount) !== undefined) {
    return withCounts(
      {
        inputTokens: num(x.promptTokenCount) ?? 0,
        outputTokens: (num(x.candidatesTokenCount) ?? 0) + (num(x.thoughtsTokenCount) ?? 0),
      },
      num(x.thoughtsTokenCount),
      num(x.cachedContentTokenCount),
      undefined,
    );
  }
  const tokens = rec(x.tokens);
  if (num(tokens.input_tokens) !== undefined) {
    return {
      inputTokens: num(tokens.input_tokens) ?? 0,
      outputTokens: num(tokens.output_tokens) ?? 0,
    };
  }
  return undefined;
}

/** The usage a JSON response body reports, wherever its wire keeps it. */
export function responseUsage(body: unknown): Usage | undefined {
  const b = rec(body);
  return usageOf(b.usage) ?? usageOf(b.usageMetadata) ?? usageOf(rec(b.response).usage);
}

/** Two usages added, each optional count kept when either has it. */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
  };
  for (const key of ["reasoningTokens", "cacheReadTokens", "cacheWriteTokens"] as const) {
    if (a[key] !== undefined || b[key] !== undefined) out[key] = (a[key] ?? 0) + (b[key] ?? 0);
  }
  return out;
}
