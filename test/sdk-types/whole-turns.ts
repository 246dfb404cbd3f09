import type { Message, Part, ToolCallPart } from "../../src/core/types.js";

/** The image every whole-body check sends, in the user's turn. */
const PNG: Part = { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" };

/**
 * The turns of a whole conversation each wire's SDK check builds a body from: the user's text
 * and image, the model's signed thinking, its text and a tool call, and the call's answer.
 */
export function wholeTurns(turn: {
  provider: string;
  said: string;
  call: ToolCallPart;
  answer: string;
  signature?: string;
}): Message[] {
  const { provider, said, call, answer, signature = "c2ln" } = turn;
  return [
    { role: "user", content: [{ type: "text", text: "Where is this?" }, PNG] },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "Florence.", signature, provider },
        { type: "text", text: said },
        call,
      ],
    },
    { role: "tool", toolCallId: call.id, content: answer },
  ];
}
