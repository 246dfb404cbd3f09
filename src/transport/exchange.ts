/**
 * The shapes of one HTTP exchange that the transport, the auths and the wires share: what is
 * sent, what a signer reads, and what comes back.
 * @module
 */
import type { APIError } from "../core/errors.js";

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
  /** A stream's longest silence once its headers arrived (read by `createHTTPModel`). */
  idleTimeoutMs?: number | undefined;
  /** The whole call from its first attempt: retries, waits and the body included. */
  deadlineMs?: number | undefined;
  /** @defaultValue 2 */
  maxRetries?: number | undefined;
  /**
   * Runs once per attempt (SigV4 dates change), returning the headers to send. `signal` ends
   * with the attempt (the caller's abort, `timeoutMs`, the deadline); the wait for the signer
   * ends then whether or not it listens.
   */
  sign?:
    | ((req: SignableRequest, signal: AbortSignal) => Promise<Record<string, string>>)
    | undefined;
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
  /** When the call's `deadlineMs` runs out (a `Date.now()` time), if it has one. */
  deadlineAt?: number | undefined;
  release(): void;
}
