import { canonicalJSON, hashText } from "../../core/hash.js";
import { partsOf } from "../../core/parts.js";
import type { Message, PrefixRecord } from "../../core/types.js";
import { hashOnce } from "./hash-once.js";
import type { Origin, PrefixWire, WirePrefix } from "./wire-prefix.js";

/** The hashes of one request's prefix: per top-level field, per tool, per block, chained. */
export interface PrefixHashes {
  head: Record<string, string>;
  tools: string[];
  /** Per wire message, its role and one hash per block (skipped blocks left out). */
  roles: string[];
  blocks: string[][];
  /**
   * `chain[k]`: the hash chained over wire messages `0..k-1`; `chain[0]` is the seed, the
   * chain of the `at` wire messages before these when the check starts at a recorded turn.
   */
  chain: string[];
  /** How many wire messages come before these: 0, or the count of the turn the check starts at. */
  at: number;
}

const ABSENT = "-";
const SEED = "0";

/**
 * Hashes a whole prefix, or with `seed` (the record of the turn its first wire message holds)
 * the part of one from that turn on, chained onto the record's chain. A block whose origin in
 * `history` is known (`origins`, history indices) is hashed once per message while it stays
 * unchanged (`hashOnce`), so a later step hashes only what is new.
 */
export function hashPrefix(
  wire: PrefixWire<never>,
  prefix: WirePrefix,
  history: readonly Message[],
  origins: WirePrefix["origins"],
  seed?: PrefixRecord,
): PrefixHashes {
  const head: Record<string, string> = {};
  for (const [key, value] of Object.entries(prefix.head)) {
    head[key] = value === undefined ? ABSENT : hashValue(wire, value);
  }
  const hashes: PrefixHashes = {
    head,
    tools: prefix.tools.map((t) => hashValue(wire, t)),
    roles: prefix.messages.map((m) => m.role),
    blocks: blockHashes(wire, prefix, history, origins),
    chain: [seed?.chain ?? SEED],
    at: seed?.count ?? 0,
  };
  rechain(hashes, 0);
  return hashes;
}

/**
 * Recomputes the chain from wire message `from` on, from the block hashes (after a drop
 * removed some): linear in the number of blocks, not in their bytes.
 */
export function rechain(hashes: PrefixHashes, from: number): void {
  hashes.chain.length = from + 1;
  for (let k = from; k < hashes.blocks.length; k++) {
    const own = hashText(`${hashes.roles[k]}\n${(hashes.blocks[k] as string[]).join(",")}`);
    hashes.chain.push(hashText(`${hashes.chain[k]}:${own}`));
  }
}

function blockHashes(
  wire: PrefixWire<never>,
  prefix: WirePrefix,
  history: readonly Message[],
  origins: WirePrefix["origins"],
): string[][] {
  // A block's key in its message's cache: the wire, its part and how many blocks came from
  // that part before it.
  const seen = new Map<string, number>();
  return prefix.messages.map((m, k) => {
    const out: string[] = [];
    for (const block of m.blocks) {
      if (wire.skipBlock?.(block)) continue;
      const origin: Origin | undefined = origins?.[k]?.[out.length];
      const owner = origin && history[origin[0]];
      if (!owner) {
        out.push(hashValue(wire, block));
        continue;
      }
      const at = `${origin[0]},${origin[1]}`;
      const n = seen.get(at) ?? 0;
      seen.set(at, n + 1);
      out.push(hashOnce(owner, `${wire.wire}|${origin[1]}|${n}`, block, wire.skipKeys));
    }
    return out;
  });
}

function hashValue(wire: PrefixWire<never>, value: unknown): string {
  return hashText(canonicalJSON(value, wire.skipKeys));
}

/** One hash per part of a golem message, as it was returned. */
export function partHashes(parts: readonly unknown[]): string[] {
  return parts.map((p) => hashText(canonicalJSON(p, NO_KEYS)));
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** {@link partHashes} of a history message, hashed once while it stays unchanged. */
export function messagePartHashes(message: Message): string[] {
  const parts = partsOf(message);
  return parts.map((p, i) => hashOnce(message, `part|${i}`, p, NO_KEYS));
}
