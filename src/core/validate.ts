import { HistoryError } from "./errors.js";
import { show } from "./issue.js";
import { thinkingBlockProblem } from "./thinking.js";
import type { Message } from "./types.js";

const ROLES = new Set(["system", "user", "assistant", "tool"]);
const ASSISTANT_ONLY = ["thinking", "toolCalls", "contentSignature"] as const;

/**
 * Checks a conversation before it is sent or stored; throws {@link HistoryError} naming the
 * message index and the reason. Blocks and signatures are only read, never changed.
 */
export function validateHistory(messages: Message[]): void {
  if (!Array.isArray(messages)) throw new HistoryError("history is not an array");
  const callIds = new Set<string>();
  messages.forEach((m, i) => {
    const problem = messageProblem(m, callIds);
    if (problem) throw new HistoryError(problem, i);
  });
}

function messageProblem(m: Message, callIds: Set<string>): string | undefined {
  if (typeof m !== "object" || m === null) return "is not an object";
  if (!ROLES.has(m.role)) return `has an unknown role ${show(m.role)}`;
  if (typeof m.content !== "string") return "content is not a string";
  if (m.role !== "assistant") {
    for (const key of ASSISTANT_ONLY) {
      if (m[key] !== undefined) return `${key} is allowed only on assistant messages`;
    }
  }
  if (m.role !== "tool" && (m.toolCallId !== undefined || m.isError !== undefined)) {
    return "toolCallId and isError are allowed only on tool messages";
  }
  if (m.isError !== undefined && typeof m.isError !== "boolean") return "isError is not a boolean";
  if (m.contentSignature !== undefined && !nonEmpty(m.contentSignature)) {
    return "contentSignature is not a non-empty string";
  }
  if (m.thinking !== undefined) {
    if (!Array.isArray(m.thinking)) return "thinking is not an array";
    for (const [j, block] of m.thinking.entries()) {
      const problem = thinkingBlockProblem(block);
      if (problem) return `thinking[${j}] ${problem}`;
    }
  }
  if (m.toolCalls !== undefined) {
    if (!Array.isArray(m.toolCalls)) return "toolCalls is not an array";
    for (const [j, call] of m.toolCalls.entries()) {
      const problem = toolCallProblem(call);
      if (problem) return `toolCalls[${j}] ${problem}`;
      callIds.add(call.id);
    }
  }
  if (m.role === "tool") {
    if (!nonEmpty(m.toolCallId)) return "a tool message needs a toolCallId";
    if (!callIds.has(m.toolCallId)) {
      return `toolCallId ${JSON.stringify(m.toolCallId)} names no tool call of an earlier assistant message`;
    }
  }
  return undefined;
}

function toolCallProblem(call: unknown): string | undefined {
  if (typeof call !== "object" || call === null) return "is not an object";
  const c = call as Record<string, unknown>;
  if (!nonEmpty(c.id)) return "has no id";
  if (!nonEmpty(c.name)) return "has no name";
  if (typeof c.arguments !== "string") return "arguments are not a JSON string";
  // "" is what a provider streams for a call without arguments; it goes out as {}.
  if (c.arguments !== "" && !parsesAsJSON(c.arguments)) {
    return `arguments are not valid JSON: ${show(c.arguments)}`;
  }
  if (c.signature !== undefined && !nonEmpty(c.signature)) {
    return "has a signature that is not a non-empty string";
  }
  return undefined;
}

function parsesAsJSON(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function nonEmpty(v: unknown): v is string {
  return typeof v === "string" && v.length > 0;
}
