import type { ModelResponse } from "./types.js";

/** What a cancelled model stream's `response` rejects with: an `AbortError` with what had arrived. */
export type CancelledStream = DOMException & { partial?: ModelResponse };

/**
 * The error a stream's final promise (`response`, `result`) rejects with when the caller left
 * it early: a `DOMException` named `AbortError`, what an aborted `fetch` rejects with, so one
 * check (`err.name === "AbortError"`) covers a loop left early and an aborted signal. Not a
 * `StreamError`: nothing broke, and a retry on `StreamError` must not repeat a cancelled call.
 * A model stream's carries what had arrived as `partial`.
 */
export function cancelled(what: "stream" | "run", partial?: ModelResponse): CancelledStream {
  const error: CancelledStream = new DOMException(
    `The ${what} was cancelled before it finished`,
    "AbortError",
  );
  if (partial !== undefined) error.partial = partial;
  return error;
}
