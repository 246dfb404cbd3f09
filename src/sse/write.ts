import type { RunEvent, RunStream } from "../agent/types.js";
import { ConfigError } from "../core/errors.js";
import type { Delta, ModelStream } from "../core/types.js";

/** What an `error` event carries: the error's class, message and, for an `APIError`, its status and type. */
export interface ErrorEventData {
  name: string;
  message: string;
  status?: number;
  type?: string;
}

/** The headers of a server-sent event stream that proxies and CDNs pass on as it comes. */
const HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * A model stream or an agent's run stream as server-sent events, one per delta or run event
 * (`event: delta`, `message`, `tool-result`; `data:` the event's JSON without its `type`),
 * then `event: response` (a model stream's response) or `event: result` (a run's result), or
 * `event: error`. Cancelling the returned stream (the client went away) cancels the source:
 * the model call or the run, its tools included, stops.
 * @example
 * return new Response(toEventStream(agent.runStream(prompt, { signal: request.signal })), {
 *   headers: { "content-type": "text/event-stream" },
 * });
 */
export function toEventStream(
  source: ModelStream | RunStream<unknown>,
): ReadableStream<Uint8Array> {
  if (typeof (source as Partial<ModelStream> | undefined)?.[Symbol.asyncIterator] !== "function") {
    throw new ConfigError("toEventStream: source must be a model stream or an agent's run stream");
  }
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<Delta | RunEvent> | undefined;
  // An item asked for and not there yet when a chunk went out: the next pull waits for it.
  let pending: Promise<IteratorResult<Delta | RunEvent>> | undefined;
  const notReady = Promise.resolve(NOT_READY);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      iterator ??= source[Symbol.asyncIterator]();
      let text = "";
      let ended = true;
      try {
        let next = await (pending ?? iterator.next());
        pending = undefined;
        // The items already at hand (a model stream's deltas of one network chunk) go out as
        // one chunk: a pull, an encoding and an enqueue per delta cost more than the delta.
        while (!next.done) {
          const [event, data] = eventOf(source, next.value);
          text += eventText(event, data);
          const after = iterator.next();
          const ready = await Promise.race([after, notReady]);
          if (ready === NOT_READY) {
            pending = after;
            ended = false;
            break;
          }
          next = ready;
        }
        if (ended) {
          const final = "result" in source ? await source.result : await source.response;
          text += eventText("result" in source ? "result" : "response", final);
        }
      } catch (err) {
        text += eventText("error", errorData(err));
        ended = true;
      }
      controller.enqueue(encoder.encode(text));
      if (ended) controller.close();
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

/**
 * {@link toEventStream} as a `Response`, with the event-stream headers (plus any in `init`).
 * @example
 * export default { fetch: (req: Request) => eventStreamResponse(agent.runStream("Hi", { signal: req.signal })) };
 */
export function eventStreamResponse(
  source: ModelStream | RunStream<unknown>,
  init: ResponseInit = {},
): Response {
  const headers = new Headers(HEADERS);
  for (const [k, v] of new Headers(init.headers)) headers.set(k, v);
  return new Response(toEventStream(source), { ...init, headers });
}

/** What `Promise.race` sees when the iterator's next item was not ready at once. */
const NOT_READY = Symbol("not ready");

/** One server-sent event. */
function eventText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The event name and data of one item: a delta of a model stream, or a run event without its `type`. */
function eventOf(
  source: ModelStream | RunStream<unknown>,
  item: Delta | RunEvent,
): [string, unknown] {
  if (!("result" in source)) return ["delta", item];
  const { type, ...data } = item as RunEvent;
  return [type, data];
}

/** An error as an `error` event: what a browser may show, never a stack or a request. */
function errorData(err: unknown): ErrorEventData {
  const e = (typeof err === "object" && err !== null ? err : {}) as Record<string, unknown>;
  const data: ErrorEventData = {
    name: typeof e.name === "string" ? e.name : "Error",
    message: typeof e.message === "string" ? e.message : String(err),
  };
  if (typeof e.status === "number") data.status = e.status;
  if (typeof e.type === "string") data.type = e.type;
  return data;
}
