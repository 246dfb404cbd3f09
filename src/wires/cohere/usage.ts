import type { Usage } from "../../core/types.js";
import { withCounts } from "../../kit/usage.js";
import type { CohereUsage } from "./wire.js";

/**
 * golem's `Usage` from Cohere's: `tokens` is what the model read and wrote (the system prompt
 * Cohere adds included, thinking included in the output), which is what golem counts;
 * `billed_units` (the caller's own tokens) stands in only when `tokens` is absent.
 * `cached_tokens` is part of the input. Cohere reports no reasoning count of its own.
 * @see https://docs.cohere.com/reference/chat (response `usage`)
 */
export function parseUsage(u: CohereUsage | null | undefined): Usage {
  if (typeof u !== "object" || u === null) return { inputTokens: 0, outputTokens: 0 };
  const counted = u.tokens ?? u.billed_units;
  return withCounts(
    { inputTokens: counted?.input_tokens ?? 0, outputTokens: counted?.output_tokens ?? 0 },
    undefined,
    u.cached_tokens,
    undefined,
  );
}
