import { type APIError, ConnectionError, StreamError, TimeoutError } from "../core/errors.js";
import { abortReason, createAttemptSignal, sleep } from "./abort.js";
import { redactError, redactSecrets } from "./redact.js";
import { retryAfterMs, retryDelay, shouldRetry } from "./retry.js";

/** A failed HTTP answer, handed to the provider's mapping. `text` has secrets removed. */
export interface ErrorResponse {
  status: number;
  headers: Headers;
  text: string;
  /** What the transport would decide from the status and `x-should-retry`. */
  retryable: boolean;
}

/** The parts of a request that a signer may read; it returns the headers to send. */
export interface SignableRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Named in connection and timeout errors, so a caller with several models knows which one. */
  provider?: string | undefined;
  url: string;
  method?: string;
  headers: Record<string, string>;
  /** Kept as a string so every retry re-sends (and re-signs) the same bytes. */
  body: string;
  /** Resolved per call so test doubles installed after import still apply. */
  fetch?: FetchLike | undefined;
  signal?: AbortSignal | undefined;
  /** For `requestText`, the whole exchange; for `requestStream`, until the headers arrive. */
  timeoutMs?: number | undefined;
  /** @defaultValue 2 */
  maxRetries?: number | undefined;
  /** Runs once per attempt (SigV4 dates change), returning the headers to send. */
  sign?: ((req: SignableRequest) => Promise<Record<string, string>>) | undefined;
  /** The provider's mapping from an error answer to its `APIError`. */
  toError: (res: ErrorResponse) => APIError;
  /** Strings (keys, tokens) scrubbed from error bodies before anything reads them. */
  secrets?: readonly string[] | undefined;
  /** Injected for tests of the backoff; defaults to `Math.random`. */
  random?: (() => number) | undefined;
}

/** A successful streaming answer; `release()` once the body is finished or cancelled. */
export interface StreamResponse {
  response: Response;
  body: ReadableStream<Uint8Array>;
  /** Aborts with the caller's signal while the body is read. */
  signal: AbortSignal;
  release(): void;
}

/** Sends a request (with retries) and reads the whole successful body as text. */
export async function requestText(
  opts: RequestOptions,
): Promise<{ response: Response; text: string }> {
  return send(opts, async (response, attempt) => {
    try {
      return { response, text: await response.text() };
    } finally {
      attempt.release();
    }
  });
}

/** Sends a request (with retries) and hands back the successful response's body unread. */
export async function requestStream(opts: RequestOptions): Promise<StreamResponse> {
  return send(opts, async (response, attempt) => {
    attempt.clearTimeout();
    if (!response.body) {
      attempt.release();
      return { response, body: emptyBody(), signal: attempt.signal, release() {} };
    }
    return { response, body: response.body, signal: attempt.signal, release: attempt.release };
  });
}

type Attempt = ReturnType<typeof createAttemptSignal>;

async function send<T>(
  opts: RequestOptions,
  onSuccess: (response: Response, attempt: Attempt) => Promise<T>,
): Promise<T> {
  const maxRetries = opts.maxRetries ?? 2;
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const method = opts.method ?? "POST";
  for (let attemptNo = 0; ; attemptNo++) {
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    // Signing runs outside the fetch's try: a TypeError from a signer is a bug to surface,
    // not a network failure to retry.
    const headers = opts.sign ? await signAttempt(opts, method) : opts.headers;
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    const attempt = createAttemptSignal(opts.signal, opts.timeoutMs);
    const last = attemptNo >= maxRetries;
    let response: Response;
    try {
      response = await doFetch(opts.url, {
        method,
        headers,
        // A GET (model metadata) may carry no body at all, not even an empty one.
        body: method === "GET" ? null : opts.body,
        signal: attempt.signal,
      });
    } catch (err) {
      attempt.release();
      // A header fetch refuses is quoted whole in its TypeError: the key with it.
      redactError(err, opts.secrets ?? []);
      const failure = classifyFetchFailure(err, opts, attempt.timedOut, attemptNo + 1);
      if (last || !failure.retry) throw failure.error;
      await sleep(retryDelay(attemptNo, new Headers(), opts.random) ?? 0, opts.signal);
      continue;
    }
    if (response.ok) {
      try {
        return await onSuccess(response, attempt);
      } catch (err) {
        attempt.release();
        throw classifyBodyFailure(err, opts, attempt.timedOut);
      }
    }
    const error = await readError(response, attempt, opts);
    // Cancelled while the error body was read: the caller's reason, not a half-read error.
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    if (last || !error.retryable) throw error;
    const delay = retryDelay(
      attemptNo,
      response.headers,
      opts.random,
      Date.now(),
      error.retryAfterMs,
    );
    if (delay === undefined) throw error;
    await sleep(delay, opts.signal);
  }
}

async function signAttempt(opts: RequestOptions, method: string): Promise<Record<string, string>> {
  const sign = opts.sign as NonNullable<RequestOptions["sign"]>;
  try {
    return await sign({ method, url: opts.url, headers: opts.headers, body: opts.body });
  } catch (err) {
    // A header the signer could not set is quoted whole (SigV4's holds the access key id).
    throw redactError(err, opts.secrets ?? []);
  }
}

async function readError(response: Response, attempt: Attempt, opts: RequestOptions) {
  let text = "";
  try {
    text = await response.text();
  } catch {
    // The body broke while we read an error: the status still says what happened.
  } finally {
    attempt.release();
  }
  const error = opts.toError({
    status: response.status,
    headers: response.headers,
    text: redactSecrets(text, opts.secrets ?? []),
    retryable: shouldRetry(response.status, response.headers),
  });
  // What the headers ask for, for a caller who retries on its own (maxRetries: 0).
  const asked = retryAfterMs(response.headers);
  if (asked !== undefined) error.retryAfterMs = asked;
  return error;
}

function classifyFetchFailure(
  err: unknown,
  opts: RequestOptions,
  timedOut: boolean,
  attempts: number,
): { error: unknown; retry: boolean } {
  if (opts.signal?.aborted) return { error: abortReason(opts.signal), retry: false };
  const tries = attempts > 1 ? `, ${attempts} attempts` : "";
  if (timedOut) {
    const message = `${who(opts)}no response within ${opts.timeoutMs} ms${tries}`;
    return { error: new TimeoutError(message, { cause: err }), retry: true };
  }
  // fetch rejects with a TypeError for network failures in every runtime; anything else
  // is a bug (or a test double's complaint) and is not retried.
  if (err instanceof TypeError) {
    // undici says only "fetch failed" and keeps the reason (ENOTFOUND host, ECONNREFUSED
    // address) on its cause; the reason is what a reader needs.
    const reason = (err.cause as Error | undefined)?.message;
    const detail = reason && reason !== err.message ? `${err.message}: ${reason}` : err.message;
    const message = `${who(opts)}could not reach ${hostOf(opts.url)} (${detail})${tries}`;
    return { error: new ConnectionError(message, { cause: err }), retry: true };
  }
  return { error: err, retry: false };
}

/** "anthropic: " when the provider is known, for the front of a transport error. */
function who(opts: RequestOptions): string {
  return opts.provider ? `${opts.provider}: ` : "";
}

/** The host of a URL, never its path or query (a query may hold a key). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the server";
  }
}

// The request reached the server, so a body that breaks is not retried (it may have cost tokens).
function classifyBodyFailure(err: unknown, opts: RequestOptions, timedOut: boolean): unknown {
  if (opts.signal?.aborted) return abortReason(opts.signal);
  if (timedOut) {
    const message = `${who(opts)}the response did not finish within ${opts.timeoutMs} ms`;
    return new TimeoutError(message, { cause: err });
  }
  return new StreamError(
    `The response body broke off: ${(err as Error)?.message ?? err}`,
    undefined,
    {
      cause: err,
    },
  );
}

function emptyBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (c) => c.close() });
}
