import { StreamError } from "../core/errors.js";
import type { ModelResponse } from "../core/types.js";

/**
 * The end of a stream whose tool calls arrive in pieces (Chat Completions, Cohere): `final`,
 * unless a call never got its id or its name (`incomplete`: its position and what it lacks, as
 * the wire's builder finds it), which is a {@link StreamError} carrying `final` rather than a
 * call golem would have to invent.
 */
export function withWholeCalls(
  final: ModelResponse,
  incomplete: [number, string] | undefined,
  provider: string,
): ModelResponse {
  if (incomplete) {
    const [i, missing] = incomplete;
    throw new StreamError(`${provider} streamed tool call ${i} without ${missing}`, final);
  }
  return final;
}
