import type { Message, PrefixRecord } from "../../core/types.js";
import { messagePartHashes, type PrefixHashes } from "./hashes.js";
import { type Origin, originPath } from "./wire-prefix.js";

/** Where a replayed turn's prefix changed, and what changed there. */
export interface PrefixMismatch {
  /** The wire message where the change starts: reasoning from here to `turn` is invalid. */
  at: number;
  /** The wire message of the turn whose reasoning it invalidates. */
  turn: number;
  /** The history index of the edited message where the wire tells, else of the turn. */
  index: number;
  /** `system`, `tools[2]`, `messages.3.content.0` (history indices). */
  path: string;
  /** What changed, for the error message. */
  what: string;
}

/**
 * Checks one replayed turn (history index `h`, at wire message `pos`) against the record of
 * the request it was produced under; the first difference, or `undefined`.
 */
export function checkTurn(
  rec: PrefixRecord,
  h: number,
  message: Message,
  pos: number,
  now: PrefixHashes,
  origins: readonly Origin[][],
): PrefixMismatch | undefined {
  const at = (index: number, path: string, what: string, wireAt = 0) => ({
    at: wireAt,
    turn: pos,
    index,
    path,
    what,
  });
  for (const key of new Set([...Object.keys(rec.head), ...Object.keys(now.head)])) {
    if (rec.head[key] !== now.head[key]) {
      return at(h, key, `\`${key}\` differs from the one this turn was produced under`);
    }
  }
  const tool = firstDifference(rec.tools, now.tools);
  if (tool !== undefined) return at(h, `tools[${tool}]`, toolChange(rec.tools, now.tools, tool));
  if (pos + now.at !== rec.count || now.chain[pos] !== rec.chain) {
    return locate(rec, h, pos, now, origins);
  }
  const part = firstDifference(rec.parts, messagePartHashes(message));
  if (part !== undefined) {
    const what = "a part of this turn was edited, removed or moved since it was returned";
    return at(h, `messages.${h}.content.${part}`, what, pos);
  }
  return undefined;
}

/** The first wire message that differs from the record's steps, named in history terms. */
function locate(
  rec: PrefixRecord,
  h: number,
  pos: number,
  now: PrefixHashes,
  origins: readonly Origin[][],
): PrefixMismatch {
  const end = Math.max(rec.count, pos);
  for (let k = rec.from; k < end; k++) {
    const stored = rec.steps[k - rec.from];
    const current = k < pos ? now.blocks[k] : undefined;
    if (stored === undefined || current === undefined) {
      const what = "a message was added or removed before this turn";
      return { at: Math.min(k, pos), turn: pos, ...named(origins, k, 0, h), what };
    }
    const j = firstDifference(stored, current);
    if (j !== undefined) {
      const what =
        stored.length === current.length
          ? "this block differs from the one sent when the turn was produced"
          : "a block was added or removed here";
      return { at: k, turn: pos, ...named(origins, k, j, h), what };
    }
  }
  // The steps agree but the chain does not: something before `from` changed.
  const what = "an earlier message changed";
  return { at: 0, turn: pos, index: h, path: `messages.${h}`, what };
}

/** A wire block's place in the history: `messages.3.content.0`, or the turn when unknown. */
function named(origins: readonly Origin[][], k: number, j: number, h: number) {
  const list = origins[k];
  const origin = list?.[Math.min(j, list.length - 1)];
  if (!origin) return { index: h, path: `messages.${h}` };
  return { index: origin[0], path: originPath(origin) };
}

function firstDifference(a: readonly string[], b: readonly string[]): number | undefined {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? undefined : n;
}

function toolChange(before: readonly string[], after: readonly string[], i: number): string {
  if (after.length > before.length && i === before.length) return `tool ${i} was added`;
  if (after.length < before.length && i === after.length) return `tool ${i} was removed`;
  if (before.length !== after.length) return `tools were added or removed at ${i}`;
  return `tool ${i} differs (changed or reordered)`;
}
