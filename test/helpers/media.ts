import type { Message, Part } from "../../src/core/types.js";

/** A user message of `content` parts. */
export const user = (...content: Part[]): Message => ({ role: "user", content });

/** The assistant's call of the `shot` tool that {@link toolResult} answers. */
export const CALL: Message = {
  role: "assistant",
  content: [{ type: "tool-call", id: "call_1", name: "shot", arguments: "{}" }],
};

/** A user turn, the call, then a tool result of `content` (message 2). */
export const toolResult = (...content: Part[]): Message[] => [
  user({ type: "text", text: "Take a screenshot." }),
  CALL,
  { role: "tool", toolCallId: "call_1", content },
];
