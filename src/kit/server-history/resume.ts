/**
 * A server-held step whose client work does not grow with the history (docs/server-history.md):
 * a model keeps what it checked of its last request (each message's tree, the body's chain and
 * the origins of its wire messages), and a request that only appends to it is validated, built
 * and checked from the recorded turn before the one the server holds. That turn's record gives
 * the chain of every wire message before it, so the check that the server's turn was produced
 * under this very prefix is the one the whole body would get. The messages before that turn
 * are proved unchanged, not assumed: each is walked and compared `===` leaf by leaf with its
 * tree (an edit in place is seen), never built, validated or hashed again.
 * @module
 */
import type { ModelRequest } from "../../core/types.js";
import type { GuardedRequest, Seed } from "../prefix/guard.js";
import { hasTree, treeOf } from "../prefix/hash-once.js";

/** One model's memory of its last checked request, on the wire tagged `wire`. */
export interface Resumer {
  /**
   * Where `req` can be built and checked from: the recorded turn before the one the server
   * holds, when every message before it is what this model kept; else `undefined`.
   */
  start(req: ModelRequest): Seed | undefined;
  /**
   * Keeps `req`, checked from `from` (`guarded`: when it goes as a suffix), for the next call;
   * else keeps nothing.
   */
  keep(req: ModelRequest, guarded: GuardedRequest | false | undefined, from?: number): void;
}

export function resumer(wire: string): Resumer {
  let last: { trees: unknown[][]; chain: string; origins: Seed["before"] } | undefined;
  return {
    start({ messages }) {
      const held: number[] = [];
      for (let i = messages.length; i-- > 0 && held.length < 2; ) {
        const m = messages[i];
        // Its calls are left out and reported under the whole history's indices.
        if (m?.interrupted) return undefined;
        if (m?.role === "assistant" && m.prefix?.wire === wire) held.push(i);
      }
      const [k = 0, from = 0] = held;
      if (!last || !from || messages[k]?.prefix?.chain !== last.chain) return undefined;
      for (let i = 0; i < from; i++)
        if (!hasTree(messages[i], last.trees[i] ?? [])) return undefined;
      return { from, before: last.origins };
    },
    keep(req, guarded, from = 0) {
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
    },
  };
}
