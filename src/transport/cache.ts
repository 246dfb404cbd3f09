import { ConfigError, HistoryError } from "../core/errors.js";

/**
 * Prompt-cache breakpoints for the two APIs that take explicit ones: Anthropic `cache_control`
 * on a block and Bedrock `cachePoint` blocks. Where they go is the same rule for both (ADR
 * 0011), so it is planned here once, over the wire turns; each adapter only writes its marker.
 */

/** How long a cache entry lives; both APIs take these two. */
export type CacheTTL = "5m" | "1h";

/** `create({ cache })`: golem places the breakpoints; `{ ttl }` also sets their lifetime. */
export type CacheConfig = "auto" | { ttl: CacheTTL };

/** A checked `cache`: `auto` says golem places breakpoints; `ttl` goes on every marker when set. */
export interface ResolvedCache {
  auto: boolean;
  ttl?: CacheTTL;
}

/** Both APIs allow 4 breakpoints per request (Bedrock: for Claude models). */
export const MAX_BREAKPOINTS = 4;

/** Checks `cache`; a complaint is a {@link ConfigError} naming `provider`. */
export function resolveCache(
  provider: string,
  cache: CacheConfig | undefined,
): ResolvedCache | undefined {
  if (cache === undefined) return undefined;
  if (cache === "auto") return { auto: true };
  const ttl = typeof cache === "object" && cache !== null ? cache.ttl : undefined;
  if (ttl !== "5m" && ttl !== "1h") {
    throw new ConfigError(
      `${provider}: \`cache\` must be "auto" or { ttl: "5m" | "1h" }, got ${JSON.stringify(cache)}`,
    );
  }
  return { auto: true, ttl };
}

/** A wire turn of either API: a role and its blocks. */
interface Turn<B> {
  content: B[];
}

/** A breakpoint after block `block` of turn `turn`. */
export interface Spot {
  turn: number;
  block: number;
}

/** A message the caller marked (`Message.cache`), as where its blocks end on the wire. */
export interface Mark {
  /** The history index of the message. */
  index: number;
  /** The last block sent so far when the message was added (its own, if it sent any). */
  end: Spot | undefined;
}

/** Where the blocks sent so far end: the caller's mark of message `index` is placed from there. */
export function markAt<B>(turns: Turn<B>[], index: number): Mark {
  const turn = turns.length - 1;
  const last = turns[turn];
  return { index, end: last ? { turn, block: last.content.length - 1 } : undefined };
}

/** What goes where: spots in the messages, and whether the system prompt and tools get one. */
export interface Breakpoints {
  spots: Spot[];
  system: boolean;
  tools: boolean;
}

/**
 * Chooses the breakpoints of one request, at most {@link MAX_BREAKPOINTS}: the caller's marks
 * first (more of them than the limit is a {@link HistoryError} naming the first one over it),
 * then, with `auto`, the last message, the system prompt, the tools, while places are left.
 * A spot never holds a block `eligible` refuses (thinking): it moves back to the nearest one
 * before it that is eligible.
 */
export function planBreakpoints<B>(
  turns: Turn<B>[],
  marks: readonly Mark[],
  has: { auto: boolean; system: boolean; systemMarked: boolean; tools: boolean },
  eligible: (block: B) => boolean,
): Breakpoints {
  const spots: Spot[] = [];
  const add = (end: Spot | undefined) => {
    const spot = end && eligibleAt(turns, end, eligible);
    if (spot && !spots.some((s) => s.turn === spot.turn && s.block === spot.block)) {
      spots.push(spot);
    }
  };
  let used = has.systemMarked ? 1 : 0;
  for (const mark of marks) {
    add(mark.end);
    if (spots.length + used > MAX_BREAKPOINTS) {
      throw new HistoryError(
        `more than ${MAX_BREAKPOINTS} prompt-cache breakpoints (Message.cache) in one request; the provider allows ${MAX_BREAKPOINTS}`,
        mark.index,
      );
    }
  }
  const out: Breakpoints = { spots, system: has.systemMarked, tools: false };
  if (!has.auto) return out;
  const last = turns.length - 1;
  const lastTurn = turns[last];
  if (lastTurn && spots.length + used < MAX_BREAKPOINTS) {
    add({ turn: last, block: lastTurn.content.length - 1 });
  }
  used += spots.length;
  if (has.system && !out.system && used < MAX_BREAKPOINTS) {
    out.system = true;
    used++;
  }
  out.tools = has.tools && used < MAX_BREAKPOINTS;
  return out;
}

/** The nearest block at or before `from`, over turn boundaries, that may carry a breakpoint. */
function eligibleAt<B>(turns: Turn<B>[], from: Spot, eligible: (block: B) => boolean) {
  for (let t = from.turn, b = from.block; t >= 0; t--) {
    const content = turns[t]?.content ?? [];
    if (t !== from.turn) b = content.length - 1;
    for (; b >= 0; b--) if (eligible(content[b] as B)) return { turn: t, block: b };
  }
  return undefined;
}
