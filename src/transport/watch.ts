import { TimeoutError } from "../core/errors.js";
import type { RequestOptions, StreamResponse } from "./exchange.js";
import { DEFAULT_IDLE_TIMEOUT_MS } from "./options.js";
import type { RecordReader } from "./sse.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The time limits of a stream's body. */
export interface StreamLimits {
  /** Named in the error, as the transport's errors do. */
  provider: string;
  /** The longest a read may wait for the server; `Infinity` for no limit. */
  idleTimeoutMs: number;
  /** When the whole call must be done (a `Date.now()` time), if it has a deadline. */
  deadlineAt?: number | undefined;
  /** The deadline as configured, for the message. */
  deadlineMs?: number | undefined;
}

/**
 * Watches a body's reader: a read that waits `idleTimeoutMs` for the server, or any read past
 * the deadline, cancels the body and throws a {@link TimeoutError} (the stream adds what it
 * had made as `partial`). Time the caller spends between reads is not silence: only a pending
 * read counts. One timer per stream, re-armed when it fires early, and one `Date.now()` per
 * batch: a timer per read would cost a `setTimeout` and a `clearTimeout` per network chunk.
 * A server that keeps a stream alive with SSE comments only (no event) counts as silent.
 */
export function watchReader<R>(inner: RecordReader<R>, limits: StreamLimits): RecordReader<R> {
  const { idleTimeoutMs, deadlineAt } = limits;
  if (idleTimeoutMs === Number.POSITIVE_INFINITY && deadlineAt === undefined) return inner;
  let waitingSince: number | undefined;
  let failure: TimeoutError | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const expire = (message: string) => {
    failure = new TimeoutError(`${limits.provider}: ${message}`);
    stop();
    void inner.cancel();
  };
  const check = () => {
    timer = undefined;
    const now = Date.now();
    if (deadlineAt !== undefined && now >= deadlineAt) {
      return expire(`the call did not finish within its deadline of ${limits.deadlineMs} ms`);
    }
    if (waitingSince !== undefined && now - waitingSince >= idleTimeoutMs) {
      return expire(`the stream sent nothing for ${idleTimeoutMs} ms`);
    }
    arm(now);
  };
  const arm = (now: number) => {
    const idleLeft = idleTimeoutMs - (waitingSince === undefined ? 0 : now - waitingSince);
    const wait = Math.min(idleLeft, deadlineAt === undefined ? idleLeft : deadlineAt - now);
    // setTimeout fires at once for more than 2^31-1 ms: a long limit is waited in turns.
    timer = setTimeout(check, Math.min(Math.max(wait, 1), MAX_TIMER_MS));
    // An abandoned stream must not keep a process alive for ten minutes (Node, Bun, Deno).
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    async read() {
      if (failure) throw failure;
      waitingSince = Date.now();
      if (timer === undefined) arm(waitingSince);
      let batch: R[] | undefined;
      try {
        batch = await inner.read();
      } catch (err) {
        stop();
        // Cancelling the body on a timeout can make the pending read fail: the timeout is why.
        throw failure ?? err;
      } finally {
        waitingSince = undefined;
      }
      if (failure) throw failure;
      if (batch === undefined) stop();
      return batch;
    },
    async cancel() {
      stop();
      await inner.cancel();
    },
  };
}

/** A streaming call's limits: its options' (the default idle limit when none), its deadline. */
export function streamLimits(
  provider: string,
  options: Pick<RequestOptions, "idleTimeoutMs" | "deadlineMs">,
  res: Pick<StreamResponse, "deadlineAt">,
): StreamLimits {
  return {
    provider,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    deadlineAt: res.deadlineAt,
    deadlineMs: options.deadlineMs,
  };
}
