import type { Usage } from "../core/types.js";

/**
 * `usage` with the optional counts added under golem's names: a count that was sent is kept,
 * 0 included; one that was not (or null) stays absent.
 */
export function withCounts(
  usage: Usage,
  reasoning: number | null | undefined,
  cacheRead: number | null | undefined,
  cacheWrite: number | null | undefined,
): Usage {
  if (typeof reasoning === "number") usage.reasoningTokens = reasoning;
  if (typeof cacheRead === "number") usage.cacheReadTokens = cacheRead;
  if (typeof cacheWrite === "number") usage.cacheWriteTokens = cacheWrite;
  return usage;
}

/**
 * golem's `Usage` from the two APIs that count cached input apart from `input` (Anthropic,
 * Converse): golem's `inputTokens` is all input, the cache reads and writes added.
 */
export function usageWithCache(
  input: number | null | undefined,
  output: number | null | undefined,
  read: number | null | undefined,
  write: number | null | undefined,
  reasoning?: number | null,
): Usage {
  const usage: Usage = {
    inputTokens: (input ?? 0) + (read ?? 0) + (write ?? 0),
    outputTokens: output ?? 0,
  };
  // withCounts' rule, written out: an Anthropic or Bedrock bundle then carries one function.
  if (typeof reasoning === "number") usage.reasoningTokens = reasoning;
  if (typeof read === "number") usage.cacheReadTokens = read;
  if (typeof write === "number") usage.cacheWriteTokens = write;
  return usage;
}
