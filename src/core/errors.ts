import type { ModelResponse } from "./types.js";

/** Base class of every error golem throws. */
export class GolemError extends Error {
  override name = "GolemError";
}

/**
 * A conversation history is malformed, or would change the prefix replayed reasoning is bound
 * to; `index` names the message when known, `path` the place (`system`, `tools[2]`,
 * `messages.3.content.0`) when the prefix check found it.
 */
export class HistoryError extends GolemError {
  override name = "HistoryError";
  // `declare`: a class field would exist (as undefined) even when no index is known.
  declare index?: number;
  declare path?: string;
  constructor(message: string, index?: number, options?: ErrorOptions & { path?: string }) {
    super(index === undefined ? message : `messages[${index}]: ${message}`, options);
    if (index !== undefined) this.index = index;
    if (options?.path !== undefined) this.path = options.path;
  }
}

/** An adapter's config makes no sense; thrown by `create()` before any network call. */
export class ConfigError extends GolemError {
  override name = "ConfigError";
}

/** The fields an {@link APIError} carries. */
export interface APIErrorFields {
  provider: string;
  status: number;
  message: string;
  type?: string | undefined;
  requestId?: string | undefined;
  body?: unknown;
  retryable: boolean;
  /**
   * The wait in ms the provider asked for before another try: its `retry-after-ms` or
   * `retry-after` header, or a hint in the body (Gemini's `RetryInfo.retryDelay`).
   */
  retryAfterMs?: number | undefined;
  partial?: ModelResponse | undefined;
}

/**
 * The provider answered with an error: an HTTP status, or an error event inside a stream
 * (then `status` is the status the same error has outside a stream, e.g. 529 for Anthropic's
 * `overloaded_error`, or 200 when the type is unknown, and `partial` holds what arrived).
 */
export class APIError extends GolemError {
  override name = "APIError";
  provider: string;
  status: number;
  retryable: boolean;
  declare type?: string;
  declare requestId?: string;
  declare body?: unknown;
  declare partial?: ModelResponse;
  declare retryAfterMs?: number;
  /** Where a long decode can resume after this failed hop (`partial.continuationToken`). */
  declare continuationToken?: string;
  constructor(fields: APIErrorFields, options?: ErrorOptions) {
    super(formatAPIMessage(fields), options);
    this.provider = fields.provider;
    this.status = fields.status;
    this.retryable = fields.retryable;
    if (fields.type !== undefined) this.type = fields.type;
    if (fields.requestId !== undefined) this.requestId = fields.requestId;
    if (fields.body !== undefined) this.body = fields.body;
    if (fields.partial !== undefined) this.partial = fields.partial;
    if (fields.retryAfterMs !== undefined) this.retryAfterMs = fields.retryAfterMs;
  }
}

/**
 * A new subclass of {@link APIError} for one adapter, so `err instanceof anthropic.APIError`
 * tells adapters apart. Made by a function, not declared beside core's class in each adapter:
 * the bundler renamed a second top-level `APIError` class (`APIError2`), and Node prints an
 * uncaught error under its class's name.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineAPIError(): typeof APIError {
  const Base = APIError;
  return class APIError extends Base {};
}

function formatAPIMessage(f: APIErrorFields): string {
  const type = f.type ? ` ${f.type}` : "";
  const id = f.requestId ? ` (request id ${f.requestId})` : "";
  return `${f.provider} ${f.status}${type}: ${f.message}${id}`;
}

/** A stream broke: truncated, a bad frame, bad JSON. `partial` holds what arrived before. */
export class StreamError extends GolemError {
  override name = "StreamError";
  declare partial?: ModelResponse;
  /** Where a long decode can resume after this failed hop (`partial.continuationToken`). */
  declare continuationToken?: string;
  constructor(message: string, partial?: ModelResponse, options?: ErrorOptions) {
    super(message, options);
    if (partial !== undefined) this.partial = partial;
  }
}

/**
 * A time limit passed: no answer within `timeoutMs` (after any retries), a stream silent for
 * `idleTimeoutMs`, or a call past its `deadlineMs`. `partial` holds what a stream had made.
 */
export class TimeoutError extends GolemError {
  override name = "TimeoutError";
  // Set after construction: the constructor keeps Error's `(message, options)`.
  declare partial?: ModelResponse;
  /** Where a long decode can resume after this failed hop (`partial.continuationToken`). */
  declare continuationToken?: string;
}

/** The network failed before a response arrived (after any retries); `cause` is the fetch error. */
export class ConnectionError extends GolemError {
  override name = "ConnectionError";
  /** A long decode's hops before the one that failed, joined (set after construction). */
  declare partial?: ModelResponse;
  /** Where that long decode can resume (`partial.continuationToken`). */
  declare continuationToken?: string;
}

/**
 * A credential could not be had: a token source failed or returned nothing, or a token
 * endpoint refused a service-account key. `status` and `type` are the token endpoint's (e.g.
 * 400 `invalid_grant`) when it answered. Never carries the key, the assertion or a token.
 */
export class AuthError extends GolemError {
  override name = "AuthError";
  declare status?: number;
  declare type?: string;
  constructor(
    message: string,
    fields: { status?: number; type?: string } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    if (fields.status !== undefined) this.status = fields.status;
    if (fields.type !== undefined) this.type = fields.type;
  }
}
