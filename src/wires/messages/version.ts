import { HistoryError } from "../../core/errors.js";
import { refuseSettings } from "../../core/settings.js";
import type { CallSettings } from "../../core/types.js";

/** API version 2026-10-21 removed the sampling fields (Anthropic, api/versioning). */
export const VERSION_WITHOUT_SAMPLING = "2026-10-21";

/**
 * Under `anthropic-version: 2026-10-21`, `temperature`, `top_p` and `top_k` are a 400 on every
 * model, even at their defaults (Anthropic, api/versioning, checked 2026-12-01).
 */
export function checkVersionSettings(version: string | undefined, s: CallSettings): void {
  if (version !== VERSION_WITHOUT_SAMPLING) return;
  refuseSettings(
    "anthropic",
    s,
    ["temperature", "topP", "topK"],
    `is not accepted (anthropic-version ${VERSION_WITHOUT_SAMPLING} removed it)`,
  );
}

/**
 * What `anthropic-version: 2026-10-21` refuses in the body as sent (after `extraBody`), before
 * the request, as the Anthropic platform's body patch: the sampling fields, a `document` block directly in an assistant message, and a user `text` block
 * with non-empty `citations`, directly or inside a `search_result` (Anthropic, api/versioning,
 * 2026-10-21, checked 2026-12-01). Neither comes from golem's own parts; a provider part or
 * `extraBody` can carry them. The path names the wire message, which merged turns can shift
 * from the history's index.
 */
export function checkVersionBody(body: object): object {
  const b = body as Record<string, unknown>;
  // The wire's sampling fields under their option names, so the refusal reads as at create().
  checkVersionSettings(VERSION_WITHOUT_SAMPLING, {
    temperature: b.temperature,
    topP: b.top_p,
    topK: b.top_k,
  } as CallSettings);
  checkVersionMessages(b.messages);
  return body;
}

function checkVersionMessages(messages: unknown): void {
  if (!Array.isArray(messages)) return;
  for (const [i, m] of messages.entries()) {
    const content: unknown[] = Array.isArray(m?.content) ? m.content : [];
    for (const [j, block] of content.entries()) {
      const b = block as { type?: unknown; citations?: unknown; content?: unknown };
      if (m.role === "assistant" && b.type === "document") {
        throw refusal(i, j, "a document block in an assistant message");
      }
      if (m.role !== "user") continue;
      const texts = b.type === "search_result" && Array.isArray(b.content) ? b.content : [b];
      if (texts.some(hasCitations)) throw refusal(i, j, "user text with citations");
    }
  }
}

function hasCitations(block: unknown): boolean {
  const b = block as { type?: unknown; citations?: unknown };
  return b?.type === "text" && Array.isArray(b.citations) && b.citations.length > 0;
}

function refusal(i: number, j: number, what: string): HistoryError {
  return new HistoryError(
    `anthropic: messages.${i}.content.${j}: anthropic-version ${VERSION_WITHOUT_SAMPLING} refuses ${what}`,
  );
}
