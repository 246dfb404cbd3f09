/** A `retry-after` longer than this is not waited for: the error goes to the caller instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** 408, 409, 429 and every 5xx (Anthropic's 529 included) are worth another try. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Whether a failed response may be retried: `x-should-retry` (Anthropic) decides when
 * present, else the status does.
 */
export function shouldRetry(status: number, headers: Headers): boolean {
  const hint = headers.get("x-should-retry");
  if (hint === "true") return true;
  if (hint === "false") return false;
  return isRetryableStatus(status);
}

/**
 * How long to wait before retry number `attempt` (0-based), in ms, or `undefined` when the
 * server asks for a wait longer than {@link MAX_RETRY_AFTER_MS}. The server's `retry-after-ms`
 * or `retry-after` (seconds or HTTP date) is authoritative, then a wait the error body asked
 * for (`hint`, e.g. Gemini's `RetryInfo`); otherwise full-jitter exponential backoff, capped at 8 s.
 */
export function retryDelay(
  attempt: number,
  headers: Headers,
  random: () => number = Math.random,
  now: number = Date.now(),
  hint?: number,
): number | undefined {
  const asked = retryAfterMs(headers, now) ?? hint;
  if (asked !== undefined) return asked > MAX_RETRY_AFTER_MS ? undefined : asked;
  const cap = Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  return Math.floor(random() * cap);
}

/** The server's requested wait in ms from `retry-after-ms` or `retry-after`, if any is valid. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
