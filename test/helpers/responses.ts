/** The response a test expects, built from its parts: what a parser or stream machine returns. */
import type { ModelResponse, Part, Usage } from "../../src/core/types.js";

/** A response of `content`: nothing counted and no stop reason unless given (a partial one). */
export const responseOf = (
  content: Part[],
  usage: Usage = { inputTokens: 0, outputTokens: 0 },
  stopReason = "",
) => ({ message: { role: "assistant", content }, usage, stopReason });

/** Unsigned thinking tagged with its provider, then text: a Chat Completions reasoning answer. */
export const reasonedText = (thought: string, text: string, provider = "openai"): Part[] => [
  { type: "thinking", text: thought, provider },
  { type: "text", text },
];

/** A response whose message is `text` alone. */
export const textResponse = (text: string, usage: Usage, stopReason: string): ModelResponse => ({
  message: { role: "assistant", content: text },
  usage,
  stopReason,
});
