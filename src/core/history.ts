import * as z from "zod/mini";
import { HistoryError } from "./errors.js";
import { describeIssue, formatPath } from "./issue.js";
import type { Message } from "./types.js";
import { validateHistory } from "./validate.js";

/**
 * Built on the first `parseHistory` call, not at module top level: there the schema kept zod's
 * core in every bundle of `golem` (`npm run size`: `Agent` alone 8.7 KB gzip, 3.4 KB without)
 * and cost every import of it 3-5 ms.
 */
let historySchema: ReturnType<typeof buildHistorySchema> | undefined;

// Strict objects: a stored history with a field we do not know is refused rather than
// silently shortened, so what comes back is what was stored.
function buildHistorySchema() {
  const thinkingBlock = z.strictObject({
    text: z.optional(z.string()),
    signature: z.optional(z.string()),
    redacted: z.optional(z.string()),
    provider: z.optional(z.string()),
  });
  const toolCall = z.strictObject({
    id: z.string(),
    name: z.string(),
    arguments: z.string(),
    signature: z.optional(z.string()),
  });
  const message = z.strictObject({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: z.string(),
    thinking: z.optional(z.array(thinkingBlock)),
    toolCalls: z.optional(z.array(toolCall)),
    contentSignature: z.optional(z.string()),
    toolCallId: z.optional(z.string()),
    isError: z.optional(z.boolean()),
  });
  return z.array(message);
}

/**
 * Reads a stored conversation (JSON text or already-parsed JSON) and checks it; throws
 * {@link HistoryError} naming the message index and what is wrong. Signatures come back as stored.
 */
export function parseHistory(json: string | unknown): Message[] {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new HistoryError(`history is not valid JSON: ${(cause as Error).message}`, undefined, {
        cause,
      });
    }
  }
  historySchema ??= buildHistorySchema();
  const result = historySchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (!issue) throw new HistoryError("invalid history");
    const [first, ...rest] = issue.path;
    const index = typeof first === "number" ? first : undefined;
    const where = index === undefined ? formatPath(issue.path) || "history" : formatPath(rest);
    throw new HistoryError(`${where ? `${where}: ` : ""}${describeIssue(issue, value)}`, index);
  }
  // The checked input, not zod's output: zod rebuilds objects in schema key order, and a
  // history read back should serialize to the very text it was stored as.
  const messages = (
    typeof json === "string" ? value : JSON.parse(JSON.stringify(value))
  ) as Message[];
  validateHistory(messages);
  return messages;
}

/** Writes a conversation as JSON after checking it; blocks and signatures are untouched. */
export function serializeHistory(messages: Message[]): string {
  validateHistory(messages);
  return JSON.stringify(messages);
}
