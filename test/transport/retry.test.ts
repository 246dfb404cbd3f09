import { describe, expect, it } from "vitest";
import {
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  retryDelay,
  shouldRetry,
} from "../../src/transport/retry.js";

const NOW = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
const headers = (h: Record<string, string> = {}) => new Headers(h);
const fixed = (value: number) => () => value;

describe("isRetryableStatus", () => {
  it.each([408, 409, 429, 500, 502, 503, 504, 529, 599])("%i is retryable", (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });
  it.each([200, 400, 401, 403, 404, 413, 418, 422])("%i is not", (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});

describe("shouldRetry", () => {
  it("follows the status when x-should-retry is absent", () => {
    expect(shouldRetry(503, headers())).toBe(true);
    expect(shouldRetry(400, headers())).toBe(false);
  });
  it("x-should-retry: true forces a retry of a 400", () => {
    expect(shouldRetry(400, headers({ "x-should-retry": "true" }))).toBe(true);
  });
  it("x-should-retry: false stops a retry of a 529", () => {
    expect(shouldRetry(529, headers({ "x-should-retry": "false" }))).toBe(false);
  });
  it("ignores an x-should-retry value that is neither true nor false", () => {
    expect(shouldRetry(400, headers({ "x-should-retry": "maybe" }))).toBe(false);
    expect(shouldRetry(500, headers({ "x-should-retry": "maybe" }))).toBe(true);
  });
});

describe("retryAfterMs", () => {
  it("reads retry-after-ms as milliseconds", () => {
    expect(retryAfterMs(headers({ "retry-after-ms": "250" }), NOW)).toBe(250);
    expect(retryAfterMs(headers({ "retry-after-ms": "1.5" }), NOW)).toBe(1.5);
  });
  it("reads retry-after as seconds", () => {
    expect(retryAfterMs(headers({ "retry-after": "3" }), NOW)).toBe(3000);
    expect(retryAfterMs(headers({ "retry-after": "0" }), NOW)).toBe(0);
  });
  it("reads retry-after as an HTTP date relative to the injected clock", () => {
    const date = "Wed, 21 Oct 2015 07:28:05 GMT";
    expect(retryAfterMs(headers({ "retry-after": date }), NOW)).toBe(5000);
  });
  it("gives 0 for an HTTP date that has passed", () => {
    const date = "Wed, 21 Oct 2015 07:27:00 GMT";
    expect(retryAfterMs(headers({ "retry-after": date }), NOW)).toBe(0);
  });
  it("prefers retry-after-ms over retry-after", () => {
    expect(retryAfterMs(headers({ "retry-after-ms": "20", "retry-after": "9" }), NOW)).toBe(20);
  });
  it("falls back to retry-after when retry-after-ms is not a number", () => {
    expect(retryAfterMs(headers({ "retry-after-ms": "soon", "retry-after": "2" }), NOW)).toBe(2000);
    expect(retryAfterMs(headers({ "retry-after-ms": "-5", "retry-after": "2" }), NOW)).toBe(2000);
  });
  it.each(["", " ", "soon", "-1", "Infinity"])("ignores retry-after %j", (value) => {
    expect(retryAfterMs(headers({ "retry-after": value }), NOW)).toBeUndefined();
  });
  it("is undefined without either header", () => {
    expect(retryAfterMs(headers(), NOW)).toBeUndefined();
  });
});

describe("retryDelay", () => {
  it("is full-jitter exponential backoff from 500 ms when the server names no wait", () => {
    expect(retryDelay(0, headers(), fixed(0.5), NOW)).toBe(250);
    expect(retryDelay(1, headers(), fixed(0.5), NOW)).toBe(500);
    expect(retryDelay(2, headers(), fixed(0.999), NOW)).toBe(1998);
    expect(retryDelay(3, headers(), fixed(0), NOW)).toBe(0);
  });

  it("caps the backoff at 8 s", () => {
    expect(retryDelay(4, headers(), fixed(0.999999), NOW)).toBe(7999);
    expect(retryDelay(30, headers(), fixed(0.5), NOW)).toBe(4000);
  });

  it("draws one random number per backoff", () => {
    let draws = 0;
    retryDelay(1, headers(), () => {
      draws++;
      return 0.1;
    });
    expect(draws).toBe(1);
  });

  it("uses the server's wait without drawing a random number", () => {
    let draws = 0;
    const random = () => {
      draws++;
      return 0.5;
    };
    expect(retryDelay(5, headers({ "retry-after-ms": "1" }), random, NOW)).toBe(1);
    expect(retryDelay(5, headers({ "retry-after": "2" }), random, NOW)).toBe(2000);
    expect(
      retryDelay(0, headers({ "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT" }), random, NOW),
    ).toBe(30_000);
    expect(draws).toBe(0);
  });

  it("waits up to 60 s but gives up (undefined) on a longer retry-after", () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
    expect(retryDelay(0, headers({ "retry-after": "60" }), fixed(0), NOW)).toBe(60_000);
    expect(retryDelay(0, headers({ "retry-after": "61" }), fixed(0), NOW)).toBeUndefined();
    expect(retryDelay(0, headers({ "retry-after-ms": "60001" }), fixed(0), NOW)).toBeUndefined();
    expect(
      retryDelay(0, headers({ "retry-after": "Wed, 21 Oct 2015 07:30:00 GMT" }), fixed(0), NOW),
    ).toBeUndefined();
  });
});
