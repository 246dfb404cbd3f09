import { StreamError } from "../core/errors.js";

/**
 * The shared half of token counting: the count endpoints take the generate body minus what
 * they refuse, and answer one number. Each wire lists the fields its count endpoint documents
 * (its `count.ts`); a field outside the list (`max_tokens`, `stream`, sampling) is left out,
 * every other byte is the one `generate` would send.
 */

/** The generate body's `fields`, in its own order, as the count endpoint takes them. */
export function pickFields(body: object, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (fields.includes(k)) out[k] = v;
  return out;
}

/** The count in an answer's `key`; an answer without one is a {@link StreamError} naming it. */
export function readCount(answer: unknown, key: string, provider: string): { inputTokens: number } {
  const n = (answer as Record<string, unknown> | null)?.[key];
  if (!Number.isSafeInteger(n) || (n as number) < 0) {
    throw new StreamError(`${provider} answered a token count without a \`${key}\` number`);
  }
  return { inputTokens: n as number };
}
