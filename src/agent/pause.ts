import { HistoryError } from "../core/errors.js";
import { hashText } from "../core/hash.js";
import { partsOf, toolCallsOf } from "../core/parts.js";
import type { Message, PrefixRecord, ToolCallPart } from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import { hashOnce } from "../kit/prefix/hash-once.js";
import { partHashes } from "../kit/prefix/hashes.js";

/**
 * A decision on one open tool call: `true` runs it, `false` answers it with a tool error the
 * model reads; `reason` goes into that error ("not approved (reason: …)").
 */
export type ToolDecision = boolean | { approved: boolean; reason?: string };

/** The decisions {@link Agent.resume} takes: one per open call, by tool call id. */
export type ToolDecisions = Record<string, ToolDecision>;

/**
 * The tool calls a history waits on: the calls of its last assistant message that no `tool`
 * message after it answers. A paused run's `pending`, read from its messages alone, so a
 * stored run needs nothing else; in a checkpoint taken while tools ran, these are the calls
 * whose result was not recorded (they may have run: decide, do not simply re-run them).
 * Empty when something other than tool messages follows the last assistant message.
 * @example
 * const open = pendingToolCalls(parseHistory(stored)); // what to ask the person about
 */
export function pendingToolCalls(messages: readonly Message[]): ToolCallPart[] {
  const at = lastAssistant(messages);
  if (messages.slice(at + 1).some((m) => m.role !== "tool")) return [];
  return unanswered(messages, at);
}

/** The calls of assistant message `at` (none when -1) that no later tool message answers. */
function unanswered(messages: readonly Message[], at: number): ToolCallPart[] {
  const answered = new Set(messages.slice(at + 1).map((m) => m.toolCallId));
  return at < 0 ? [] : toolCallsOf(messages[at] as Message).filter((c) => !answered.has(c.id));
}

/** Where a resumed run starts, found by {@link resumePoint}. */
export interface ResumePoint {
  /** The open calls, in call order, with the decision on each. */
  calls: { call: ToolCallPart; approved: boolean; reason: string | undefined }[];
  /** The history ends with the model's answer (no open call): nothing is left to call. */
  answered: Message | undefined;
}

/**
 * Checks a history and the decisions on its open calls before a resumed run does anything:
 * a HistoryError when the history is malformed or empty, when an assistant turn carrying a
 * prefix record was changed since the model returned it, when a system message follows the
 * open calls, or when the decisions are not exactly one well-formed decision per open call.
 */
export function resumePoint(messages: readonly Message[], decisions: unknown): ResumePoint {
  if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) {
    throw new HistoryError(
      "resume: decisions must be an object of tool call ids, each true, false or { approved, reason? }",
    );
  }
  validateHistory(messages as Message[]);
  if (messages.length === 0) {
    throw new HistoryError("resume: nothing to resume: the history is empty (start with run)");
  }
  checkRecordedTurns(messages);
  checkEarlierMessages(messages);
  const at = lastAssistant(messages);
  const open = unanswered(messages, at);
  // validateHistory lets only a system message follow open calls; no provider takes one there.
  const trailing = messages.slice(at + 1).find((m) => m.role !== "tool");
  if (open.length > 0 && trailing) {
    throw new HistoryError(
      "resume: a system message follows the open calls; answer them first",
      messages.indexOf(trailing),
    );
  }
  const given = decisions as Record<string, unknown>;
  const calls = open.map((call) => {
    if (!Object.hasOwn(given, call.id)) {
      throw new HistoryError(
        `resume: tool call ${JSON.stringify(call.id)} (${call.name}) has no decision; the history waits on ${ids(open)}: approve or deny each one`,
        at,
      );
    }
    return { call, ...decisionOf(call.id, given[call.id]) };
  });
  for (const id of Object.keys(given)) {
    if (!open.some((c) => c.id === id)) {
      const waits = open.length > 0 ? `it waits on ${ids(open)}` : "it waits on no call";
      throw new HistoryError(
        `resume: a decision for ${JSON.stringify(id)}, which is not a call the history waits on (${waits})`,
        at >= 0 ? at : undefined,
      );
    }
  }
  const last = messages[messages.length - 1] as Message;
  const answered = last.role === "assistant" && open.length === 0 ? last : undefined;
  return { calls, answered };
}

/** A decision, checked: `true`, `false` or `{ approved: boolean, reason?: string }`. */
function decisionOf(id: string, value: unknown): { approved: boolean; reason: string | undefined } {
  if (typeof value === "boolean") return { approved: value, reason: undefined };
  const d = value as { approved?: unknown; reason?: unknown } | null;
  if (
    typeof d === "object" &&
    d !== null &&
    typeof d.approved === "boolean" &&
    (d.reason === undefined || typeof d.reason === "string")
  ) {
    return { approved: d.approved, reason: d.reason };
  }
  throw new HistoryError(
    `resume: the decision for tool call ${JSON.stringify(id)} must be true, false or { approved, reason? } (reason a string)`,
  );
}

/**
 * Every assistant turn that carries a prefix record (a binding model's) still has the parts
 * it was returned with: an edited argument would run a call the model never made, and the
 * provider would refuse the turn's signature anyway. The record's part hashes need no wire.
 */
function checkRecordedTurns(messages: readonly Message[]): void {
  for (const [i, m] of messages.entries()) {
    const recorded = m.role === "assistant" ? m.prefix?.parts : undefined;
    if (!recorded) continue;
    const now = partHashes(partsOf(m));
    const n = Math.min(recorded.length, now.length);
    let k = 0;
    while (k < n && recorded[k] === now[k]) k++;
    if (k === n && recorded.length === now.length) continue;
    throw new HistoryError(
      `resume: this assistant turn changed since the model returned it (part ${k} was edited, added, removed or moved; its prefix record says so); a paused run resumes only as it was stored`,
      i,
      { path: `messages.${i}.content.${k}` },
    );
  }
}

/**
 * Every recorded turn still answers the messages it answered: each message before it is as
 * the run held it when the model returned the turn (`prefix.history`). Finds the first turn
 * whose earlier messages changed and names the span the edit is in, so a paused run is refused
 * before an approved tool runs, not by the guard at the next request after.
 */
function checkEarlierMessages(messages: readonly Message[]): void {
  let from = 0;
  for (const [i, m] of messages.entries()) {
    const recorded = m.role === "assistant" ? m.prefix?.history : undefined;
    if (recorded === undefined) continue;
    if (historyHash(messages.slice(0, i)) !== recorded) {
      const what = i - 1 > from ? `this message or one up to messages[${i - 1}]` : "this message";
      throw new HistoryError(
        `resume: ${what} changed since the model answered it in messages[${i}] (edited, added, removed or moved); a paused run resumes only as it was stored`,
        from,
        i - 1 > from ? {} : { path: `messages.${from}` },
      );
    }
    from = i + 1;
  }
}

/**
 * A hash of a run's messages, for {@link PrefixRecord.history}: one hash per message, kept
 * per message object while the message is unchanged (`hashOnce`: an edit made in place is
 * hashed again), so a long run hashes each message once, not once per step.
 */
export function historyHash(messages: readonly Message[]): string {
  let chain = "";
  for (const m of messages) {
    // Every field but the prefix record (golem's bookkeeping, not the content).
    const { prefix: _, ...content } = m;
    chain += `${hashOnce(m, "history", content, NO_KEYS)},`;
  }
  return hashText(chain);
}

const NO_KEYS: ReadonlySet<string> = new Set();

function lastAssistant(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === "assistant") return i;
  }
  return -1;
}

function ids(calls: readonly ToolCallPart[]): string {
  return calls.map((c) => JSON.stringify(c.id)).join(", ");
}
