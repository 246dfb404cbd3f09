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
import { createSSEReader, type SSERecord } from "../transport/sse.js";
import type { Wire, WireCheck } from "./http-model.js";
import type { StreamMachine } from "./model-stream.js";

/**
 * A wire's `check`: its prefix records guarded on the body as built (`mode` absent: off), and
 * the provider's input transformations given the history index their wire path names. With
 * `serverHistory` on, the planner's (kit/server-history/resume.ts): records are kept even
 * where the check is off, as they are what proves the server holds the history as it is.
 */
export function prefixCheck<B>(
  prefix: PrefixWire<B>,
  mode: PrefixCheck | undefined,
  planner?: Planner,
): WireCheck {
  if (planner) return planner(prefix, mode ?? "record");
  return (req, body) =>
    guardPrefix(prefix, body as B, req.messages, mode ?? "off")?.finish ??
    ((response) => indexTransformations(response, () => prefix.prefixOf(body as B).origins));
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
