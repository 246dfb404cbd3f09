import { GolemError } from "./errors.js";
import type { Delta, ModelResponse, ModelStream } from "./types.js";

/**
 * A {@link ModelStream} whose deltas are read once: `take` hands out the one iterator, or
 * `undefined` when the stream is already being read (or drained for its `response`), and the
 * second reader gets a GolemError instead of a share of the deltas.
 */
export function readOnce(
  response: Promise<ModelResponse>,
  take: () => AsyncIterator<Delta> | undefined,
): ModelStream {
  return {
    response,
    [Symbol.asyncIterator]() {
      const iterator = take();
      if (iterator === undefined) {
        throw new GolemError(
          "This stream is already being read; iterate it once, or await response",
        );
      }
      return iterator;
    },
  };
}
