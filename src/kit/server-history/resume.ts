/**
 * The check of a wire with `serverHistory` on, and a step whose client work does not grow with
 * the history (docs/server-history.md). The model keeps what it checked of its last request
 * (each message's tree, the body's chain and the origins of its wire messages), and a request
 * that only appends to it is validated, built and checked from the recorded turn before the
 * one the server holds. That turn's record gives the chain of every wire message before it,
 * so the check that the server's turn was produced under this very prefix is the one the
 * whole body would get. The messages before that turn are proved unchanged, not assumed: each
 * is walked and compared `===` leaf by leaf with its tree (an edit in place is seen), never
 * built, validated or hashed again. Anything else is prepared from the whole history.
 * @module
 */
import type { Message, ModelRequest, ModelResponse } from "../../core/types.js";
import { type GuardedRequest, type GuardMode, guardPrefix, type Seed } from "../prefix/guard.js";
import { hasTree, treeOf } from "../prefix/hash-once.js";
import type { PrefixWire } from "../prefix/wire-prefix.js";

/** The prefix check of a request body (`seed`: built from `seed.from` on), and its resume. */
export interface ServerCheck {
  (req: ModelRequest, body: object, seed?: Seed): (response: ModelResponse) => ModelResponse;
  /**
   * `req` prepared from the recorded turn before the one the server holds (`prepare(seed,
   * part)`, `part` the messages from there on), when every message before that turn is what
   * this model kept and the check proves it goes as the suffix the whole body would send;
   * with the one full replay of a refused suffix prepared from the whole history
   * (`prepare()`). `undefined`: prepare the whole history.
   */
  resume<P extends Prepared>(
    req: ModelRequest,
    prepare: (seed?: Seed, part?: ModelRequest) => P,
  ): P | undefined;
}

/** What {@link ServerCheck.resume} prepares: a call and its one replay. */
interface Prepared {
  retry?: ((err: unknown) => Prepared | undefined) | undefined;
}

/**
 * The check of `prefix`'s records (`mode`: never off, as the options resolve "off" to none and
 * the records are what proves the server holds the history as it is), `plan` noting each
 * body's plan and saying whether it is a suffix; one per model.
 */
export function serverCheck<B>(
  prefix: PrefixWire<B>,
  mode: GuardMode,
  plan: (body: object, server: GuardedRequest["server"]) => boolean,
): ServerCheck {
  let last: { trees: unknown[][]; chain: string; origins: Seed["before"] } | undefined;
  /** Where `messages` can be built and checked from, when what comes before is kept. */
  const start = (messages: readonly Message[]): Seed | undefined => {
    const held: number[] = [];
    for (let i = messages.length; i-- > 0 && held.length < 2; ) {
      const m = messages[i];
      // Its calls are left out and reported under the whole history's indices.
      if (m?.interrupted) return undefined;
      if (m?.role === "assistant" && m.prefix?.wire === prefix.wire) held.push(i);
    }
    const [k = 0, from = 0] = held;
    if (!last || !from || messages[k]?.prefix?.chain !== last.chain) return undefined;
    for (let i = 0; i < from; i++) if (!hasTree(messages[i], last.trees[i] ?? [])) return undefined;
    return { from, before: last.origins };
  };
  /** Keeps `req`, checked from `from`, for the next call when it goes as a suffix. */
  const keep = (req: ModelRequest, guarded: GuardedRequest | false, from = 0) => {
    const trees = last?.trees.slice(0, from) ?? [];
    last = undefined;
    if (!guarded) return;
    for (const m of req.messages.slice(from)) {
      const tree = treeOf(m);
      // What the whole history holds of these changes what a later part sends (a cache
      // mark, an update's top-level fields) or what the response reports (interrupted calls).
      if (!tree || m.cache || m.update || m.interrupted) return;
      trees.push(tree);
    }
    last = { trees, chain: guarded.chain, origins: guarded.origins };
  };
  const check = (req: ModelRequest, body: object, seed?: Seed) => {
    // Built from a later turn (`seed`), any change is a reason to build the whole history.
    const guarded = guardPrefix(prefix, body as B, req.messages, seed ? "error" : mode, seed);
    const suffix = plan(body, guarded?.server);
    if (seed && !suffix) throw new Error("not a suffix");
    keep(req, suffix && (guarded as GuardedRequest), seed?.from);
    return (guarded as GuardedRequest).finish;
  };
  return Object.assign(check, {
    resume<P extends Prepared>(
      req: ModelRequest,
      prepare: (seed?: Seed, part?: ModelRequest) => P,
    ): P | undefined {
      try {
        const seed = start(req.messages);
        if (!seed) return undefined;
        const out = prepare(seed, { ...req, messages: req.messages.slice(seed.from) });
        out.retry = (err) => prepare().retry?.(err);
        return out;
      } catch {
        // Anything the part cannot prove, the whole history decides.
        return undefined;
      }
    },
  });
}
