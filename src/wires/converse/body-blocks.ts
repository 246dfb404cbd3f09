import { StreamError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import type { PartsBuilder } from "../../core/parts.js";
import type { ThinkingPart } from "../../core/types.js";
import { isServerTool } from "./pieces.js";
import type { OutputContentBlock } from "./wire.js";

/**
 * One whole block of a Converse body's `output.message.content` (its index `i`, for errors)
 * as the part it makes (parts.ts says which); a block golem does not model, a
 * `citationsContent` or an `image` among them, is a provider part holding it as it came.
 */
export function addBlock(
  parts: PartsBuilder,
  provider: string,
  block: OutputContentBlock,
  i: number,
): void {
  const r = block.reasoningContent;
  if (r && typeof r.redactedContent === "string") {
    // Kept as the base64 text it arrives as: Bedrock takes back exactly that.
    if (r.redactedContent !== "") {
      parts.start({ type: "thinking", redacted: r.redactedContent, provider });
    }
  } else if (r && typeof r.reasoningText?.text === "string") {
    const { text, signature } = r.reasoningText;
    const part: ThinkingPart = { type: "thinking", text, provider };
    if (typeof signature === "string" && signature !== "") part.signature = signature;
    if (text !== "" || part.signature !== undefined) parts.start(part);
  } else if (typeof block.text === "string") {
    if (block.text !== "") parts.start({ type: "text", text: block.text });
  } else if (block.toolUse && !isServerTool(block.toolUse)) {
    const { toolUseId, name, input } = block.toolUse;
    if (!isNonEmptyString(toolUseId) || !isNonEmptyString(name)) {
      throw new StreamError(
        `bedrock: output.message.content[${i}].toolUse has no toolUseId or name`,
      );
    }
    const args = JSON.stringify(input ?? {});
    parts.start({ type: "tool-call", id: toolUseId, name, arguments: args });
  } else {
    parts.start({ type: "provider", provider, value: block });
  }
}
