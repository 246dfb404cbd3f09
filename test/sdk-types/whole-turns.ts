import type { Message, Part, ToolCallPart } from "../../src/core/types.js";

/** The image every whole-body check sends, in the user's turn. */
export const PNG = { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" } as const;

/**
 * The turns of a whole conversation each wire's SDK check builds a body from: the user's text
 * and image, the model's signed thinking (and `redacted` thinking when given), its text and a
 * tool call, and the call's answer (text, or parts such as the image again).
 */
export function wholeTurns(turn: {
  provider: string;
  said: string;
  call: ToolCallPart;
  answer: string | Part[];
  signature?: string;
  redacted?: string;
}): Message[] {
  const { provider, said, call, answer, signature = "c2ln", redacted } = turn;
  const hidden: Part[] = redacted === undefined ? [] : [{ type: "thinking", redacted, provider }];
  return [
    { role: "user", content: [{ type: "text", text: "Where is this?" }, PNG] },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "Florence.", signature, provider },
        ...hidden,
        { type: "text", text: said },
        call,
      ],
    },
    { role: "tool", toolCallId: call.id, content: answer },
  ];
}
