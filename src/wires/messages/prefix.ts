import { originsOf, type PrefixWire } from "../../kit/prefix/wire-prefix.js";
import type { ContentBlockParam, MessageCreateParams } from "./wire.js";

const isThinking = (b: ContentBlockParam) =>
  b.type === "thinking" || b.type === "redacted_thinking";

/**
 * The Messages API's prefix as preserved thinking compares it: the top-level `system`, the
 * `tools` and every message's blocks (and a system message's `output_config`), `cache_control`
 * left out ("cache markers are excluded"). Top-level effort and `format` are not part of it.
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks
 */
export const MESSAGES_PREFIX: PrefixWire<MessageCreateParams> = {
  wire: "anthropic",
  // What Anthropic names this failure (BetaThinkingDroppedInputTransformation.reason).
  reason: "prefix_binding_mismatch",
  skipKeys: new Set(["cache_control"]),
  prefixOf: (body) => ({
    head: { system: body.system },
    tools: body.tools ?? [],
    // A system message's own effort is part of it, so it counts as one more block.
    messages: body.messages.map((m) => ({
      role: m.role,
      blocks: m.output_config ? [...m.content, { output_config: m.output_config }] : m.content,
    })),
    origins: originsOf(body.messages),
  }),
  dropReasoning(body, from, to) {
    const gone = [];
    for (let k = Math.min(to, body.messages.length - 1); k >= from; k--) {
      const content = (body.messages[k] as { content: ContentBlockParam[] }).content;
      // A message of thinking alone keeps it: the API refuses empty content, and with
      // "drop_block" it leaves the block out itself.
      if (content.every(isThinking)) continue;
      for (let j = content.length - 1; j >= 0; j--) {
        if (!isThinking(content[j] as ContentBlockParam)) continue;
        content.splice(j, 1);
        gone.push({ message: k, block: j, whole: false });
      }
    }
    return gone;
  },
};
