import { canonicalJSON, hashText } from "../../core/hash.js";
import type { PrefixWire, WireMessage, WirePrefix } from "./wire-prefix.js";

/** The hashes of one request's prefix: per top-level field, per tool, per block, chained. */
export interface PrefixHashes {
  head: Record<string, string>;
  tools: string[];
  /** Per wire message, its role and one hash per block (skipped blocks left out). */
  roles: string[];
  blocks: string[][];
  /** `chain[k]`: the hash chained over wire messages `0..k-1`; `chain[0]` is the seed. */
  chain: string[];
}

const ABSENT = "-";
const SEED = "0";

/** Hashes a whole prefix, in time linear in its size. */
export function hashPrefix(wire: PrefixWire<never>, prefix: WirePrefix): PrefixHashes {
  const head: Record<string, string> = {};
  for (const [key, value] of Object.entries(prefix.head)) {
    head[key] = value === undefined ? ABSENT : hashValue(wire, value);
  }
  const hashes: PrefixHashes = {
    head,
    tools: prefix.tools.map((t) => hashValue(wire, t)),
    roles: prefix.messages.map((m) => m.role),
    blocks: prefix.messages.map((m) => blockHashes(wire, m)),
    chain: [SEED],
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

function blockHashes(wire: PrefixWire<never>, m: WireMessage): string[] {
  const out: string[] = [];
  for (const block of m.blocks) {
    if (!wire.skipBlock?.(block)) out.push(hashValue(wire, block));
  }
  return out;
}

function hashValue(wire: PrefixWire<never>, value: unknown): string {
  return hashText(canonicalJSON(value, wire.skipKeys));
}

/** One hash per part of a golem message, as it was returned. */
export function partHashes(parts: readonly unknown[]): string[] {
  return parts.map((p) => hashText(canonicalJSON(p, NO_KEYS)));
}

const NO_KEYS: ReadonlySet<string> = new Set();
