import { HistoryError } from "./errors.js";
import { isNonEmptyString, isObject, isObjectLike, show } from "./issue.js";
import { prefixRecordProblem } from "./prefix-record.js";
import { thinkingBlockProblem } from "./thinking.js";
import type { Message, Role } from "./types.js";
import { updateProblem } from "./update.js";

/**
 * The part types each role may hold. A Map: its `get` takes any role as it was stored (an
 * object a property lookup could not even turn into a key), and only these four.
 */
const PARTS_OF = new Map<unknown, ReadonlySet<string>>([
  ["system", new Set(["text"])],
  ["user", new Set(["text", "image", "file"])],
  ["tool", new Set(["text", "image", "file"])],
  ["assistant", new Set(["text", "thinking", "tool-call", "provider", "image", "file"])],
]);

const PHASES = new Set(["commentary", "final_answer"]);

/**
 * What `parseHistory` adds to the checks: the problem of a message (`kind` "message") or a
 * part (`kind` its type) beyond them, run after them.
 */
export type ExtraCheck = (value: object, kind: string) => string | undefined;

/**
 * Checks a conversation before it is sent or stored; throws {@link HistoryError} naming the
 * message index and the reason. Parts and signatures are only read, never changed.
 */
export function validateHistory(messages: Message[]): void {
  checkHistory(messages);
  checkAnswered(messages);
}

/**
 * Every tool call is answered by a `tool` message before the conversation goes on with a user
 * or assistant message: every provider refuses a call left open in the middle (Anthropic: a
 * `tool_use` "without `tool_result` blocks immediately after"; OpenAI: "An assistant message
 * with 'tool_calls' must be followed by tool messages"). The last assistant turn may stay open:
 * its calls are answered next.
 */
function checkAnswered(messages: Message[]): void {
  let open = new Map<string, number>();
  for (const [i, m] of messages.entries()) {
    if (m.role === "tool") {
      open.delete(m.toolCallId as string);
      continue;
    }
    if (m.role === "system") continue;
    const [id, at] = open.entries().next().value ?? [];
    if (id !== undefined) {
      throw new HistoryError(
        `tool call ${JSON.stringify(id)} of messages[${at}] has no tool message answering it before this ${m.role} message`,
        i,
      );
    }
    if (m.role === "assistant" && typeof m.content !== "string") {
      open = new Map();
      for (const part of m.content) if (part.type === "tool-call") open.set(part.id, i);
    }
  }
}

/** {@link validateHistory}, with `extra` run on every message and part. */
export function checkHistory(messages: unknown, extra?: ExtraCheck): void {
  if (!Array.isArray(messages)) throw new HistoryError("history is not an array");
  const callIds = new Set<string>();
  // `entries()`, not `forEach`: a hole in the array is a message too (`undefined`).
  for (const [i, m] of messages.entries()) {
    const problem = messageProblem(m, callIds, extra);
    if (problem) throw new HistoryError(problem, i);
  }
}

function messageProblem(m: Message, callIds: Set<string>, extra?: ExtraCheck): string | undefined {
  if (!isObjectLike(m)) return "is not an object";
  const allowed = PARTS_OF.get(m.role);
  if (!allowed) return `has an unknown role ${show(m.role)}`;
  if (m.role !== "tool" && (m.toolCallId !== undefined || m.isError !== undefined)) {
    return "toolCallId and isError are allowed only on tool messages";
  }
  if (m.isError !== undefined && typeof m.isError !== "boolean") return "isError is not a boolean";
  if (m.cache !== undefined && typeof m.cache !== "boolean") return "cache is not a boolean";
  if (m.prefix !== undefined) {
    if (m.role !== "assistant") return "prefix is allowed only on assistant messages";
    const problem = prefixRecordProblem(m.prefix);
    if (problem) return problem;
  }
  if (typeof m.content !== "string") {
    if (!Array.isArray(m.content)) return "content is neither a string nor an array of parts";
    for (const [j, part] of m.content.entries()) {
      const problem = partProblem(part, allowed, m.role) ?? extra?.(part, part.type);
      if (problem) return `content[${j}] ${problem}`;
      if (part.type === "tool-call") callIds.add(part.id);
    }
  }
  const update = systemUpdateProblem(m);
  if (update) return update;
  if (m.role === "tool") {
    if (!isNonEmptyString(m.toolCallId)) return "a tool message needs a toolCallId";
    if (!callIds.has(m.toolCallId)) {
      return `toolCallId ${JSON.stringify(m.toolCallId)} names no tool call of an earlier assistant message`;
    }
  }
  return extra?.(m, "message");
}

/**
 * An `update` rides only a system message and has its shape; a system message says something:
 * text, or an update (its text, when empty, adds no instruction).
 */
function systemUpdateProblem(m: Message): string | undefined {
  if (m.update !== undefined) {
    return m.role === "system"
      ? updateProblem(m.update)
      : "update is allowed only on system messages";
  }
  if (m.role !== "system") return undefined;
  const parts = typeof m.content === "string" ? [{ text: m.content }] : m.content;
  const empty = parts.every((p) => (p as { text?: unknown }).text === "");
  return empty ? "a system message needs text, or an update when its text is empty" : undefined;
}

function partProblem(part: unknown, allowed: ReadonlySet<string>, role: Role): string | undefined {
  if (!isObject(part)) return "is not an object";
  const p = part as Record<string, unknown>;
  if (typeof p.type !== "string") return "has no type";
  if (!allowed.has(p.type)) return `has type ${show(p.type)}, which ${role} messages cannot hold`;
  switch (p.type) {
    case "text":
      return textProblem(p);
    case "thinking":
      return thinkingBlockProblem(p);
    case "tool-call":
      return toolCallProblem(p);
    case "image":
    case "file":
      return mediaProblem(p);
    default:
      if (!isNonEmptyString(p.provider)) return "has no provider";
      return p.value === undefined ? "has no value" : undefined;
  }
}

function textProblem(p: Record<string, unknown>): string | undefined {
  if (typeof p.text !== "string") return "has text that is not a string";
  if (p.phase !== undefined && !PHASES.has(p.phase as string)) {
    return `has an unknown phase ${show(p.phase)}`;
  }
  return evidenceProblem(p);
}

function toolCallProblem(c: Record<string, unknown>): string | undefined {
  if (!isNonEmptyString(c.id)) return "has no id";
  if (!isNonEmptyString(c.name)) return "has no name";
  if (typeof c.arguments !== "string") return "arguments are not a JSON string";
  // "" is what a provider streams for a call without arguments; it goes out as {}.
  if (c.arguments !== "" && !parsesAsJSON(c.arguments)) {
    return `arguments are not valid JSON: ${show(c.arguments)}`;
  }
  return evidenceProblem(c);
}

/** `signature` and `provider`, where present, are non-empty strings. */
function evidenceProblem(p: Record<string, unknown>): string | undefined {
  if (p.signature !== undefined && !isNonEmptyString(p.signature)) {
    return "has a signature that is not a non-empty string";
  }
  if (p.provider !== undefined && !isNonEmptyString(p.provider)) {
    return "has a provider that is not a non-empty string";
  }
  return undefined;
}

function mediaProblem(p: Record<string, unknown>): string | undefined {
  if (!isNonEmptyString(p.mediaType)) return "has no mediaType";
  if ((p.data === undefined) === (p.url === undefined)) return "needs exactly one of data and url";
  if (p.data !== undefined && !isBase64(p.data)) return "has data that is not base64";
  if (p.url !== undefined && !isNonEmptyString(p.url))
    return "has a url that is not a non-empty string";
  if (p.filename !== undefined && !isNonEmptyString(p.filename)) {
    return "has a filename that is not a non-empty string";
  }
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isBase64(v: unknown): boolean {
  return typeof v === "string" && v.length % 4 === 0 && BASE64.test(v);
}

function parsesAsJSON(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
