import { HistoryError } from "./errors.js";
import { formatPath } from "./issue.js";
import {
  array,
  boolean,
  type Check,
  either,
  object,
  oneOf,
  optional,
  string,
  tagged,
} from "./shape.js";
import type { Message } from "./types.js";
import { validateHistory } from "./validate.js";

/** Built on the first `parseHistory` call, so a bundle without it carries none of it. */
let historyCheck: Check | undefined;

// Strict objects: a stored history with a field we do not know is refused rather than
// silently shortened, so what comes back is what was stored.
function buildHistoryCheck(): Check {
  const text = optional(string());
  const type = (name: string) => oneOf([name]);
  const part = tagged("type", {
    text: object(
      { type: type("text"), text: string(), signature: text, phase: text, provider: text },
      true,
    ),
    thinking: object(
      { type: type("thinking"), text, signature: text, redacted: text, provider: text },
      true,
    ),
    "tool-call": object(
      {
        type: type("tool-call"),
        id: string(),
        name: string(),
        arguments: string(),
        signature: text,
        provider: text,
      },
      true,
    ),
    image: object({ type: type("image"), mediaType: string(), data: text, url: text }, true),
    file: object(
      { type: type("file"), mediaType: string(), data: text, url: text, filename: text },
      true,
    ),
    // The provider's own JSON, whatever it holds: kept as stored.
    provider: object({ type: type("provider"), provider: string() }, false),
  });
  const message = object(
    {
      role: oneOf(["system", "user", "assistant", "tool"]),
      content: either(
        "string or array",
        [(v) => typeof v === "string", string()],
        [Array.isArray, array(part)],
      ),
      toolCallId: text,
      isError: optional(boolean),
      cache: optional(boolean),
    },
    true,
  );
  return array(message);
}

/**
 * Reads a stored conversation (JSON text or already-parsed JSON) and checks it; throws
 * {@link HistoryError} naming the message index and what is wrong. Parts and signatures come back as stored.
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
  historyCheck ??= buildHistoryCheck();
  const found = historyCheck(value);
  if (found) {
    const [first, ...rest] = found.path;
    const index = typeof first === "number" ? first : undefined;
    const where = index === undefined ? formatPath(found.path) || "history" : formatPath(rest);
    throw new HistoryError(`${where ? `${where}: ` : ""}${found.reason}`, index);
  }
  // A copy of parsed input (the caller keeps theirs), with its keys in their stored order: a
  // history read back should serialize to the very text it was stored as.
  const messages = (
    typeof json === "string" ? value : JSON.parse(JSON.stringify(value))
  ) as Message[];
  validateHistory(messages);
  return messages;
}

/** Writes a conversation as JSON after checking it; parts and signatures are untouched. */
export function serializeHistory(messages: Message[]): string {
  validateHistory(messages);
  return JSON.stringify(messages);
}
