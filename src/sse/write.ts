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

/** How {@link toEventStream} writes. */
export interface EventStreamOptions {
  /**
   * The `error` event a browser sees for the error that ended the source: log the error here
   * and return what the page may show. A hook that throws, or returns no string `name` and
   * `message`, gets the default.
   * @defaultValue {@link defaultErrorEvent}: the class, status and type, no message text
   */
  errorEvent?: (error: unknown) => ErrorEventData;
}

/** The headers of a server-sent event stream that proxies and CDNs pass on as it comes. */
export const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * A model stream or an agent's run stream as server-sent events, one per delta or run event
 * (`event: delta`, `message`, `tool-result`, `pause`; `data:` the event's JSON without its `type`),
 * then `event: response` (a model stream's response) or `event: result` (a run's result), or
 * `event: error` (by default its class, status and type only: see `options.errorEvent`).
 * Cancelling the returned stream (the client went away) cancels the source: the model call or
 * the run, its tools included, stops.
 * @example
 * return new Response(toEventStream(agent.runStream(prompt, { signal: request.signal })), {
 *   headers: { "content-type": "text/event-stream" },
 * });
 */
export function toEventStream(
  source: ModelStream | RunStream<unknown>,
  options: EventStreamOptions = {},
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
        text += eventText("error", errorEventOf(err, options.errorEvent));
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

/** What `eventStreamResponse` takes: the `Response`'s init and the stream's options. */
export type EventStreamResponseInit = ResponseInit & EventStreamOptions;

/**
 * {@link toEventStream} as a `Response`, with the event-stream headers (plus any in `init`);
 * `init.errorEvent` is {@link EventStreamOptions.errorEvent}.
 * @example
 * export default { fetch: (req: Request) => eventStreamResponse(agent.runStream("Hi", { signal: req.signal })) };
 */
export function eventStreamResponse(
  source: ModelStream | RunStream<unknown>,
  init: EventStreamResponseInit = {},
): Response {
  const { errorEvent, ...response } = init;
  const headers = new Headers(STREAM_HEADERS);
  for (const [k, v] of new Headers(response.headers)) headers.set(k, v);
  const options = errorEvent ? { errorEvent } : {};
  return new Response(toEventStream(source, options), { ...response, headers });
}

/** What `Promise.race` sees when the iterator's next item was not ready at once. */
const NOT_READY = Symbol("not ready");

/** One server-sent event. */
export function eventText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The event name and data of one item: a delta of a model stream, or a run event without its `type`. */
export function eventOf(
  source: ModelStream | RunStream<unknown>,
  item: Delta | RunEvent,
): [string, unknown] {
  if (!("result" in source)) return ["delta", item];
  const { type, ...data } = item as RunEvent;
  return [type, data];
}

/**
 * The `error` event a browser sees by default: the error's class name, and an `APIError`'s
 * (or any error's) `status` and `type`, with a message made of them alone. The error's own
 * message stays on the server: a provider's carries its request id, a `ConnectionError`'s
 * the upstream host, a tool's or a history processor's whatever it threw.
 * @example
 * eventStreamResponse(run, {
 *   errorEvent: (err) => {
 *     console.error(err); // the whole error, on the server
 *     return { ...defaultErrorEvent(err), message: "The assistant is unavailable, try again." };
 *   },
 * });
 */
export function defaultErrorEvent(error: unknown): ErrorEventData {
  const e = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  const data: ErrorEventData = {
    name: typeof e.name === "string" ? e.name : "Error",
    message: "failed on the server",
  };
  const said: string[] = [];
  if (typeof e.status === "number") {
    data.status = e.status;
    said.push(`status ${e.status}`);
  }
  if (typeof e.type === "string") {
    data.type = e.type;
    said.push(e.type);
  }
  if (said.length > 0) data.message += ` (${said.join(", ")})`;
  return data;
}

/** The event for `err`: the caller's shaping when it gives a usable one, else the default. */
export function errorEventOf(
  err: unknown,
  shape: EventStreamOptions["errorEvent"] | undefined,
): ErrorEventData {
  if (shape) {
    try {
      const data = shape(err);
      if (typeof data?.name === "string" && typeof data.message === "string") return data;
    } catch {
      // The hook's own failure must not hide the run's: the default goes out.
    }
  }
  return defaultErrorEvent(err);
}
