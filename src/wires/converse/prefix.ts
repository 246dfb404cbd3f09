import { type DroppedBlock, originsOf, type PrefixWire } from "../../kit/prefix/wire-prefix.js";
import type { ContentBlock, ConverseRequest } from "./wire.js";

const isCachePoint = (block: unknown) =>
  typeof block === "object" && block !== null && "cachePoint" in block;
const isReasoning = (block: unknown) =>
  typeof block === "object" && block !== null && "reasoningContent" in block;
const withoutCachePoints = (list: readonly unknown[] | undefined) =>
  list?.filter((b) => !isCachePoint(b));

/**
 * Converse's prefix for Claude's preserved thinking: `system`, `toolConfig.tools` and every
 * message's blocks, `cachePoint` blocks left out (they are cache markers).
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-thinking-block-binding.html
 */
export const CONVERSE_PREFIX: PrefixWire<ConverseRequest> = {
  wire: "bedrock",
  skipKeys: new Set(),
  skipBlock: isCachePoint,
  prefixOf: (body) => ({
    head: { system: withoutCachePoints(body.system) },
    tools: withoutCachePoints(body.toolConfig?.tools) ?? [],
    messages: body.messages.map((m) => ({ role: m.role, blocks: m.content })),
    origins: originsOf(body.messages),
  }),
  dropReasoning(body, from, to) {
    const gone: DroppedBlock[] = [];
    for (let k = Math.min(to, body.messages.length - 1); k >= from; k--) {
      const content = (body.messages[k] as { content: ContentBlock[] }).content;
      const kept = content.filter((b) => !isCachePoint(b));
      // Converse refuses empty content: a message of reasoning alone keeps it.
      if (kept.every(isReasoning)) continue;
      for (let j = kept.length - 1; j >= 0; j--) {
        if (!isReasoning(kept[j])) continue;
        content.splice(content.indexOf(kept[j] as ContentBlock), 1);
        gone.push({ message: k, block: j, whole: false });
      }
    }
    return gone;
  },
};
