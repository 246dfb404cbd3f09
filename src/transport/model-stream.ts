import { APIError, GolemError, StreamError } from "../core/errors.js";
import type { Delta, ModelResponse, ModelStream } from "../core/types.js";
import { abortReason } from "./abort.js";
import type { RecordReader } from "./sse.js";

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

type Phase = "idle" | "iterating" | "draining" | "done";

/**
 * Turns an open-on-demand streaming call into a {@link ModelStream}. Nothing is sent until
 * the caller iterates or awaits `response`. Deltas are handed out from per-chunk batches
 * through already-resolved promises; `response` alone drains without keeping deltas.
 */
export function createModelStream<R>(
  open: () => Promise<StreamSession<R>>,
  signal?: AbortSignal,
): ModelStream {
  let phase: Phase = "idle";
  let session: StreamSession<R> | undefined;
  let batch: readonly Delta[] = NO_DELTAS;
  let pos = 0;
  let settle!: { resolve: (r: ModelResponse) => void; reject: (e: unknown) => void };

  const response = new LazyResponse(
    (resolve, reject) => {
      settle = { resolve, reject };
    },
    () => {
      if (phase !== "idle") return;
      phase = "draining";
      drain().catch(() => {});
    },
  );
  // Mark handled: a caller who only iterates sees the error there, not as an unhandled rejection.
  Promise.prototype.then.call(response, undefined, () => {});

  const fail = async (err: unknown): Promise<never> => {
    const error = toStreamFailure(err, session, signal);
    phase = "done";
    await session?.reader.cancel();
    session?.release();
    settle.reject(error);
    throw error;
  };

  // A record that throws after others in its batch made deltas: those deltas are handed out
  // first, and the error comes with the next call (fixtures/bedrock/exception-stream.json).
  let held: { error: unknown } | undefined;

  /** The next batch with at least one delta, or undefined at the end (response settled). */
  const nextBatch = async (): Promise<readonly Delta[] | undefined> => {
    try {
      if (held) throw held.error;
      // The signal is checked here too, not only by the body: a `fetch` the caller passed in
      // (a test double, a proxy) may not tie its body to the signal.
      if (signal?.aborted) throw abortReason(signal);
      session ??= await open();
      for (;;) {
        const records = await session.reader.read();
        if (signal?.aborted) throw abortReason(signal);
        if (records === undefined) {
          const final = session.machine.finish();
          phase = "done";
          session.release();
          settle.resolve(final);
          return undefined;
        }
        let out: Delta[] | undefined;
        try {
          for (const record of records) {
            const deltas = session.machine.push(record);
            if (deltas.length === 0) continue;
            if (out) for (const d of deltas) out.push(d);
            else out = deltas.slice();
          }
        } catch (error) {
          if (!out) throw error;
          held = { error };
        }
        if (out) return out;
      }
    } catch (err) {
      return fail(err);
    }
  };

  const drain = async () => {
    while ((await nextBatch()) !== undefined) {}
  };

  const iterator: AsyncIterator<Delta> = {
    next(): Promise<IteratorResult<Delta>> {
      if (pos < batch.length) {
        return Promise.resolve({ done: false, value: batch[pos++] as Delta });
      }
      if (phase === "done") return Promise.resolve({ done: true, value: undefined });
      return nextBatch().then((next) => {
        if (next === undefined) return { done: true, value: undefined };
        batch = next;
        pos = 1;
        return { done: false, value: next[0] as Delta };
      });
    },
    async return(): Promise<IteratorResult<Delta>> {
      if (phase !== "done") {
        phase = "done";
        const partial = session?.machine.partial();
        await session?.reader.cancel();
        session?.release();
        settle.reject(new StreamError("The stream was cancelled before it finished", partial));
      }
      return { done: true, value: undefined };
    },
  };

  return {
    response,
    [Symbol.asyncIterator]() {
      if (phase !== "idle") {
        throw new GolemError(
          "This stream is already being read; iterate it once, or await response",
        );
      }
      phase = "iterating";
      return iterator;
    },
  };
}

function toStreamFailure(
  err: unknown,
  session: StreamSession<unknown> | undefined,
  signal: AbortSignal | undefined,
): unknown {
  if (signal?.aborted) return abortReason(signal);
  if (err instanceof StreamError || err instanceof APIError) {
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
 * A promise that starts its work on the first `then` (so `await stream.response` drains the
 * stream, while a caller who iterates first is not raced). `await` calls `then` only on
 * non-native promises, hence the subclass; species is plain `Promise`.
 */
class LazyResponse extends Promise<ModelResponse> {
  static override get [Symbol.species]() {
    return Promise;
  }
  #start: (() => void) | undefined;
  constructor(
    executor: (resolve: (r: ModelResponse) => void, reject: (e: unknown) => void) => void,
    start?: () => void,
  ) {
    super(executor);
    this.#start = start;
  }
  // biome-ignore lint/suspicious/noThenProperty: the lazy start needs `then` itself (see above).
  override then<A = ModelResponse, B = never>(
    onFulfilled?: ((value: ModelResponse) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const start = this.#start;
    this.#start = undefined;
    start?.();
    return super.then(onFulfilled, onRejected);
  }
}
