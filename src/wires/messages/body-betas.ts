/**
 * The betas a Messages body needs for what it carries, read from the body itself: a header
 * only when the body uses the feature (beta names of @anthropic-ai/sdk 1.17.0's `AnthropicBeta`).
 * @module
 */
import { THREADS_BETA } from "./thread.js";
import { updateBetas } from "./updates.js";
import type { MessageCreateParams } from "./wire.js";

/**
 * The betas of the system messages' updates (updates.ts), then: `thinking.display: "updates"`;
 * `clear_at` on a system message; compaction, asked for (`compaction`) or a block of that beta
 * sent back (its `signature` or `tool_changes`); `speed: "fast"`, which "some models require"
 * (MessageCreateParams.speed); a message thread (`thread`, server-held history).
 */
export function bodyBetas(body: MessageCreateParams): string[] {
  const betas = updateBetas(body);
  const blocks = body.messages.flatMap((m) => m.content as Record<string, unknown>[]);
  const when = (used: unknown, beta: string) => used && betas.push(beta);
  when(
    (body.thinking as { display?: string } | undefined)?.display === "updates",
    "thinking-display-updates-2026-08-18",
  );
  when(
    body.messages.some((m) => m.clear_at),
    "mid-conversation-system-clear-at-2026-08-21",
  );
  when(
    body.compaction ||
      blocks.some((b) => b.type === "compaction" && (b.signature || b.tool_changes)),
    "compact-2026-09-04",
  );
  when(body.speed === "fast", "fast-mode-2026-02-01");
  when(body.thread, THREADS_BETA);
  return betas;
}
