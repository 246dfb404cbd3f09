import type { RunEvent, RunResult, RunStream } from "../agent/types.js";
import { cancelled } from "../core/cancel.js";
import { ConfigError, GolemError, StreamError } from "../core/errors.js";
import { createLazyPromise } from "../core/lazy-promise.js";
import type { Delta, ModelResponse, ModelStream } from "../core/types.js";
import { createSSEReader, type RecordReader, type SSERecord } from "../transport/sse.js";
import type { ErrorEventData } from "./write.js";

/** The error a reader throws for the server's `error` event: the server's error, by its fields. */
export class EventStreamError extends GolemError {
  override name = "EventStreamError";
  /** The server-side error's class name (`APIError`, `TimeoutError`…). */
  readonly errorName: string;
  readonly status: number | undefined;
  readonly type: string | undefined;

  constructor(data: ErrorEventData) {
    super(`${data.name}: ${data.message}`);
    this.errorName = data.name;
    this.status = data.status;
    this.type = data.type;
  }
}

/** A body: a `fetch` response, or its stream. */
export type EventStreamBody = Response | ReadableStream<Uint8Array>;

/**
 * Reads what {@link toEventStream} made of an agent's `runStream` back into a `RunStream`:
 * iterate for the run's events, or await `result` (the run's `RunResult`, JSON values as
 * sent). The server's error rejects both with an {@link EventStreamError}; a body that ends
 * without a result, with a `StreamError`. Breaking out cancels the body (pass your fetch a
 * signal and abort it to stop the request too), which stops the run on the server.
 * @example
 * const run = readRunStream(await fetch("/api/agent", { method: "POST", body }));
 * for await (const e of run) if (e.type === "delta" && e.delta.type === "text") show(e.delta.text);
 */
export function readRunStream<O = string>(body: EventStreamBody): RunStream<O> {
  const { events, final } = readEvents<RunEvent, RunResult<O>>(body, "result", (record, data) =>
    record.event === "delta" || record.event === "message" || record.event === "tool-result"
      ? ({ type: record.event, ...(data as object) } as RunEvent)
      : undefined,
  );
  return { result: final, [Symbol.asyncIterator]: events };
}

/**
 * Reads what {@link toEventStream} made of a model stream back into a `ModelStream`: its
 * deltas, then its `response`.
 */
export function readModelStream(body: EventStreamBody): ModelStream {
  const { events, final } = readEvents<Delta, ModelResponse>(body, "response", (record, data) =>
    record.event === "delta" ? (data as Delta) : undefined,
  );
  return { response: final, [Symbol.asyncIterator]: events };
}

type Phase = "idle" | "iterating" | "draining" | "done";

const DONE: IteratorResult<never> = Object.freeze({ done: true, value: undefined });

/** The events of a body until its final event (named `last`), and that event's data. */
function readEvents<E, F>(
  body: EventStreamBody,
  last: string,
  toEvent: (record: SSERecord, data: unknown) => E | undefined,
): { events: () => AsyncIterator<E>; final: Promise<F> } {
  if (!(body instanceof Response) && !(body instanceof ReadableStream)) {
    throw new ConfigError("the event stream to read must be a Response or a ReadableStream");
  }
  let phase: Phase = "idle";
  let reader: RecordReader<SSERecord> | undefined;
  // The batch in hand: records are taken from it one per event, without an await between.
  let batch: readonly SSERecord[] = [];
  let at = 0;
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
      const data: unknown = JSON.parse(record.data);
      if (record.event === last) {
        phase = "done";
        batch = [];
        settled.resolve(data as F);
        return DONE;
      }
      if (record.event === "error") throw new EventStreamError(data as ErrorEventData);
      const event = toEvent(record, data);
      if (event !== undefined) return { done: false, value: event };
    }
    return undefined;
  };

  /** Reads batches until one holds an event (or the final one). */
  const refill = async (): Promise<IteratorResult<E>> => {
    try {
      reader ??= createSSEReader(streamOf(body));
      for (;;) {
        const read = await reader.read();
        if (read === undefined) throw new StreamError(`the event stream ended before its ${last}`);
        batch = read;
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
