/**
 * The betas a Messages body needs for what it carries, read from the body itself: a header
 * only when the body uses the feature (the beta names of @anthropic-ai/sdk 1.17.0's
 * `AnthropicBeta`).
 * @module
 */
import { updateBetas } from "./updates.js";
import type { MessageCreateParams } from "./wire.js";

/** `thinking.display: "updates"`. */
export const THINKING_DISPLAY_BETA = "thinking-display-updates-2026-08-18";
/** `clear_at` on a system message. */
export const CLEAR_AT_BETA = "mid-conversation-system-clear-at-2026-08-21";
/** `compaction: { type: "summarize" }`, and a compaction block's `signature` / `tool_changes`. */
export const SUMMARIZE_BETA = "compact-2026-09-04";
/** `speed: "fast"`, which "some models require" (MessageCreateParams.speed). */
export const FAST_MODE_BETA = "fast-mode-2026-02-01";

/**
 * The betas of the system messages' updates (updates.ts), then those of thinking's display,
 * `clear_at`, compaction (the option, or a block of its beta sent back) and fast mode.
 */
export function bodyBetas(body: MessageCreateParams): string[] {
  const betas = updateBetas(body);
  const blocks = body.messages.flatMap((m) => m.content as { type: string }[]);
  if (body.thinking && "display" in body.thinking && body.thinking.display === "updates") {
    betas.push(THINKING_DISPLAY_BETA);
  }
  if (body.messages.some((m) => m.clear_at)) betas.push(CLEAR_AT_BETA);
  const signed = (b: { type: string }) =>
    b.type === "compaction" && ("signature" in b || "tool_changes" in b);
  if (body.compaction || blocks.some(signed)) betas.push(SUMMARIZE_BETA);
  if (body.speed === "fast") betas.push(FAST_MODE_BETA);
  return betas;
}
