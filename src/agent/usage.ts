import type { Usage } from "../core/types.js";

const OPTIONAL_COUNTS = ["reasoningTokens", "cacheReadTokens", "cacheWriteTokens"] as const;

/** The sum of two usages; an optional count is present when either side reported it. */
export function addUsage(total: Usage, step: Usage): Usage {
  const sum: Usage = {
    inputTokens: total.inputTokens + step.inputTokens,
    outputTokens: total.outputTokens + step.outputTokens,
  };
  for (const key of OPTIONAL_COUNTS) {
    const a = total[key];
    const b = step[key];
    if (a !== undefined || b !== undefined) sum[key] = (a ?? 0) + (b ?? 0);
  }
  return sum;
}

/** Nothing used yet. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}
