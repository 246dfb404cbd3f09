import { ConnectionError, StreamError, TimeoutError } from "../core/errors.js";
import { abortReason, createAttemptSignal, sleep, untilAborted } from "./abort.js";
import type { RequestOptions, StreamResponse } from "./exchange.js";
import { redactError, redactSecrets } from "./redact.js";
import { retryAfterMs, retryDelay, shouldRetry } from "./retry.js";
import { withUserAgent } from "./user-agent.js";
import { streamLimits, watchReader } from "./watch.js";

/**
 * Sends a request (with retries) and reads the whole successful body as text. A body that
 * falls silent for `idleTimeoutMs` (default 10 minutes) ends in a TimeoutError, as a stream's
 * does: `timeoutMs` and `deadlineMs` are optional, and without them nothing else would end it.
 */
export async function requestText(
  opts: RequestOptions,
): Promise<{ response: Response; text: string }> {
  return send(opts, async (response, attempt) => {
    try {
      return { response, text: await readText(response, opts) };
    } finally {
      attempt.release();
    }
  });
}

/** The body as text, read under the idle limit (the deadline is the attempt's signal's). */
async function readText(response: Response, opts: RequestOptions): Promise<string> {
  const body = response.body;
  if (!body) return response.text();
  const reader = body.getReader();
  const watched = watchReader<Uint8Array>(
    {
      read: async () => {
        const r = await reader.read();
        return r.done ? undefined : [r.value];
      },
      cancel: () => reader.cancel(),
    },
    streamLimits(opts.provider ?? "golem", { idleTimeoutMs: opts.idleTimeoutMs }, {}),
  );
  const decoder = new TextDecoder();
  let text = "";
  for (let batch = await watched.read(); batch; batch = await watched.read()) {
    for (const chunk of batch) text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Sends a request (with retries) and hands back the successful response's body unread. */
export async function requestStream(opts: RequestOptions): Promise<StreamResponse> {
  return send(opts, async (response, attempt, deadlineAt) => {
    attempt.clearTimeout();
    const { signal } = attempt;
    if (!response.body) {
      attempt.release();
      return { response, body: emptyBody(), signal, deadlineAt, release() {} };
    }
    return { response, body: response.body, signal, deadlineAt, release: attempt.release };
  });
}

type Attempt = ReturnType<typeof createAttemptSignal>;

async function send<T>(
  opts: RequestOptions,
  onSuccess: (response: Response, attempt: Attempt, deadlineAt: number | undefined) => Promise<T>,
): Promise<T> {
  const maxRetries = opts.maxRetries ?? 2;
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const method = opts.method ?? "POST";
  const deadlineAt = opts.deadlineMs === undefined ? undefined : Date.now() + opts.deadlineMs;
  for (let attemptNo = 0; ; attemptNo++) {
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    const limit = attemptLimit(opts, deadlineAt);
    // Started before signing: credentials (a token function, a token exchange) are part of the
    // attempt, under its timeout, the deadline and the caller's signal.
    const attempt = createAttemptSignal(opts.signal, limit.ms);
    let headers: Record<string, string>;
    try {
      // Signing runs outside the fetch's try: a TypeError from a signer is a bug to surface,
      // not a network failure to retry. User-agent is added after: SigV4 leaves it unsigned.
      headers = withUserAgent(
        opts.sign ? await signAttempt(opts, method, attempt.signal) : opts.headers,
      );
    } catch (err) {
      attempt.release();
      // Stopped by the caller, the deadline or `timeoutMs` while the credentials were awaited.
      throw attempt.signal.aborted ? stopped(opts, limit, "the credentials did not come") : err;
    }
    const last = attemptNo >= maxRetries || limit.byDeadline;
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
      const timedOut = attempt.timedOut ? limit : undefined;
      const failure = classifyFetchFailure(err, opts, timedOut, attemptNo + 1);
      if (last || !failure.retry) throw failure.error;
      const delay = retryDelay(attemptNo, new Headers(), opts.random) ?? 0;
      if (pastDeadline(delay, deadlineAt)) throw failure.error;
      await sleep(delay, opts.signal);
      continue;
    }
    if (response.ok) {
      try {
        return await onSuccess(response, attempt, deadlineAt);
      } catch (err) {
        attempt.release();
        throw classifyBodyFailure(err, opts, attempt.timedOut ? limit : undefined);
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
    if (delay === undefined || pastDeadline(delay, deadlineAt)) throw error;
    await sleep(delay, opts.signal);
  }
}

/** An attempt's time limit, and whether the call's deadline (not `timeoutMs`) sets it. */
interface AttemptLimit {
  ms: number | undefined;
  byDeadline: boolean;
}

/**
 * The smaller of `timeoutMs` and what is left of the deadline; a deadline already passed is
 * a {@link TimeoutError} before another attempt goes out.
 */
function attemptLimit(opts: RequestOptions, deadlineAt: number | undefined): AttemptLimit {
  if (deadlineAt === undefined) return { ms: opts.timeoutMs, byDeadline: false };
  const left = deadlineAt - Date.now();
  if (left <= 0) throw new TimeoutError(deadlineMessage(opts));
  if (opts.timeoutMs !== undefined && opts.timeoutMs < left) {
    return { ms: opts.timeoutMs, byDeadline: false };
  }
  return { ms: left, byDeadline: true };
}

/** A wait before a retry that would end past the deadline is not worth starting. */
function pastDeadline(delay: number, deadlineAt: number | undefined): boolean {
  return deadlineAt !== undefined && Date.now() + delay >= deadlineAt;
}

function deadlineMessage(opts: RequestOptions): string {
  return `${who(opts)}the call did not finish within its deadline of ${opts.deadlineMs} ms`;
}

/**
 * The error of an attempt that the caller's signal or its time limit (`timedOut`, when that
 * ended it) stopped: the caller's reason, the deadline's TimeoutError, or one saying that
 * `late` did not come within `timeoutMs` (`tail` after it); `undefined` when neither did.
 */
function stopped(
  opts: RequestOptions,
  timedOut: AttemptLimit | undefined,
  late: string,
  options?: ErrorOptions,
  tail = "",
): unknown {
  if (opts.signal?.aborted) return abortReason(opts.signal);
  if (!timedOut) return undefined;
  const message = timedOut.byDeadline
    ? deadlineMessage(opts)
    : `${who(opts)}${late} within ${opts.timeoutMs} ms${tail}`;
  return new TimeoutError(message, options);
}

async function signAttempt(
  opts: RequestOptions,
  method: string,
  signal: AbortSignal,
): Promise<Record<string, string>> {
  const sign = opts.sign as NonNullable<RequestOptions["sign"]>;
  try {
    const req = { method, url: opts.url, headers: opts.headers, body: opts.body };
    return await untilAborted(sign(req, signal), signal);
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
  timedOut: AttemptLimit | undefined,
  attempts: number,
): { error: unknown; retry: boolean } {
  const tries = attempts > 1 ? `, ${attempts} attempts` : "";
  const stop = stopped(opts, timedOut, "no response", { cause: err }, tries);
  // Another attempt after `timeoutMs` alone: not after the caller's abort or the deadline.
  if (stop) return { error: stop, retry: !opts.signal?.aborted && !timedOut?.byDeadline };
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
function classifyBodyFailure(
  err: unknown,
  opts: RequestOptions,
  timedOut: AttemptLimit | undefined,
): unknown {
  // The idle limit's own error (readText) says what happened already, unless the caller or the
  // deadline ended the attempt.
  if (err instanceof TimeoutError && !opts.signal?.aborted && !timedOut?.byDeadline) return err;
  return (
    stopped(opts, timedOut, "the response did not finish", { cause: err }) ??
    new StreamError(`The response body broke off: ${(err as Error)?.message ?? err}`, undefined, {
      cause: err,
    })
  );
}

function emptyBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (c) => c.close() });
}
