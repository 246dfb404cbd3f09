/**
 * The conversations of the contract rows, built from their turns: a user message, the tool
 * results answering the previous answer's calls, and a loop that feeds each answer back into
 * the history as it came.
 */
import type { Conversation } from "../../scripts/scenarios/loops.js";
import { toolCallsOf } from "../../src/core/parts.js";
import type { Message, ModelRequest } from "../../src/core/types.js";
import type { RowSpec } from "./table.js";

/** A user message of text. */
export const user = (content: string): Message => ({ role: "user", content });

/** Tool results answering the previous message's calls, in order. */
export function toolResults(...contents: (string | [string, true])[]) {
  return (m: Message): Message[] =>
    toolCallsOf(m).map((c, i) => {
      const r = contents[i] ?? "";
      return typeof r === "string"
        ? { role: "tool", toolCallId: c.id, content: r }
        : { role: "tool", toolCallId: c.id, content: r[0], isError: true };
    });
}

/** A user message after the previous answer. */
export const andThen = (content: string) => (): Message[] => [user(content)];

/**
 * A conversation: the first request, then for each next turn the messages that follow the
 * previous answer (which goes back into the history as it came).
 */
export function loop(
  base: Omit<ModelRequest, "messages">,
  first: Message[],
  ...next: ((previous: Message) => Message[])[]
): RowSpec["run"] {
  return async (call) => {
    const history = [...first];
    let answer = await call({ ...base, messages: [...history] });
    for (const after of next) {
      history.push(answer.message, ...after(answer.message));
      answer = await call({ ...base, messages: [...history] });
    }
  };
}

/**
 * A recorded conversation of scripts/scenarios/loops.ts: its prompt (and system prompt, unless
 * `base` says otherwise), then its tool's answers to the first answer's calls, then its
 * follow-up question if it has one, then the end.
 */
export function conversation(
  c: Conversation,
  base: Omit<ModelRequest, "messages"> = c.system === undefined ? {} : { system: c.system },
): RowSpec["run"] {
  const answers = (m: Message): Message[] =>
    toolCallsOf(m).map((call) => ({
      role: "tool",
      toolCallId: call.id,
      content: c.answer(call.arguments),
    }));
  const followUp = c.followUp === undefined ? [] : [andThen(c.followUp)];
  return loop({ ...base, tools: [c.tool] }, [user(c.prompt)], answers, ...followUp);
}
