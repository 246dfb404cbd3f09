/** The reason a signal was aborted, as an Error (runtimes that predate `reason` give undefined). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * What `work` settles with, or the signal's reason as soon as it aborts: for work that takes no
 * signal (a caller's token function), so a call does not wait on it past its own end.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * One controller for one attempt, aborted by the caller's signal or by the timeout.
 * `release()` removes the listener on the caller's signal and clears the timer; call it when
 * the attempt (and its body) is finished, so long-lived signals do not collect listeners.
 */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True once the timeout (not the caller) aborted the attempt. */
  readonly timedOut: boolean;
  /** Stop the timeout but keep following the caller's signal (a stream's body is being read). */
  clearTimeout(): void;
  release(): void;
}

export function createAttemptSignal(
  caller: AbortSignal | undefined,
  timeoutMs?: number,
): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(abortReason(caller as AbortSignal));
  caller?.addEventListener("abort", onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No response within ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clearTimeout() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    release() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      caller?.removeEventListener("abort", onAbort);
    },
  };
}
