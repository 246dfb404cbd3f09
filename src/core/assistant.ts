import type { Message, ThinkingBlock, ToolCall } from "./types.js";

/**
 * An assistant message as every adapter builds it: `thinking` and `toolCalls` appear only
 * when there are some, so a parsed answer and its streamed twin compare equal.
 */
export function assistantMessage(
  text: string,
  thinking: ThinkingBlock[],
  toolCalls: ToolCall[],
): Message {
  const message: Message = { role: "assistant", content: text };
  if (thinking.length > 0) message.thinking = thinking;
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  return message;
}
