/**
 * The hooks most wires share, so each `call.ts` names only what is its own: the prefix check
 * over the built body, and an SSE answer read into the wire's stream machine.
 * @module
 */
import type { APIError, APIErrorFields } from "../core/errors.js";
import type { PrefixCheck } from "../core/types.js";
import { guardPrefix } from "../kit/prefix/guard.js";
import { indexTransformations } from "../kit/prefix/transformations.js";
import type { PrefixWire } from "../kit/prefix/wire-prefix.js";
import type { Planner } from "../kit/server-history/plan.js";
import { resumer } from "../kit/server-history/resume.js";
import { createSSEReader, type SSERecord } from "../transport/sse.js";
import type { Wire, WireCheck } from "./http-model.js";
import type { StreamMachine } from "./model-stream.js";

/**
 * A wire's `check`: its prefix records guarded on the body as built (`mode` absent: off), and
 * the provider's input transformations given the history index their wire path names. With
 * `serverHistory` on (`planner`), what it checked is kept, and `check.resume` says where the
 * next request can be built from (kit/server-history/resume.ts).
 */
export function prefixCheck<B>(
  prefix: PrefixWire<B>,
  mode: PrefixCheck | undefined,
  planner?: Planner,
): WireCheck {
  // With `serverHistory` on, records are kept even where the check is off: they are what
  // proves the server holds the history as it is.
  const at = mode ?? (planner ? "record" : "off");
  const kept = planner && resumer(prefix.wire);
  const check: WireCheck = (req, body, seed) => {
    const guarded = guardPrefix(prefix, body as B, req.messages, seed ? "error" : at, seed);
    const suffix = planner?.(body, guarded?.server);
    // Built from a later turn (`seed`), anything but that suffix is built whole instead.
    if (seed && !suffix) throw new Error("not a suffix");
    kept?.keep(req, suffix && guarded, seed?.from);
    return (
      guarded?.finish ??
      ((response) => indexTransformations(response, () => prefix.prefixOf(body as B).origins))
    );
  };
  if (kept) check.resume = kept.start;
  return check;
}

/** A wire's `open` for an SSE answer: its records, read by the machine `createState` makes. */
export function openSSE(
  createState: (
    toError: (fields: APIErrorFields) => APIError,
    requestId: string | undefined,
    provider: string,
  ) => StreamMachine<SSERecord>,
): Wire<SSERecord>["open"] {
  return (res, ctx) => ({
    reader: createSSEReader(res.body),
    machine: createState(ctx.toError, ctx.requestId, ctx.provider),
  });
}
