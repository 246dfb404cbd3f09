import type { Origin } from "./prefix/wire-prefix.js";

/** A wire message of the APIs that take content blocks: Anthropic Messages, Bedrock Converse. */
interface Turn<B> {
  role: string;
  content: B[];
}

/**
 * Appends one history message's blocks as a turn. Both APIs want user and assistant turns to
 * alternate and refuse empty content, so blocks join the previous turn when it has the same role
 * (tool results and the prompt after them; two assistant messages once a foreign one between
 * them was left out), and no blocks append nothing. With `origins`, notes where each block came
 * from (`origin`, one per block), for the prefix check.
 */
export function appendTurn<B>(
  turns: Turn<B>[],
  role: string,
  content: B[],
  origins?: Origin[][],
  origin?: readonly Origin[],
): void {
  if (content.length === 0) return;
  const last = turns[turns.length - 1];
  const from = origin ?? [];
  if (last?.role === role) {
    last.content.push(...content);
    origins?.[origins.length - 1]?.push(...from);
  } else {
    turns.push({ role, content });
    origins?.push([...from]);
  }
}

/** One origin per block of history message `index`, numbered by `parts` (or in order). */
export function originsFor(index: number, count: number, parts?: readonly number[]): Origin[] {
  const out: Origin[] = [];
  for (let i = 0; i < count; i++) out.push([index, parts?.[i] ?? i]);
  return out;
}
