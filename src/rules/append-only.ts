/**
 * Which Claude models bind reasoning to the prefix it was produced under, and which take a
 * mid-conversation system message: read from the first versions the Claude model table gives
 * (`CLAUDE_SINCE`, with its sources), by the wires that serve Claude. OpenAI's rule sits with
 * its table (`openaiBindsPrefix` in openai-models.ts), so no wire bundles the other family's.
 * @module
 */
import { CLAUDE_SINCE } from "./claude-models.js";
import { claudeVersion, type ModelVersion, since } from "./version.js";

/** A Claude id's version wherever it sits in the id (`us.anthropic.`, `@date`), any case. */
function claudeOf(model: string): ModelVersion | undefined {
  const id = model.toLowerCase();
  const at = id.indexOf("claude-");
  return at < 0 ? undefined : claudeVersion(id.slice(at));
}

/** Whether a Claude model checks a replayed thinking block against its prefix. */
export function claudeBindsPrefix(model: string): boolean {
  const v = claudeOf(model);
  return since(v, v && CLAUDE_SINCE[v.family]?.bindsPrefix);
}

/** Whether a Claude model takes a `role: "system"` message in the middle of `messages`. */
export function claudeTakesMidSystem(model: string): boolean {
  const v = claudeOf(model);
  return since(v, v && CLAUDE_SINCE[v.family]?.midSystem);
}

/**
 * A `role: "system"` message's own `output_config.effort` (beta
 * `mid-conversation-output-config-2026-07-01`): Claude Fable 5.1, Mythos 5.1, Opus 5 and 5.5, on
 * the Claude API and Google Cloud (2026-12-01); elsewhere effort goes top-level, which is not
 * part of the prefix preserved thinking checks (a prompt-cache restart only).
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/change-tools-or-instructions
 */
export function claudeTakesMessageEffort(model: string): boolean {
  const v = claudeOf(model);
  return since(v, v && CLAUDE_SINCE[v.family]?.messageEffort);
}
