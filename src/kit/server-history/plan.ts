/**
 * Server-held conversations (`serverHistory`, docs/server-history.md), what every wire shares:
 * from the prefix guard's answer (the last turn the server holds, proved unchanged), the body
 * to send (only what follows that turn, or the whole history asking the server to hold it),
 * the one full replay when the server refuses a suffix, and what the response reports.
 * @module
 */
import type { ModelResponse } from "../../core/types.js";
import type { GuardMode } from "../prefix/guard.js";
import { sealed } from "../prefix/hash-once.js";
import type { PrefixWire } from "../prefix/wire-prefix.js";
import { type ServerCheck, serverCheck } from "./resume.js";
import { notePlan, type ServerPlan } from "./table.js";

/** A wire's server-held form of a request body `B`. */
export interface ServerHistoryWire<B> {
  /** `body` continuing the server's state `id`: only its wire messages from `after` on. */
  suffix(body: B, id: string, after: number): B;
  /** `body` whole, asking the server to hold it (`hold: false`: plain, after the server said it cannot). */
  full(body: B, hold: boolean): B;
  /**
   * What a refused request does: the reason to replay the whole history (`hold` false when
   * the server cannot hold this request at all), `undefined` when the error is not one the
   * server-held form causes; throws the typed error of a caller's mistake. `held` is the
   * history index of the turn the suffix continued, when it was one.
   */
  refused(err: unknown, held: number | undefined): { reason: string; hold: boolean } | undefined;
  /** Whether the server holds the conversation under this response's id. */
  holds(response: ModelResponse): boolean;
}

/** The turn the server holds, as the guard found it: its id, index and next wire message. */
export interface Held {
  id: string;
  index: number;
  after: number;
}

/**
 * A model's `serverHistory`: the check of a wire's prefix records (in `mode`) that notes each
 * body's plan from the guard's answer and keeps what the next request is prepared from.
 */
export type Planner = <B>(prefix: PrefixWire<B>, mode: GuardMode) => ServerCheck;
type Guarded = { id: string; index: number; after: number | undefined };

/** The planner of `wire`; its state lives as long as the model. */
export function serverPlanner<B extends object>(wire: ServerHistoryWire<B>): Planner {
  const state: { unheld?: string } = {};
  const plan = (body: object, held: Guarded | undefined) => {
    const after = held?.after;
    // A last turn the server holds, not proved to be what it holds: said why it is all sent.
    const plan =
      held && after !== undefined
        ? planServerHistory(wire, body as B, { ...held, after }, state)
        : planServerHistory(wire, body as B, undefined, state, held && "history_changed");
    notePlan(body, plan);
    return after !== undefined && state.unheld === undefined;
  };
  return (prefix, mode) => serverCheck(prefix, mode, plan);
}

/**
 * The plan of one call. `state.unheld` is set for the rest of the model's life once the
 * server says it cannot hold a request (`thread_unsupported_request`): later calls send the
 * whole history plainly, and say why.
 */
function planServerHistory<B extends object>(
  wire: ServerHistoryWire<B>,
  body: B,
  held: Held | undefined,
  state: { unheld?: string },
  changed?: string,
): ServerPlan {
  const full = (reason: string | undefined): ServerPlan => {
    const hold = state.unheld === undefined;
    return {
      body: wire.full(body, hold),
      finish: report(wire, "full", hold, reason ?? state.unheld),
      fallback: (err) => {
        const why = hold ? wire.refused(err, undefined) : undefined;
        if (!why || why.hold || state.unheld !== undefined) return undefined;
        state.unheld = why.reason;
        return full(why.reason);
      },
    };
  };
  if (!held || state.unheld !== undefined) return full(changed);
  return {
    body: wire.suffix(body, held.id, held.after),
    finish: report(wire, "suffix", true, undefined),
    fallback(err) {
      const why = wire.refused(err, held.index);
      if (!why) return undefined;
      if (!why.hold) state.unheld = why.reason;
      return full(why.reason);
    },
  };
}

/** What completes a response: the mode and id reported, and the id kept on the turn's record. */
function report<B>(
  wire: ServerHistoryWire<B>,
  sent: "suffix" | "full",
  hold: boolean,
  fallback: string | undefined,
): ServerPlan["finish"] {
  return (response, bytes) => {
    const id = response.id ?? "";
    const out: ModelResponse = {
      ...response,
      serverHistory: { sent, id, ...(fallback !== undefined && { fallback }) },
      sentBytes: bytes,
    };
    const record = response.message.prefix;
    if (hold && id && record && wire.holds(response)) {
      out.message = { ...response.message, prefix: sealed({ ...record, server: id }) };
    }
    return out;
  };
}
