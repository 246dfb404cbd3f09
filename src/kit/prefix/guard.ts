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
import { hashPrefix, type PrefixHashes, partHashes, rechain } from "./hashes.js";
import { indexTransformations } from "./transformations.js";
import { type DroppedBlock, type Origin, originPath, type PrefixWire } from "./wire-prefix.js";

/** What the check of one request leaves for its response. */
export interface GuardedRequest {
  /** The response with its message's {@link PrefixRecord} and golem's drops reported. */
  finish(response: ModelResponse): ModelResponse;
}

/**
 * The prefix check of one request body, before it is sent: every assistant turn of `history`
 * that carries a record of this wire must find its prefix unchanged. On a change, `"error"`
 * throws a {@link HistoryError} (index, path, what changed); `"drop"` leaves the invalidated
 * reasoning out of `body` (in place) and reports it. Linear in the size of the body, plus the
 * block count per dropped turn.
 */
export function guardPrefix<B>(
  wire: PrefixWire<B>,
  body: B,
  history: readonly Message[],
  mode: PrefixCheck,
): GuardedRequest | undefined {
  if (mode === "off") return undefined;
  const prefix = wire.prefixOf(body);
  const origins: Origin[][] = (prefix.origins ?? []).map((list) => [...list]);
  const hashes = hashPrefix(wire as PrefixWire<never>, prefix);
  const dropped: InputTransformation[] = [];
  let last: number | undefined;
  for (const [h, m] of history.entries()) {
    const rec = m.prefix;
    if (m.role !== "assistant" || rec?.wire !== wire.wire) continue;
    const pos = positionOf(origins, h);
    if (pos === undefined) continue;
    last = h;
    const miss = checkTurn(rec, h, m, pos, hashes, origins);
    if (!miss) continue;
    if (mode === "error") throw mismatchError(miss, h);
    const gone = wire.dropReasoning(body, miss.at, miss.turn);
    dropped.push(...forget(gone, origins, hashes));
    rechain(hashes, miss.at);
  }
  const lastAt = last === undefined ? 0 : (positionOf(origins, last) ?? 0);
  return {
    finish: (response) =>
      finishResponse(
        indexTransformations(response, () => origins),
        wire.wire,
        hashes,
        lastAt,
        dropped,
      ),
  };
}

/** The wire message the history message `h` starts in, if it sent anything. */
function positionOf(origins: readonly Origin[][], h: number): number | undefined {
  for (let k = 0; k < origins.length; k++) {
    if ((origins[k] as Origin[]).some(([m]) => m === h)) return k;
  }
  return undefined;
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

function mismatchError(miss: PrefixMismatch, turn: number): HistoryError {
  return new HistoryError(
    `the prefix of the reasoning in messages[${turn}] changed at ${miss.path}: ${miss.what}. ` +
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
    count,
    chain: hashes.chain[count] as string,
    from,
    steps: hashes.blocks.slice(from, count),
    parts: partHashes(partsOf(response.message)),
  };
  const out: ModelResponse = { ...response, message: { ...response.message, prefix: record } };
  const reported = [...dropped, ...(response.inputTransformations ?? [])];
  if (reported.length > 0) out.inputTransformations = reported;
  return out;
}
