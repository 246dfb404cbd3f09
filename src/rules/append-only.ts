/**
 * Which models bind reasoning to the prefix it was produced under, and which take a
 * mid-conversation system message: data with its sources, read by the wires that serve each
 * family. Later models are assumed to keep a rule their predecessors have (the docs say so of
 * the prefix check: "enforced ... for later models").
 */

interface ClaudeVersion {
  family: string;
  major: number;
  minor: number;
}

/** `claude-opus-5-5`, `anthropic.claude-opus-5-5-v1:0`, `claude-fable-5-1@20261001` -> its version. */
function claudeVersion(model: string): ClaudeVersion | undefined {
  const m = /claude-(opus|sonnet|haiku|fable|mythos)-(\d+)(?:-(\d{1,2}))?(?!\d)/.exec(
    model.toLowerCase(),
  );
  if (!m) return undefined;
  return { family: m[1] as string, major: Number(m[2]), minor: Number(m[3] ?? 0) };
}

const atLeast = (v: ClaudeVersion, major: number, minor: number) =>
  v.major > major || (v.major === major && v.minor >= minor);

/**
 * Preserved thinking's prefix check: Claude Fable 5.1/5.2, Mythos 5.1/5.2, Opus 5.5, Sonnet
 * 5.5, Haiku 5.5, on every platform (the page's supportedModels, 2026-12-01).
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-thinking-block-binding.html
 */
const CLAUDE_BINDS: Record<string, readonly [number, number]> = {
  fable: [5, 1],
  mythos: [5, 1],
  opus: [5, 5],
  sonnet: [5, 5],
  haiku: [5, 5],
};

/** Whether a Claude model checks a replayed thinking block against its prefix. */
export function claudeBindsPrefix(model: string): boolean {
  const v = claudeVersion(model);
  const from = v && CLAUDE_BINDS[v.family];
  return !!v && !!from && atLeast(v, from[0], from[1]);
}

/**
 * Mid-conversation `role: "system"` messages: Claude Opus 4.8 and later, Fable and Mythos 5
 * and later, Sonnet 5.5, Haiku 5.5; not Sonnet 5 (2026-12-01).
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 * @see https://platform.claude.com/docs/en/about-claude/models/whats-new-claude-4-8
 */
const CLAUDE_MID_SYSTEM: Record<string, readonly [number, number]> = {
  opus: [4, 8],
  fable: [5, 0],
  mythos: [5, 0],
  sonnet: [5, 5],
  haiku: [5, 5],
};

/** Whether a Claude model takes a `role: "system"` message in the middle of `messages`. */
export function claudeTakesMidSystem(model: string): boolean {
  const v = claudeVersion(model);
  const from = v && CLAUDE_MID_SYSTEM[v.family];
  return !!v && !!from && atLeast(v, from[0], from[1]);
}

/**
 * A `role: "system"` message's own `output_config.effort` (beta
 * `mid-conversation-output-config-2026-07-01`): Claude Fable 5.1, Mythos 5.1, Opus 5 and 5.5, on
 * the Claude API and Google Cloud (2026-12-01); elsewhere effort goes top-level, which is not
 * part of the prefix preserved thinking checks (a prompt-cache restart only).
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/change-tools-or-instructions
 */
const CLAUDE_MESSAGE_EFFORT: Record<string, readonly [number, number]> = {
  opus: [5, 0],
  fable: [5, 1],
  mythos: [5, 1],
};

/** Whether a Claude model takes effort on a mid-conversation system message. */
export function claudeTakesMessageEffort(model: string): boolean {
  const v = claudeVersion(model);
  const from = v && CLAUDE_MESSAGE_EFFORT[v.family];
  return !!v && !!from && atLeast(v, from[0], from[1]);
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
