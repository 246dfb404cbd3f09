import { ConfigError } from "../core/errors.js";
import { partsOf, toolCallsOf } from "../core/parts.js";
import type { Message } from "../core/types.js";

/**
 * Shapes what is sent before each model call. It gets the conversation without the system
 * prompt (a fresh array it may keep or return) and returns the messages to send; it must not
 * change the message objects themselves (return new ones), because they are the run's evidence.
 */
export type HistoryProcessor = (messages: Message[]) => Message[] | Promise<Message[]>;

/**
 * Keeps the last `n` turns: a turn starts at a user message that does not sit between a tool
 * call and its result, so a cut never separates a call from its answer and never falls inside
 * a tool loop. `system` messages of the dropped part are kept, in their order: those that open
 * the history stay in front (the system prompt as messages); a late one (after a user turn: an
 * instruction or an `update` added mid-conversation) goes right after the first kept user
 * message(s), before the model's turn, never in front: that is where every wire takes a system
 * message in the middle (Claude's mid-conversation system messages must follow a user turn, and
 * one with text must end the request or precede the assistant's turn). Each time the cut moves
 * on, the request's prefix changes, so the provider's prompt cache misses from the start.
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export function keepLastTurns(
  n: number,
  options?: PrefixChangeOptions,
): (messages: Message[]) => Message[] {
  return rewriteEarlierTurns("keepLastTurns", n, options, (messages, cut) => {
    const opening = messages.findIndex((m) => m.role !== "system");
    const dropped = messages.slice(0, cut);
    const front = dropped.slice(0, opening);
    const late = dropped.slice(opening).filter((m) => m.role === "system");
    // The kept part starts with its user message(s); the late ones go after them.
    let prompt = cut;
    while (messages[prompt]?.role === "user") prompt++;
    return [...front, ...messages.slice(cut, prompt), ...late, ...messages.slice(prompt)];
  });
}

/**
 * Removes the thinking parts of assistant messages older than the last `n` turns (turns as in
 * {@link keepLastTurns}); every other part stays, in its order, signatures on text and tool
 * calls included, and newer messages (thus the current tool loop) pass through untouched.
 * Rewriting earlier turns changes the request prefix, so the provider's prompt cache misses
 * from the first changed message on (`explainCacheMiss` in golem/testing names it; Anthropic's
 * `contextManagement` clears old thinking server-side without that cost). It breaks the signature chain only for turns before the
 * latest: use it only with providers that accept earlier turns without their reasoning
 * (models that bind thinking to the exact history prefix reject the result).
 */
export function dropOldThinking(
  n: number,
  options?: PrefixChangeOptions,
): (messages: Message[]) => Message[] {
  return rewriteEarlierTurns("dropOldThinking", n, options, (messages, cut) =>
    messages.map((m, i) => (i < cut && hasThinking(m) ? withoutThinking(m) : m)),
  );
}

/** Options of the processors that rewrite earlier turns. */
export interface PrefixChangeOptions {
  /**
   * Rewrite earlier turns even when the history comes from a model that binds reasoning to
   * its prefix (its turns carry a `prefix` record): their reasoning is then lost, so create
   * the model with `prefixCheck: "drop"` too. @defaultValue false
   */
  allowPrefixChange?: boolean;
}

/**
 * The processor `name` (after checking `n`): a history of no more than `n` turns passes as it
 * is; a longer one, once {@link refuseOnBoundHistory} lets it, is what `rewrite` makes of it
 * given `cut`, the index where the last `n` turns begin.
 */
function rewriteEarlierTurns(
  name: string,
  n: number,
  options: PrefixChangeOptions | undefined,
  rewrite: (messages: Message[], cut: number) => Message[],
): (messages: Message[]) => Message[] {
  checkTurnCount(name, n);
  return (messages) => {
    const cut = startOfLastTurns(messages, n);
    if (cut === 0) return messages;
    refuseOnBoundHistory(name, messages, options);
    return rewrite(messages, cut);
  };
}

/**
 * A history whose turns carry a prefix record came from a model that binds reasoning to its
 * prefix: cutting or editing earlier turns invalidates that reasoning, so it is refused unless
 * the caller opted in, naming the append-only ways to shrink a context.
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks
 */
function refuseOnBoundHistory(
  name: string,
  messages: readonly Message[],
  options: PrefixChangeOptions | undefined,
): void {
  if (options?.allowPrefixChange === true) return;
  if (!messages.some((m) => m.prefix !== undefined)) return;
  throw new ConfigError(
    `${name} would rewrite earlier turns of a model that binds reasoning to its prefix, which invalidates that reasoning. Shrink the context append-only instead: Anthropic server-side compaction or context editing (contextManagement), or OpenAI compaction; or pass { allowPrefixChange: true } and create the model with prefixCheck: "drop" (docs/append-only.md)`,
  );
}

/** The index where the last `n` turns begin, or 0 when there are no more than `n`. */
function startOfLastTurns(messages: readonly Message[], n: number): number {
  const starts = turnStarts(messages);
  return starts.length <= n ? 0 : (starts[starts.length - n] as number);
}

/**
 * Indices of the user messages that start a turn: those with no tool message at or after
 * them answering a call made before them.
 */
export function turnStarts(messages: readonly Message[]): number[] {
  const callOwner = new Map<string, number>();
  // lastAnswer[a] = index of the last tool message answering a call of message a.
  const lastAnswer = new Array<number>(messages.length).fill(-1);
  messages.forEach((m, i) => {
    for (const call of toolCallsOf(m)) callOwner.set(call.id, i);
    const owner =
      m.role === "tool" && m.toolCallId !== undefined ? callOwner.get(m.toolCallId) : undefined;
    if (owner !== undefined) lastAnswer[owner] = i;
  });
  const starts: number[] = [];
  let reach = -1; // furthest answer to a call made before i
  messages.forEach((m, i) => {
    if (m.role === "user" && reach < i) starts.push(i);
    reach = Math.max(reach, lastAnswer[i] as number);
  });
  return starts;
}

function hasThinking(m: Message): boolean {
  return typeof m.content !== "string" && m.content.some((p) => p.type === "thinking");
}

/** A new message without its thinking parts; the parts it keeps are the same objects. */
function withoutThinking(m: Message): Message {
  return { ...m, content: partsOf(m).filter((p) => p.type !== "thinking") };
}

function checkTurnCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 1) {
    throw new ConfigError(`${name}(n): n must be a whole number of turns, at least 1 (got ${n})`);
  }
}
