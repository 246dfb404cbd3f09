/**
 * Which models bind reasoning to the prefix it was produced under, and which take a
 * mid-conversation system message: data with its sources, read by the wires that serve each
 * family. Later models are assumed to keep a rule their predecessors have (the docs say so of
 * the prefix check: "enforced ... for later models").
 */
import { claudeVersion } from "./version.js";

/** The first version of each family a rule holds for, as `major * 100 + minor` (5.5 is 505). */
type Since = Readonly<Record<string, number>>;

/** Whether `model` is a Claude model at or after the version its family has in `table`. */
function claudeFrom(table: Since, model: string): boolean {
  const v = claudeVersion(model);
  const from = v && table[v.family];
  return !!v && from !== undefined && v.major * 100 + v.minor >= from;
}

/**
 * Preserved thinking's prefix check: Claude Fable 5.1/5.2, Mythos 5.1/5.2, Opus 5.5, Sonnet
 * 5.5, Haiku 5.5, on every platform (the page's supportedModels, 2026-12-01).
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-thinking-block-binding.html
 */
const CLAUDE_BINDS: Since = { fable: 501, mythos: 501, opus: 505, sonnet: 505, haiku: 505 };

/** Whether a Claude model checks a replayed thinking block against its prefix. */
export function claudeBindsPrefix(model: string): boolean {
  return claudeFrom(CLAUDE_BINDS, model);
}

/**
 * Mid-conversation `role: "system"` messages: Claude Opus 4.8 and later, Fable and Mythos 5
 * and later, Sonnet 5.5, Haiku 5.5; not Sonnet 5 (2026-12-01).
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 * @see https://platform.claude.com/docs/en/about-claude/models/whats-new-claude-4-8
 */
const CLAUDE_MID_SYSTEM: Since = { opus: 408, fable: 500, mythos: 500, sonnet: 505, haiku: 505 };

/** Whether a Claude model takes a `role: "system"` message in the middle of `messages`. */
export function claudeTakesMidSystem(model: string): boolean {
  return claudeFrom(CLAUDE_MID_SYSTEM, model);
}

/** `gpt-6.2`, `gpt-6.2-mini`, `gpt-7` -> [major, minor]. */
function gptVersion(model: string): readonly [number, number] | undefined {
  const m = /(?:^|[/.:])gpt-(\d+)(?:\.(\d+))?/.exec(model.toLowerCase());
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : undefined;
}

/**
 * OpenAI drops reasoning items that follow a prefix change "starting with newer frontier
 * models": GPT-6.2 and later; before 6.2, request-level `instructions` are part of the
 * prefix too (2026-12-01).
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export function openaiBindsPrefix(model: string): boolean {
  const v = gptVersion(model);
  return !!v && (v[0] > 6 || (v[0] === 6 && v[1] >= 2));
}

/** Whether request-level `instructions` lead the prefix (models before GPT-6.2). */
export function openaiInstructionsInPrefix(model: string): boolean {
  return !openaiBindsPrefix(model);
}
