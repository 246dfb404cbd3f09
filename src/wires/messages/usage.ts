import type { Usage, UsageIteration } from "../../core/types.js";
import { usageWithCache } from "../../kit/usage.js";
import type { IterationUsage, WireUsage } from "./wire.js";

/**
 * Anthropic's `input_tokens` excludes cached input; golem's `inputTokens` is all input, with
 * the cached parts also given on their own. `output_tokens` already includes thinking. With
 * server-side compaction the top-level counts leave the compaction step out, and only the
 * sum of `iterations` is what the call used and is billed for: golem's counts are that sum,
 * and the steps are kept (`Usage.iterations`).
 * @see https://platform.claude.com/docs/en/build-with-claude/compaction
 */
export function parseUsage(u: WireUsage | undefined): Usage {
  const steps = u?.iterations;
  const iterations = Array.isArray(steps) && steps.length > 0 ? steps.map(parseIteration) : [];
  const usage = countUsage(iterations.length > 0 ? undefined : u);
  for (const step of iterations) {
    usage.inputTokens += step.inputTokens;
    usage.outputTokens += step.outputTokens;
    // A cache count is there when a step sent it.
    for (const key of ["cacheReadTokens", "cacheWriteTokens"] as const) {
      if (step[key] !== undefined) usage[key] = (usage[key] ?? 0) + step[key];
    }
  }
  const thinkingTokens = u?.output_tokens_details?.thinking_tokens;
  if (typeof thinkingTokens === "number") usage.reasoningTokens = thinkingTokens;
  if (iterations.length > 0) usage.iterations = iterations;
  return usage;
}

const parseIteration = (step: IterationUsage | null): UsageIteration => ({
  type: String(step?.type),
  ...(typeof step?.model === "string" && { model: step.model }),
  ...countUsage(step),
});

/** The counts of one usage object (a call's or one step's), cached input added to input. */
function countUsage(u: Omit<WireUsage, "iterations"> | null | undefined): Usage {
  const { cache_read_input_tokens: read, cache_creation_input_tokens: write } = u ?? {};
  return usageWithCache(u?.input_tokens, u?.output_tokens, read, write);
}
