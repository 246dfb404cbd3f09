import { REDACTED } from "../../../src/testing/redact.js";
import type { Edit } from "../edits.js";
import type { InteractionPlan, Shape } from "../plan.js";

/** The request headers each adapter sends (secrets redacted as `scripts/capture` does). */
export const HEADERS = {
  anthropic: {
    "content-type": "application/json",
    "anthropic-version": "2023-06-01",
    "x-api-key": REDACTED,
  },
  /** SigV4 with session credentials. */
  bedrockSession: {
    "content-type": "application/json",
    authorization: REDACTED,
    "x-amz-security-token": REDACTED,
  },
  /** SigV4 with long-term keys, or a Bedrock API key (bearer): the same recorded headers. */
  bedrock: { "content-type": "application/json", authorization: REDACTED },
  gemini: { "content-type": "application/json", "x-goog-api-key": REDACTED },
  openai: { "content-type": "application/json", authorization: REDACTED },
  azureKey: { "content-type": "application/json", "api-key": REDACTED },
  cohere: { authorization: REDACTED, "content-type": "application/json" },
} as const satisfies Record<string, Record<string, string>>;

/** The URL without its query (pydantic-ai's Anthropic client adds `?beta=true`). */
export function withoutQuery(url: string): string {
  const u = new URL(url);
  u.search = "";
  return u.toString();
}

/** The non-streamed Gemini method for a recorded `streamGenerateContent?alt=sse` URL. */
export function geminiUnary(url: string): string {
  return url.replace(":streamGenerateContent?alt=sse", ":generateContent");
}

/**
 * Exchanges `0..count-1` of a capture, each as recorded: golem's `headers` on each request and
 * the same `edits` to its body, each response in `shape`.
 */
export function recorded(
  count: number,
  headers: Record<string, string>,
  edits: readonly Edit[],
  shape: Shape,
): InteractionPlan[] {
  return Array.from({ length: count }, (_, i) => ({
    request: { recorded: i, headers, edits },
    response: { recorded: i, shape },
  }));
}
