import { cancelled } from "../core/cancel.js";
import { APIError, GolemError, StreamError, TimeoutError } from "../core/errors.js";
import { createLazyPromise } from "../core/lazy-promise.js";
import { readOnce } from "../core/read-once.js";
import type { Delta, ModelResponse, ModelStream } from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import { abortReason } from "../transport/abort.js";
import { redactError } from "../transport/redact.js";
import type { RecordReader } from "../transport/sse.js";

/**
 * A provider's synchronous stream state, fed one wire record at a time. It throws the
 * provider's `APIError` for an error event and `StreamError` for nonsense; any other throw
 * (a `JSON.parse` failure, a missing field) is wrapped into a `StreamError` with `partial`.
 */
export interface StreamMachine<R> {
  push(record: R): readonly Delta[];
  /** The final response; throws `StreamError` (with `partial`) when the stream ended early. */
  finish(): ModelResponse;
  /** What has arrived so far, as a response. */
  partial(): ModelResponse;
}

/** An open streaming call: where records come from and what turns them into deltas. */
export interface StreamSession<R> {
  reader: RecordReader<R>;
  machine: StreamMachine<R>;
  /** Detaches the request's abort listeners; called once the body is done. */
  release(): void;
}

/** Shared, frozen: most records produce no delta. */
export const NO_DELTAS: readonly Delta[] = Object.freeze([]);

export { createTextBuffer, type TextBuffer } from "../core/text-buffer.js";

type Phase = "idle" | "iterating" | "draining" | "done";

const DONE: IteratorResult<Delta> = Object.freeze({ done: true, value: undefined });

/**
 * Turns an open-on-demand streaming call into a {@link ModelStream}. Nothing is sent until
 * the caller iterates or awaits `response`. The iterator pushes a batch's records into the
 * machine one at a time as the caller asks for deltas, and answers with already-resolved
 * promises until the batch is used up, so a record is parsed only when its deltas are wanted
 * and no array of a batch's deltas is built. `response` alone drains without making deltas
 * wait for anyone: they are dropped as soon as the machine returns them. A final message that
 * `validateHistory` would refuse on the next turn ends the stream in a `StreamError` instead.
 */
export function createModelStream<R>(
  open: () => Promise<StreamSession<R>>,
  signal?: AbortSignal,
): ModelStream {
  let phase: Phase = "idle";
  let session: StreamSession<R> | undefined;
  // The batch being handed out: its records, and the deltas of the record last pushed.
  let records: readonly R[] = [];
  let next = 0;
  let deltas: readonly Delta[] = NO_DELTAS;
  let at = 0;

  const settled = createLazyPromise<ModelResponse>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    drain().catch(() => {});
  });

  const fail = async (err: unknown): Promise<never> => {
    const error = toStreamFailure(err, session, signal);
    phase = "done";
    await session?.reader.cancel();
    session?.release();
    settled.reject(error);
    throw error;
  };

  /**
   * A batch the reader answered, or undefined once the body ended (response then settled).
   * Synchronous, so a batch costs the reader's await and no wrapper's.
   */
  const arrived = (s: StreamSession<R>, batch: R[] | undefined): R[] | undefined => {
    // The signal is checked here too, not only by the body: a `fetch` the caller passed in
    // (a test double, a proxy) may not tie its body to the signal.
    if (signal?.aborted) throw abortReason(signal);
    if (batch !== undefined) return batch;
    const final = keepable(s.machine.finish());
    phase = "done";
    s.release();
    settled.resolve(final);
    return undefined;
  };

  const start = async (): Promise<StreamSession<R>> => {
    if (signal?.aborted) throw abortReason(signal);
    session ??= await open();
    return session;
  };

  /** The next delta from the batch in hand, pushing records as needed; undefined when used up. */
  const take = (machine: StreamMachine<R>): Delta | undefined => {
    if (at < deltas.length) return deltas[at++];
    while (next < records.length) {
      const made = machine.push(records[next++] as R);
      if (made.length > 0) {
        deltas = made;
        at = 1;
        return made[0];
      }
    }
    return undefined;
  };

  /** Reads batches until one makes a delta; a push that throws surfaces only after the deltas before it. */
  const refill = async (): Promise<IteratorResult<Delta>> => {
    try {
      // Once open, a batch costs one await less: no `start()` round trip.
      const s = session ?? (await start());
      for (;;) {
        const batch = arrived(s, await s.reader.read());
        if (batch === undefined) return DONE;
        records = batch;
        next = 0;
        const delta = take(s.machine);
        if (delta !== undefined) return { done: false, value: delta };
      }
    } catch (err) {
      return fail(err);
    }
  };

  const drain = async () => {
    try {
      const s = await start();
      const { machine } = s;
      for (;;) {
        const batch = arrived(s, await s.reader.read());
        if (batch === undefined) return;
        for (let i = 0; i < batch.length; i++) machine.push(batch[i] as R);
      }
    } catch (err) {
      await fail(err);
    }
  };

  const iterator: AsyncIterator<Delta> = {
    next(): Promise<IteratorResult<Delta>> {
      if (phase === "done") return Promise.resolve(DONE);
      if (session !== undefined) {
        let delta: Delta | undefined;
        try {
          delta = take(session.machine);
        } catch (err) {
          return fail(err);
        }
        if (delta !== undefined) return Promise.resolve({ done: false, value: delta });
      }
      return refill();
    },
    async return(): Promise<IteratorResult<Delta>> {
      if (phase !== "done") {
        phase = "done";
        const partial = session?.machine.partial();
        await session?.reader.cancel();
        session?.release();
        settled.reject(cancelled("stream", partial));
      }
      return DONE;
    },
  };

  return readOnce(settled.promise, () => {
    if (phase !== "idle") return undefined;
    phase = "iterating";
    return iterator;
  });
}

/**
 * The final response, when its message is one golem can keep: a record a provider's state let
 * through must not end in a message the next turn's `validateHistory` refuses. The stream's
 * side of `checkedResponse` (json.ts); here the message made so far is the `partial`.
 */
function keepable(final: ModelResponse): ModelResponse {
  try {
    validateHistory([final.message]);
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new StreamError(`the stream made a message golem cannot keep: ${why}`, final, { cause });
  }
  return final;
}

function toStreamFailure(
  err: unknown,
  session: StreamSession<unknown> | undefined,
  signal: AbortSignal | undefined,
): unknown {
  if (signal?.aborted) return abortReason(signal);
  if (err instanceof StreamError || err instanceof APIError || err instanceof TimeoutError) {
    // The provider's state threw before it could attach what had arrived: attach it here.
    if (session && err.partial === undefined) err.partial = session.machine.partial();
    return err;
  }
  if (err instanceof GolemError) return err;
  const partial = session?.machine.partial();
  const what = err instanceof SyntaxError ? "bad JSON in the stream" : "the stream broke off";
  return new StreamError(`${what}: ${(err as Error)?.message ?? String(err)}`, partial, {
    cause: err,
  });
}

/**
 * Wraps a stream's state so that every error it throws has the secrets scrubbed (an error
 * event may echo the key), and its final response goes through `finish` (the prefix record).
 * Nothing else changes.
 */
export function redactStreamErrors<R>(
  machine: StreamMachine<R>,
  secrets: readonly string[],
  finish: (response: ModelResponse) => ModelResponse = (response) => response,
): StreamMachine<R> {
  return {
    push(record) {
      try {
        return machine.push(record);
      } catch (err) {
        throw redactError(err, secrets);
      }
    },
    finish() {
      try {
        return finish(machine.finish());
      } catch (err) {
        throw redactError(err, secrets);
      }
    },
    partial: () => machine.partial(),
  };
}
