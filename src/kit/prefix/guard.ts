import { HistoryError } from "../../core/errors.js";
import { partsOf } from "../../core/parts.js";
import type {
  InputTransformation,
  Message,
  ModelResponse,
  PrefixCheck,
  PrefixRecord,
} from "../../core/types.js";
import { checkTurn, type PrefixMismatch } from "./check.js";
import { sealed } from "./hash-once.js";
import { hashPrefix, type PrefixHashes, partHashes, rechain } from "./hashes.js";
import { indexTransformations } from "./transformations.js";
import { type DroppedBlock, type Origin, originPath, type PrefixWire } from "./wire-prefix.js";

/** What the check of one request leaves for its response. */
export interface GuardedRequest {
  /** The response with its message's {@link PrefixRecord} and golem's drops reported. */
  finish(response: ModelResponse): ModelResponse;
  /**
   * The last recorded turn, when the server holds the conversation under its id: that id, its
   * history index, and when the body up to and including that turn is exactly what the
   * server holds (its record matched, nothing dropped), the first wire message after it.
   */
  server?: { id: string; index: number; after: number | undefined };
  /**
   * The chain over the whole body's wire messages, and where each of them came from (history
   * indices): what a later check from a recorded turn of it starts on.
   */
  chain: string;
  origins: Origin[][];
}

/**
 * Where a check of part of a body starts: the history index of the recorded turn the part's
 * first wire message holds (its record gives the chain and count before it), and the origins
 * of the whole body the turn was last checked in, for the wire messages before it.
 */
export interface Seed {
  from: number;
  before: readonly Origin[][];
}

/** The check's modes, and `"record"`: records kept and compared, nothing refused or dropped. */
export type GuardMode = PrefixCheck | "record";

/**
 * The prefix check of one request body, before it is sent: every assistant turn of `history`
 * that carries a record of this wire must find its prefix unchanged. On a change, `"error"`
 * throws a {@link HistoryError} (index, path, what changed); `"drop"` leaves the invalidated
 * reasoning out of `body` (in place) and reports it. Linear in the size of the body, plus the
 * block count per dropped turn. With `seed`, `body` holds only the wire messages of
 * `history` from `seed.from` on (its origins counted from there), and what the response
 * records is that of the whole body.
 */
export function guardPrefix<B>(
  wire: PrefixWire<B>,
  body: B,
  history: readonly Message[],
  mode: GuardMode,
  seed?: Seed,
): GuardedRequest | undefined {
  if (mode === "off") return undefined;
  const prefix = wire.prefixOf(body);
  const from = seed?.from ?? 0;
  const origins = (prefix.origins ?? []).map((list) => list.map(([m, p]): Origin => [m + from, p]));
  const hashes = hashPrefix(
    wire as PrefixWire<never>,
    prefix,
    history,
    origins,
    seed && history[from]?.prefix,
  );
  let starts = firstPositions(origins);
  const dropped: InputTransformation[] = [];
  let last: number | undefined;
  let lastMatched = false;
  for (let h = from; h < history.length; h++) {
    const m = history[h] as Message;
    const rec = m.prefix;
    if (m.role !== "assistant" || rec?.wire !== wire.wire) continue;
    const pos = starts.get(h);
    if (pos === undefined) continue;
    last = h;
    const miss = checkTurn(rec, h, m, pos, hashes, origins);
    lastMatched = !miss;
    if (!miss) continue;
    if (mode === "error") throw mismatchError(miss, h, wire.reason);
    if (mode === "record") continue;
    const gone = wire.dropReasoning(body, miss.at, miss.turn);
    dropped.push(...forget(gone, origins, hashes));
    rechain(hashes, miss.at);
    starts = firstPositions(origins);
  }
  const lastAt = last === undefined ? 0 : (starts.get(last) ?? 0);
  const id = last === undefined ? undefined : history[last]?.prefix?.server;
  const after = lastMatched && dropped.length === 0 ? heldEnd(origins, lastAt, last) : undefined;
  const whole = seed ? seed.before.slice(0, hashes.at).concat(origins) : origins;
  return {
    ...(id && last !== undefined && { server: { id, index: last, after } }),
    chain: hashes.chain.at(-1) as string,
    origins: whole,
    finish: (response) =>
      finishResponse(
        indexTransformations(response, () => whole),
        wire.wire,
        hashes,
        lastAt,
        dropped,
      ),
  };
}

/**
 * The wire message after the turn `h` that starts at `at`, when the wire messages it fills
 * hold that turn alone (a turn merged with another message is not what the server holds).
 */
function heldEnd(
  origins: readonly Origin[][],
  at: number,
  h: number | undefined,
): number | undefined {
  let k = at;
  while (origins[k]?.every(([m]) => m === h)) k++;
  return k > at && origins.slice(k).every((list) => list.every(([m]) => m !== h)) ? k : undefined;
}

/** Per history message that sent anything, the wire message it starts in. */
function firstPositions(origins: readonly Origin[][]): Map<number, number> {
  const starts = new Map<number, number>();
  for (const [k, list] of origins.entries()) {
    for (const [m] of list) if (!starts.has(m)) starts.set(m, k);
  }
  return starts;
}

/** Removes dropped blocks from the origins and hashes; what golem reports for each. */
function forget(
  gone: readonly DroppedBlock[],
  origins: Origin[][],
  hashes: PrefixHashes,
): InputTransformation[] {
  const out: InputTransformation[] = [];
  for (const { message: k, block: j, whole } of gone) {
    const origin = origins[k]?.[j];
    const entry: InputTransformation = {
      action: "dropped",
      by: "golem",
      reason: "prefix_mismatch",
    };
    if (origin) {
      entry.index = origin[0];
      entry.path = originPath(origin);
    }
    out.unshift(entry);
    if (whole) {
      origins.splice(k, 1);
      hashes.blocks.splice(k, 1);
      hashes.roles.splice(k, 1);
    } else {
      origins[k]?.splice(j, 1);
      hashes.blocks[k]?.splice(j, 1);
    }
  }
  return out;
}

function mismatchError(miss: PrefixMismatch, turn: number, reason?: string): HistoryError {
  return new HistoryError(
    `the prefix of the reasoning in messages[${turn}] changed at ${miss.path}: ${miss.what}` +
      (reason ? ` (${reason}). ` : ". ") +
      "This model binds reasoning to the system prompt, tools and every earlier message, so " +
      "the request would be refused or lose that reasoning. Append changes as new messages " +
      'instead of editing (docs/append-only.md), or create the model with prefixCheck: "drop".',
    miss.index,
    { path: miss.path },
  );
}

function finishResponse(
  response: ModelResponse,
  wire: string,
  hashes: PrefixHashes,
  lastAt: number,
  dropped: readonly InputTransformation[],
): ModelResponse {
  const count = hashes.blocks.length;
  const from = Math.min(lastAt, count);
  const record: PrefixRecord = {
    wire,
    head: hashes.head,
    tools: hashes.tools,
    count: hashes.at + count,
    chain: hashes.chain[count] as string,
    from: hashes.at + from,
    steps: hashes.blocks.slice(from, count),
    parts: partHashes(partsOf(response.message)),
  };
  const message = { ...response.message, prefix: sealed(record) };
  const out: ModelResponse = { ...response, message };
  const reported = [...dropped, ...(response.inputTransformations ?? [])];
  if (reported.length > 0) out.inputTransformations = reported;
  return out;
}
