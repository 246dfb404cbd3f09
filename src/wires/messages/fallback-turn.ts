import { isObjectLike } from "../../core/issue.js";
import type { Part } from "../../core/types.js";

/**
 * What of an assistant turn stays behind after a server-side fallback, as the
 * refusals-and-fallback page's "Continuing the conversation" table says: the `fallback` blocks
 * stay in place (under the beta), `text` and every block after the turn's final `fallback`
 * block stay; before it, `thinking`, `redacted_thinking`, `connector_text` and client
 * `tool_use` are dropped, and a server tool use stays only with its result. The SDK's
 * `BetaFallbackBlockParam` (1.17.0) adds that "no `tool_result` is sent for a `tool_use` block
 * you left out", and that thinking on both sides of a boundary whose block is left out is
 * rejected, which this rule rules out: no thinking is left before the final block.
 * @see https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback#continuing-the-conversation
 */
export interface LeftOut {
  /** The part indices of the turn that are not sent. */
  parts: ReadonlySet<number>;
  /** The ids of the client tool calls among them, whose results are not sent either. */
  toolCalls: readonly string[];
}

/** Server tool use blocks, each paired with a result block by `tool_use_id`. */
const SERVER_TOOL_USE = ["server_tool_use", "mcp_tool_use"];

/** The block of one of this conversation's provider parts, or `undefined`. */
function blockOf(part: Part, provider: string): Record<string, unknown> | undefined {
  if (part.type !== "provider" || part.provider !== provider) return undefined;
  const value = part.value;
  return isObjectLike(value) ? (value as Record<string, unknown>) : undefined;
}

/** The parts of `parts` (one assistant turn) that the next request leaves out. */
export function leftOutAfterFallback(parts: readonly Part[], provider: string): LeftOut {
  const blocks = parts.map((p) => blockOf(p, provider));
  const last = blocks.map((b) => b?.type).lastIndexOf("fallback");
  if (last < 0) return { parts: new Set(), toolCalls: [] };
  const results = new Set(blocks.map((b) => b?.tool_use_id).filter(Boolean));
  const out = new Set<number>();
  const toolCalls: string[] = [];
  for (const [j, part] of parts.slice(0, last).entries()) {
    const block = blocks[j];
    const type = block?.type;
    if (part.type === "thinking" || type === "connector_text") out.add(j);
    else if (part.type === "tool-call") {
      out.add(j);
      toolCalls.push(part.id);
    } else if (SERVER_TOOL_USE.includes(String(type)) && !results.has(block?.id ?? "")) out.add(j);
  }
  return { parts: out, toolCalls };
}
