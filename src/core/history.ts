import { HistoryError } from "./errors.js";
import { unknownFieldProblem } from "./issue.js";
import type { Message } from "./types.js";
import { checkHistory } from "./validate.js";

/**
 * The fields a stored message and its parts may have: a stored history with a field we do
 * not know is refused rather than silently shortened, so what comes back is what was stored.
 * (`validateHistory` checks thinking parts this way already; a provider part holds the
 * provider's JSON, whatever it is.)
 */
const FIELDS: Record<string, readonly string[]> = {
  message: ["role", "content", "toolCallId", "isError", "cache", "prefix", "update", "interrupted"],
  text: ["type", "text", "signature", "phase", "provider"],
  "tool-call": ["type", "id", "name", "arguments", "signature", "provider"],
  image: ["type", "mediaType", "data", "url"],
  file: ["type", "mediaType", "data", "url", "filename"],
};

const unknownField = (value: object, kind: string) => {
  const known = FIELDS[kind];
  return known && unknownFieldProblem(value, known);
};

/**
 * Reads a stored conversation (JSON text or already-parsed JSON) and checks it as
 * `validateHistory` does (all but the answer order: a stored history may hold an open tool
 * call), refusing any field golem does not know too; throws
 * {@link HistoryError} naming the message index and what is wrong. Parts and signatures come
 * back as stored.
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
  // Checked before the copy below, which would drop a field holding `undefined`.
  checkHistory(value, unknownField);
  // A copy of parsed input (the caller keeps theirs), with its keys in their stored order: a
  // history read back should serialize to the very text it was stored as.
  return (typeof json === "string" ? value : JSON.parse(JSON.stringify(value))) as Message[];
}

/** Writes a conversation as JSON after checking it; parts and signatures are untouched. */
export function serializeHistory(messages: Message[]): string {
  checkHistory(messages);
  return JSON.stringify(messages);
}
