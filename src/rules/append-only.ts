/**
 * Which models bind reasoning to the prefix it was produced under, and which take a
 * mid-conversation system message: read from the first versions the model tables give
 * (`CLAUDE_SINCE`, `OPENAI_BINDS_SINCE`, with their sources), by the wires that serve each
 * family.
 * @module
 */
import { CLAUDE_SINCE } from "./claude-models.js";
import { OPENAI_BINDS_SINCE } from "./openai-models.js";
import { atLeast, claudeVersion, gptVersion, type ModelVersion } from "./version.js";

/** Whether `v` is at least the `"major.minor"` version `since`. */
function since(v: ModelVersion | undefined, first: string | undefined): boolean {
  if (!v || first === undefined) return false;
  const [major, minor] = first.split(".").map(Number);
  return atLeast(v, major ?? 0, minor ?? 0);
}

/** A Claude id's version wherever it sits in the id (`us.anthropic.`, `@date`), any case. */
function claudeOf(model: string): ModelVersion | undefined {
  const id = model.toLowerCase();
  const at = id.indexOf("claude-");
  return at < 0 ? undefined : claudeVersion(id.slice(at));
}

/** A GPT id's version after a path or prefix (`openai/gpt-6.2`, `ft:gpt-6.2:…`), any case. */
function gptOf(model: string): ModelVersion | undefined {
  const m = /(?:^|[/.:])(gpt-.*)$/.exec(model.toLowerCase());
  return m?.[1] === undefined ? undefined : gptVersion(m[1]);
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

/** Whether OpenAI drops reasoning items that follow a prefix change (GPT-6.2 and later). */
export function openaiBindsPrefix(model: string): boolean {
  return since(gptOf(model), OPENAI_BINDS_SINCE);
}

/** Whether request-level `instructions` lead the prefix (models before GPT-6.2). */
export function openaiInstructionsInPrefix(model: string): boolean {
  return !openaiBindsPrefix(model);
}
