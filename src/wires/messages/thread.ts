/**
 * Message threads (beta `message-threads-2026-08-12`), golem's `serverHistory` on the
 * Messages API: `thread: { type: "create" }` has the server hold the conversation under the
 * response's `id`; `{ type: "continue", previous_message_id }` then sends only the messages
 * after it, without `system` and `tools` ("Leave system and tools out of the request. The
 * thread keeps the values from the create request"; the SDK's thread helper leaves them out of
 * every continue, `CREATE_ONLY_FIELDS`: "Request fields the server takes from the thread on a
 * `continue` and rejects if the request repeats them"). The full body still goes through the
 * prefix guard first, so its record keeps comparing the system prompt and tools the thread
 * holds. Refusals are read from `error.details.error_code`, as the SDK reads them.
 * @see https://platform.claude.com/docs/en/build-with-claude/message-threads
 * @module
 */
import { ConfigError, HistoryError } from "../../core/errors.js";
import type { ServerHistoryWire } from "../../kit/server-history/plan.js";
import type { MessageCreateParams } from "./wire.js";

export const THREADS_BETA = "message-threads-2026-08-12";

export const MESSAGE_THREADS: ServerHistoryWire<MessageCreateParams> = {
  suffix(body, id, after) {
    const { system: _, tools: __, ...rest } = body;
    return {
      ...rest,
      messages: body.messages.slice(after),
      thread: { type: "continue", previous_message_id: id },
    };
  },
  full: (body, hold) => (hold ? { ...body, thread: { type: "create" } } : body),
  refused(err, held) {
    const details = (err as { body?: { error?: { details?: { error_code?: unknown } } } }).body
      ?.error?.details;
    const code = details?.error_code;
    // No usable state for `previous_message_id` (expired: "It expires 5 minutes after its last
    // request"): the SDK's ThreadNotFoundErrorDetails say replay the whole conversation with create.
    if (code === "thread_not_found") return { reason: code, hold: true };
    // "Send the full conversation without `thread`" (ThreadUnsupportedRequestErrorDetails): a
    // new thread would be refused for the same field or organization setting.
    if (code === "thread_unsupported_request") return { reason: code, hold: false };
    if (code === "thread_fingerprint_mismatch") {
      // "the message names each such field" (ThreadFingerprintMismatchErrorDetails).
      const field = /`([\w.]+)`/.exec((err as Error).message)?.[1] ?? "thread";
      throw new HistoryError(
        `thread refused (${code}): \`${field}\` differs from the thread's; keep it, or drop the turn's \`prefix.server\` for a new thread`,
        held,
        { path: field, cause: err },
      );
    }
    if (code === "thread_already_continued" || code === "thread_continue_in_flight") {
      // Each response continues once: two callers continued this history (a caller's bug).
      throw new HistoryError(`thread refused (${code}): continue from the newest history`, held, {
        path: "thread",
        cause: err,
      });
    }
    return undefined;
  },
  // A refusal, or a reply a fallback model wrote, is not stored on the thread (the SDK's
  // thread helper starts a new thread after either).
  holds: (r) =>
    r.stopReason !== "refusal" && !r.usage.iterations?.some((i) => i.type === "fallback_message"),
};

/** `serverHistory`, checked: a boolean. A platform without message threads refuses it ({@link refuseThreads}). */
export function resolveServerHistory(provider: string, value: unknown): { serverHistory?: true } {
  if (value === undefined || value === false) return {};
  if (value !== true) throw new ConfigError(`${provider}: \`serverHistory\` must be a boolean`);
  return { serverHistory: true };
}

/**
 * What a platform whose docs do not list message threads calls on its config: "supportedPlatforms"
 * names the Claude API, Claude Platform on AWS, Claude Models on Google Cloud (Anthropic
 * managed) and Microsoft Foundry, every deployment of the API that Anthropic operates; the
 * clouds that run Claude themselves (Bedrock, Vertex AI) are not among them, and each says so
 * in its own folder. A new platform of the wire takes threads as the wire does.
 * @see https://platform.claude.com/docs/en/build-with-claude/message-threads
 */
export function refuseThreads(provider: string, config: { serverHistory?: unknown }): void {
  if (config.serverHistory === true) {
    throw new ConfigError(`${provider}: no message threads for \`serverHistory\``);
  }
}
