import { cancelled } from "../core/cancel.js";
import { GolemError } from "../core/errors.js";
import { createLazyPromise } from "../core/lazy-promise.js";
import { type RunEvidence, withEvidence } from "./errors.js";
import { noEvidence } from "./loop.js";
import type { RunEvent, RunResult, RunStream } from "./types.js";

type Phase = "idle" | "iterating" | "draining" | "done";
type Steps<O> = AsyncGenerator<RunEvent, RunResult<O>, undefined>;

/**
 * Turns the agent loop into a {@link RunStream}. Nothing runs until the caller iterates or
 * awaits `result`. The loop gets its own signal, which follows the caller's and aborts when
 * the caller breaks out, so the model stream and running tools stop too.
 */
export function createRunStream<O>(
  start: (
    signal: AbortSignal,
    onResult: (r: RunResult<O>) => void,
    evidence: RunEvidence,
  ) => Steps<O>,
  caller: AbortSignal | undefined,
): RunStream<O> {
  let phase: Phase = "idle";
  let steps: Steps<O> | undefined;
  let finished = false;
  const controller = new AbortController();
  const evidence = noEvidence();
  const follow = () => controller.abort(caller?.reason);
  const settle = createLazyPromise<RunResult<O>>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    drain().catch(() => {});
  });
  const result = settle.promise;

  const open = (): Steps<O> => {
    if (caller?.aborted) follow();
    else caller?.addEventListener("abort", follow, { once: true });
    return start(
      controller.signal,
      (r) => {
        finished = true;
        settle.resolve(r);
      },
      evidence,
    );
  };
  const end = () => {
    phase = "done";
    caller?.removeEventListener("abort", follow);
  };

  const next = async (): Promise<IteratorResult<RunEvent, undefined>> => {
    if (phase === "done") return { done: true, value: undefined };
    try {
      steps ??= open();
      const step = await steps.next();
      if (!step.done) return step;
      end();
      settle.resolve(step.value);
      return { done: true, value: undefined };
    } catch (err) {
      end();
      settle.reject(err);
      throw err;
    }
  };

  const drain = async () => {
    while (!(await next()).done) {}
  };

  const iterator: AsyncIterator<RunEvent, undefined> = {
    next,
    async return() {
      if (phase === "done") return { done: true, value: undefined };
      end();
      // Stopping at the last event cancels nothing: the result is already settled.
      if (!finished) {
        const reason = cancelled("run");
        controller.abort(reason);
        // A new error per run, so the evidence goes on it; the answers of tools that finished
        // are added to its messages as the loop closes, below, before anyone reads them.
        settle.reject(withEvidence(reason, evidence));
      }
      // Runs the loop's pending `finally`s: the model stream's iterator is closed there.
      await steps?.return(undefined as never).catch(() => {});
      return { done: true, value: undefined };
    },
  };

  return {
    result,
    [Symbol.asyncIterator]() {
      if (phase !== "idle") {
        throw new GolemError("This run is already being read; iterate it once, or await result");
      }
      phase = "iterating";
      return iterator;
    },
  };
}
