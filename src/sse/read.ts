import type { RunEvent, RunResult, RunStream } from "../agent/types.js";
import { cancelled } from "../core/cancel.js";
import { ConfigError, GolemError, StreamError } from "../core/errors.js";
import { createLazyPromise } from "../core/lazy-promise.js";
import type { Delta, ModelResponse, ModelStream } from "../core/types.js";
import { createSSEReader, type RecordReader, type SSERecord } from "../transport/sse.js";
import type { ErrorEventData } from "./write.js";

/**
 * The error a reader throws for the server's `error` event: the server's error, by the fields
 * the server sent (by default its class, status and type: `toEventStream`'s `errorEvent`).
 */
export class EventStreamError extends GolemError {
  override name = "EventStreamError";
  /** The server-side error's class name (`APIError`, `TimeoutError`…); `"Response"` for an {@link EventStreamResponseError}. */
  readonly errorName: string;
  readonly status: number | undefined;
  readonly type: string | undefined;

  constructor(data: ErrorEventData) {
    const fields = (
      typeof data === "object" && data !== null ? data : {}
    ) as Partial<ErrorEventData>;
    const name = typeof fields.name === "string" ? fields.name : "Error";
    const said = typeof fields.message === "string" ? fields.message : "(no message)";
    super(`${name}: ${said}`);
    this.errorName = name;
    this.status = typeof fields.status === "number" ? fields.status : undefined;
    this.type = typeof fields.type === "string" ? fields.type : undefined;
  }
}

/**
 * The server answered with something that is not an event stream, before any event: an HTTP
 * error (a 401 text, a 500 HTML page, a JSON error) or a 2xx of another content type (a
 * router's fallback page). `status` is the HTTP status; `contentType` and `body` (its first
 * {@link BODY_SHOWN} characters) say what came instead.
 */
export class EventStreamResponseError extends EventStreamError {
  override name = "EventStreamResponseError";
  /** The response's `content-type`, when it had one. */
  readonly contentType: string | undefined;
  /** The start of the response's body, as text. */
  readonly body: string;

  constructor(status: number, contentType: string | undefined, body = "") {
    const shown = String(body).replace(/\s+/g, " ").trim().slice(0, 200);
    const message = `the server answered ${status} (${contentType ?? "no content type"}) instead of an event stream${shown ? `: ${shown}` : ""}`;
    super({ name: "Response", message, status });
    this.message = message;
    this.contentType = contentType;
    this.body = body;
  }
}

/** How much of a refused response's body an {@link EventStreamResponseError} keeps. */
const BODY_SHOWN = 2000;

/** A body: a `fetch` response, or its stream. */
export type EventStreamBody = Response | ReadableStream<Uint8Array>;

/** How the readers read. */
export interface EventStreamReadOptions {
  /**
   * Called when the body breaks before its end (the connection dropped) with the id of the
   * last event read (`"0"` before any): answer with a new response from the same source,
   * e.g. `fetch(url, { headers: { "last-event-id": lastEventId } })` to an `eventRelay`'s
   * route. Reading goes on there; an event already read is skipped, so each comes once. At
   * most {@link RECONNECTS} tries in a row without a new event. @defaultValue none: a break
   * is a `StreamError`
   */
  reconnect?: (lastEventId: string) => EventStreamBody | Promise<EventStreamBody>;
}

/** How many reconnects in a row may bring no new event before the break stands. */
const RECONNECTS = 3;

/** The run events a body carries; any other event (a comment, a newer kind) is skipped. */
const RUN_EVENTS = new Set<string | undefined>(["delta", "message", "tool-result", "pause"]);

/**
 * Reads what {@link toEventStream} made of an agent's `runStream` back into a `RunStream`:
 * iterate for the run's events, or await `result` (the run's `RunResult`, JSON values as
 * sent). A run that paused for approval ends with a `pause` event holding the calls that wait
 * for a decision, and its result's `pending` holds them too: post your decisions to a server
 * route that resumes the stored run (docs/sse.md, "Approvals"). The server's `error` event rejects both with an {@link EventStreamError}; an answer
 * that is no event stream (an HTTP error, another content type) with an
 * {@link EventStreamResponseError} (status, content type, body); a body that breaks (ends
 * before the result, bad JSON, an event without its data) with a `StreamError`. Breaking out
 * cancels the body (pass your fetch a signal and abort it to stop the request too), which
 * stops the run on the server, and rejects `result` with an `AbortError`.
 * @example
 * const run = readRunStream(await fetch("/api/agent", { method: "POST", body }));
 * for await (const e of run) if (e.type === "delta" && e.delta.type === "text") show(e.delta.text);
 */
export function readRunStream<O = string>(
  body: EventStreamBody,
  options: EventStreamReadOptions = {},
): RunStream<O> {
  const { events, final } = readEvents<RunEvent, RunResult<O>>(
    body,
    options,
    "result",
    (record, data) =>
      RUN_EVENTS.has(record.event) ? ({ type: record.event, ...data } as RunEvent) : undefined,
    (data) => Array.isArray(data.messages),
  );
  return { result: final, [Symbol.asyncIterator]: events };
}

/**
 * Reads what {@link toEventStream} made of a model stream back into a `ModelStream`: its
 * deltas, then its `response`. Fails as {@link readRunStream} does.
 */
export function readModelStream(
  body: EventStreamBody,
  options: EventStreamReadOptions = {},
): ModelStream {
  const { events, final } = readEvents<Delta, ModelResponse>(
    body,
    options,
    "response",
    (record, data) => (record.event === "delta" ? (data as unknown as Delta) : undefined),
    (data) => typeof data.message === "object" && data.message !== null,
  );
  return { response: final, [Symbol.asyncIterator]: events };
}

type Phase = "idle" | "iterating" | "draining" | "done";

const DONE: IteratorResult<never> = Object.freeze({ done: true, value: undefined });

/**
 * The events of a body until its final event (named `last`), and that event's data, which
 * `isFinal` checks. Every event's data is a JSON object, or the body is broken.
 */
function readEvents<E, F>(
  body: EventStreamBody,
  options: EventStreamReadOptions,
  last: string,
  toEvent: (record: SSERecord, data: Record<string, unknown>) => E | undefined,
  isFinal: (data: Record<string, unknown>) => boolean,
): { events: () => AsyncIterator<E>; final: Promise<F> } {
  if (!(body instanceof Response) && !(body instanceof ReadableStream)) {
    throw new ConfigError("the event stream to read must be a Response or a ReadableStream");
  }
  let phase: Phase = "idle";
  let reader: RecordReader<SSERecord> | undefined;
  // The batch in hand: records are taken from it one per event, without an await between.
  let batch: readonly SSERecord[] = [];
  let at = 0;
  /** The id of the last event read, and the reconnects since it came. */
  let lastId: string | undefined;
  let tries = 0;
  const settled = createLazyPromise<F>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    (async () => {
      while (!(await next()).done) {}
    })().catch(() => {});
  });

  const fail = async (err: unknown): Promise<never> => {
    phase = "done";
    await reader?.cancel();
    settled.reject(err);
    throw err;
  };

  /** The next event from the batch in hand; `undefined` once it is used up (or at the end). */
  const take = (): IteratorResult<E> | undefined => {
    while (at < batch.length) {
      const record = batch[at++] as SSERecord;
      if (record.id) {
        // After a reconnect, an event this reader already has (a relay's ids only grow).
        if (lastId !== undefined && Number(record.id) <= Number(lastId)) continue;
        lastId = record.id;
        tries = 0;
      }
      const data = dataOf(record);
      if (record.event === "error") throw new EventStreamError(data as unknown as ErrorEventData);
      if (data === null)
        throw new StreamError(`the event stream's ${record.event} event has no data`);
      if (record.event === last) {
        if (!isFinal(data)) {
          throw new StreamError(`the event stream's ${last} event does not hold a ${last}`);
        }
        phase = "done";
        batch = [];
        settled.resolve(data as F);
        return DONE;
      }
      const event = toEvent(record, data);
      if (event !== undefined) return { done: false, value: event };
    }
    return undefined;
  };

  /** The next batch; a body that breaks is reopened by `options.reconnect`, when given. */
  const nextBatch = async (open: RecordReader<SSERecord>): Promise<SSERecord[]> => {
    try {
      const read = await open.read();
      if (read === undefined) throw new StreamError(`the event stream ended before its ${last}`);
      return read;
    } catch (err) {
      const cancelled = (err as { name?: unknown } | null)?.name === "AbortError";
      if (!options.reconnect || cancelled || tries >= RECONNECTS) throw err;
      tries++;
      await open.cancel();
      reader = createSSEReader(await eventStreamOf(await options.reconnect(lastId ?? "0")));
      return [];
    }
  };

  /** Reads batches until one holds an event (or the final one). */
  const refill = async (): Promise<IteratorResult<E>> => {
    try {
      reader ??= createSSEReader(await eventStreamOf(body));
      for (;;) {
        batch = await nextBatch(reader);
        at = 0;
        const step = take();
        if (step !== undefined) return step;
      }
    } catch (err) {
      return fail(err);
    }
  };

  /** An event already in hand comes in an already-resolved promise; else the body is read. */
  const next = (): Promise<IteratorResult<E>> => {
    if (phase === "done") return Promise.resolve(DONE);
    let step: IteratorResult<E> | undefined;
    try {
      step = take();
    } catch (err) {
      return fail(err);
    }
    return step === undefined ? refill() : Promise.resolve(step);
  };

  const iterator: AsyncIterator<E> = {
    next,
    async return() {
      if (phase !== "done") {
        phase = "done";
        settled.reject(cancelled("stream"));
        // Cancels the body: the server sees its stream cancelled and stops the run.
        if (reader) await reader.cancel();
        else await cancelBody(body);
      }
      return DONE;
    },
  };

  return {
    final: settled.promise,
    events() {
      if (phase !== "idle") {
        throw new GolemError(
          "This stream is already being read; iterate it once, or await its end",
        );
      }
      phase = "iterating";
      return iterator;
    },
  };
}

/**
 * An event's data: a JSON object, or `null` for any other JSON value; data that is not JSON
 * (bad, or cut off by the end of the body) is a `StreamError`.
 */
function dataOf(record: SSERecord): Record<string, unknown> | null {
  let data: unknown;
  try {
    data = JSON.parse(record.data);
  } catch (cause) {
    throw new StreamError(
      `the event stream broke: the data of its ${record.event ?? "message"} event is not JSON (bad, or cut off): ${(cause as Error).message}`,
      undefined,
      { cause },
    );
  }
  return typeof data === "object" && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : null;
}

/**
 * The body's event stream; a response that is not one (not ok, or of another content type
 * than `text/event-stream`; none is taken as one) is an {@link EventStreamResponseError}.
 */
async function eventStreamOf(body: EventStreamBody): Promise<ReadableStream<Uint8Array>> {
  if (body instanceof Response) {
    const contentType = body.headers.get("content-type") ?? undefined;
    const type = contentType?.split(";")[0]?.trim().toLowerCase();
    if (!body.ok || (type !== undefined && type !== "text/event-stream")) {
      throw new EventStreamResponseError(body.status, contentType, await startOf(body));
    }
  }
  return streamOf(body);
}

/** The first {@link BODY_SHOWN} characters of a response's body; the rest is not read. */
async function startOf(response: Response): Promise<string> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < BODY_SHOWN) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    // What came before the body broke is all there is to show.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, BODY_SHOWN);
}

/** The stream of a body; a response without one is a `StreamError`. */
function streamOf(body: EventStreamBody): ReadableStream<Uint8Array> {
  if (!(body instanceof Response)) return body;
  if (body.body === null) throw new StreamError("the response has no body to read events from");
  return body.body;
}

async function cancelBody(body: EventStreamBody): Promise<void> {
  try {
    await streamOf(body).cancel();
  } catch {
    // Nothing to cancel: no body, or one already locked or closed.
  }
}
