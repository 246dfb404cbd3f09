import { ConfigError, HistoryError } from "../core/errors.js";
import { isObjectLike } from "../core/issue.js";

/**
 * Prompt-cache breakpoints for the two APIs that take explicit ones: Anthropic `cache_control`
 * on a block and Bedrock `cachePoint` blocks. Where they go is the same rule for both (ADR
 * 0011), so it is planned here once, over the wire turns; each adapter only writes its marker.
 */

/** How long a cache entry lives; both APIs take these two. */
export type CacheTTL = "5m" | "1h";

/** `create({ cache })`: golem places the breakpoints; `{ ttl }` also sets their lifetime. */
export type CacheConfig = "auto" | { ttl: CacheTTL };

/** The keys of `cache: { ttl }`, for the config's key set. */
export const CACHE_KEYS = { ttl: true } as const;

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
  const ttl = isObjectLike(cache) ? cache.ttl : undefined;
  if (ttl !== "5m" && ttl !== "1h") {
    throw new ConfigError(`${provider}: \`cache\` must be "auto" or { ttl: "5m" | "1h" }`);
  }
  return { auto: true, ttl };
}

/**
 * A message the caller marked (`Message.cache`): its history index, and how many wire blocks
 * had been sent when it was added (its own last block is the last of them, if it sent any).
 */
export type Mark = [index: number, blocks: number];

/** The mark of message `index`, taken right after its blocks were added to `turns`. */
export function markAt(turns: { content: unknown[] }[], index: number): Mark {
  let blocks = 0;
  for (const t of turns) blocks += t.content.length;
  return [index, blocks];
}

/** What goes where: blocks to mark (a content list and an index in it, last first), system, tools. */
export interface Breakpoints<B> {
  spots: (readonly [B[], number])[];
  system: boolean;
  tools: boolean;
}

/**
 * Chooses the breakpoints of one request, at most {@link MAX_BREAKPOINTS}: the caller's marks
 * first (more of them than the limit is a {@link HistoryError} naming the first one over it),
 * then, with `auto`, the last message, the system prompt, the tools, while places are left.
 * A spot never holds a block `eligible` refuses (thinking): it moves back to the nearest
 * block before it that is eligible, over message boundaries.
 */
export function planBreakpoints<B>(
  turns: { content: B[] }[],
  marks: readonly Mark[],
  eligible: (block: B) => boolean,
  auto: boolean | undefined,
  systemMarked: boolean,
  hasSystem: boolean,
  hasTools: boolean,
): Breakpoints<B> {
  type Entry = readonly [B[], number];
  const flat: Entry[] = turns.flatMap((t) => t.content.map((_, i) => [t.content, i] as const));
  const spots: number[] = [];
  const add = (at: number) => {
    for (; at >= 0; at--) {
      const [content, i] = flat[at] as Entry;
      if (eligible(content[i] as B)) break;
    }
    if (at >= 0 && !spots.includes(at)) spots.push(at);
  };
  let used = systemMarked ? 1 : 0;
  for (const [index, blocks] of marks) {
    add(blocks - 1);
    if (spots.length + used > MAX_BREAKPOINTS) {
      throw new HistoryError(`more than ${MAX_BREAKPOINTS} prompt-cache breakpoints`, index);
    }
  }
  if (auto && spots.length + used < MAX_BREAKPOINTS) add(flat.length - 1);
  used += spots.length;
  let system = systemMarked;
  if (auto && hasSystem && !system && used < MAX_BREAKPOINTS) {
    system = true;
    used++;
  }
  return {
    spots: spots.sort((a, b) => b - a).map((k) => flat[k] as Entry),
    system,
    tools: !!auto && hasTools && used < MAX_BREAKPOINTS,
  };
}
