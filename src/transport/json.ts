import { type APIErrorFields, GolemError, HistoryError, StreamError } from "../core/errors.js";
import type { ModelResponse } from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import type { ErrorResponse } from "./exchange.js";
import { redactError, redactSecrets } from "./redact.js";

/**
 * Parses a successful (2xx) response body; an empty or non-JSON body is a {@link StreamError}
 * that names the provider and quotes the start of what arrived, `secrets` scrubbed.
 */
export function parseJSONBody(
  text: string,
  provider: string,
  secrets: readonly string[] = [],
): unknown {
  if (text.trim() === "") throw new StreamError(`${provider} answered with an empty body`);
  try {
    return JSON.parse(text);
  } catch (cause) {
    // The quote and JSON.parse's own message show the text: a proxy's page may echo a key.
    redactError(cause, secrets);
    const clean = redactSecrets(text, secrets);
    const start = clean.length > 200 ? `${clean.slice(0, 200)}...` : clean;
    throw new StreamError(
      `${provider} answered with a body that is not JSON: ${start}`,
      undefined,
      {
        cause,
      },
    );
  }
}

/**
 * The error for a 2xx answer (a body, or a stream that ended as a complete one) that lacks
 * what golem's reply is made of: the candidate, choice or message `field`. Every wire refuses
 * such an answer the same way rather than make it an empty reply an agent would end on.
 */
export function answeredWithout(
  provider: string,
  field: string,
  partial?: ModelResponse,
): StreamError {
  return new StreamError(`${provider} answered without ${field}`, partial);
}

/** Parses an error body as JSON when it is JSON; otherwise the text itself (an HTML 502 page). */
export function parseErrorJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs a provider's parser over a 2xx body that is JSON but may not have the shape the parser
 * expects. What it throws besides golem's own errors (a `TypeError` on a field of the wrong
 * type), and a message that is not valid history (the next turn would be refused), become a
 * {@link StreamError} naming the provider: `generate` rejects only with typed errors.
 */
export function checkedResponse(provider: string, read: () => ModelResponse): ModelResponse {
  let response: ModelResponse;
  try {
    response = read();
    validateHistory([response.message]);
  } catch (cause) {
    if (cause instanceof GolemError && !(cause instanceof HistoryError)) throw cause;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new StreamError(`${provider} answered with a body golem cannot read: ${why}`, undefined, {
      cause,
    });
  }
  return response;
}

/**
 * A wire's `parseResponse(body, provider?)`: `read` through {@link checkedResponse}, `provider`
 * defaulting to the wire's first-party `tag`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function responseParser<B>(
  read: (body: B, provider: string) => ModelResponse,
  tag: string,
): (body: B, provider?: string) => ModelResponse {
  return (body, provider = tag) => checkedResponse(provider, () => read(body, provider));
}

/** A wire's reader of an error answer: its body (JSON when it is JSON, else the text). */
export type ErrorReader = (body: unknown, res: ErrorResponse, provider: string) => APIErrorFields;

/** A wire's `errorFields`: the answer's body parsed by {@link parseErrorJSON}, then `read`. */
export function errorFieldsOf(
  read: ErrorReader,
): (res: ErrorResponse, provider: string) => APIErrorFields {
  return (res, provider) => read(parseErrorJSON(res.text), res, provider);
}

/**
 * The same reader as a wire's `parseErrorBody(status, text, headers, retryable, provider?)`,
 * `provider` defaulting to `tag`: the form a wire's own tests call.
 */
/* @__NO_SIDE_EFFECTS__ */
export function errorBodyParser(read: ErrorReader, tag: string) {
  const fields = errorFieldsOf(read);
  return (
    status: number,
    text: string,
    headers: Headers,
    retryable: boolean,
    provider = tag,
  ): APIErrorFields => fields({ status, text, headers, retryable }, provider);
}
