/**
 * What the prefix check needs from a wire: the parts of a request body the provider compares
 * (top-level fields, tools, messages as lists of blocks), where each block came from in the
 * history, and how to leave reasoning out.
 */

/** A wire message as the check reads it: its role and its content blocks, in order. */
export interface WireMessage {
  role: string;
  blocks: readonly unknown[];
}

/** The prefix of one request body, as the provider compares it. */
export interface WirePrefix {
  /** Top-level fields by wire name (`system`, `instructions`, `text.format`); absent = undefined. */
  head: Record<string, unknown>;
  tools: readonly unknown[];
  messages: readonly WireMessage[];
  /** Per wire message, where each (unskipped) block came from; noted by the builder. */
  origins?: readonly (readonly Origin[])[] | undefined;
}

/** Where a wire block came from: the history index and the part index (-1 when unknown). */
export type Origin = readonly [message: number, part: number];

/** Where an origin is, as the wire path of the history: `messages.3.content.0`, `messages.3`. */
export function originPath([index, part]: Origin): string {
  return part < 0 ? `messages.${index}` : `messages.${index}.content.${part}`;
}

/** A block the prefix check left out. */
export interface DroppedBlock {
  message: number;
  block: number;
  whole: boolean;
}

/** One wire's answers to the check; a wire without one has no prefix check. */
export interface PrefixWire<B = unknown> {
  /** The tag stored in {@link PrefixRecord.wire}: a record of another wire is not checked. */
  wire: string;
  /** Keys left out at every depth before hashing (cache markers: `cache_control`). */
  skipKeys: ReadonlySet<string>;
  /** A block left out before hashing and indexing (Bedrock's `cachePoint` blocks). */
  skipBlock?(block: unknown): boolean;
  prefixOf(body: B): WirePrefix;
  /**
   * Leaves the reasoning of wire messages `from..to` (inclusive) out of `body`, and says which
   * blocks it removed (indices as the check counts them; `whole` when the wire message went
   * with it, as a Responses reasoning item does), last first.
   */
  dropReasoning(body: B, from: number, to: number): DroppedBlock[];
}

// Each body's block origins, noted by the wire's builder as it merges history messages into
// wire messages. A side table keyed by the body's own message list, so the pure builders keep
// their signatures and the body sent stays exactly the provider's JSON.
const ORIGINS = new WeakMap<object, Origin[][]>();

/** Notes, for the wire message list `messages`, where each of its blocks came from. */
export function noteOrigins(messages: object, origins: Origin[][]): void {
  ORIGINS.set(messages, origins);
}

/** The origins noted for `messages`, or none. */
export function originsOf(messages: object): Origin[][] | undefined {
  return ORIGINS.get(messages);
}
