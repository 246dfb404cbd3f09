/**
 * The hooks most wires share, so each `call.ts` names only what is its own: the prefix check
 * over the built body, an answer that may hold an error, and an SSE answer read into the
 * wire's stream machine.
 * @module
 */
import type { APIError, APIErrorFields } from "../core/errors.js";
import type { ModelResponse, PrefixCheck } from "../core/types.js";
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

/**
 * A wire's `parse` for an API that can answer 200 with an error in the body (a failed
 * generation, an error object instead of an answer): the fields `errorOf` finds there are the
 * call's `APIError`; any other body is read by `read`.
 */
export function parseOrRefuse(
  errorOf: (
    body: unknown,
    provider: string,
    requestId: string | undefined,
  ) => APIErrorFields | undefined,
  read: (body: never, provider: string) => ModelResponse,
): Wire<unknown>["parse"] {
  return (body, { provider, requestId, toError }) => {
    const error = errorOf(body, provider, requestId);
    if (error) throw toError(error);
    return read(body as never, provider);
  };
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
