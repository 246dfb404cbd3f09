import { HistoryError } from "./errors.js";
import { isNonEmptyString, isObject } from "./issue.js";
import type { ThinkingPart } from "./types.js";

/** An unsigned thinking part (kept in history; providers that need signatures leave it out). */
export function thinkingText(text: string): ThinkingPart {
  return { type: "thinking", text };
}

/** A thinking part with the provider's signature. */
export function thinkingSigned(text: string, signature: string): ThinkingPart {
  return { type: "thinking", text, signature };
}

/** A redacted (encrypted) thinking part. */
export function thinkingRedacted(data: string): ThinkingPart {
  return { type: "thinking", redacted: data };
}

const KEYS = new Set(["type", "text", "signature", "redacted", "provider", "id"]);

/**
 * Checks one thinking part: either `{ redacted }` or `{ text, signature? }`, where `text` may be `""`
 * only when signed. Throws {@link HistoryError}; `index` is the message index, when known.
 */
export function validateThinkingBlock(b: ThinkingPart, index?: number): void {
  const problem = thinkingBlockProblem(b);
  if (problem) throw new HistoryError(`thinking block ${problem}`, index);
}

/** The reason a block is malformed, or `undefined` when it is fine. */
export function thinkingBlockProblem(b: unknown): string | undefined {
  if (!isObject(b)) return "is not an object";
  const block = b as Record<string, unknown>;
  for (const key of Object.keys(block)) {
    if (!KEYS.has(key)) return `has an unknown field "${key}"`;
  }
  const { type, text, signature, redacted, provider } = block;
  if (type !== "thinking") return 'has a type that is not "thinking"';
  if (provider !== undefined && !isNonEmptyString(provider)) {
    return "has a provider that is not a non-empty string";
  }
  if (block.id !== undefined && !isNonEmptyString(block.id)) {
    return "has an id that is not a non-empty string";
  }
  if (redacted !== undefined) {
    if (!isNonEmptyString(redacted)) return "has a redacted payload that is not a non-empty string";
    if (text !== undefined || signature !== undefined) {
      return "is redacted and also has text or a signature";
    }
    return undefined;
  }
  if (text === undefined) return "has neither text nor a redacted payload";
  if (typeof text !== "string") return "has text that is not a string";
  if (signature !== undefined && !isNonEmptyString(signature)) {
    return "has a signature that is not a non-empty string";
  }
  if (text === "" && signature === undefined)
    return 'has empty text ("" is allowed only when signed)';
  return undefined;
}
