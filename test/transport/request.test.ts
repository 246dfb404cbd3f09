import { afterEach, describe, expect, it } from "vitest";
import { APIError, ConnectionError, StreamError, TimeoutError } from "../../src/core/errors.js";
import type { ErrorResponse, FetchLike, RequestOptions } from "../../src/transport/exchange.js";
import { parseErrorJSON } from "../../src/transport/json.js";
import { requestStream, requestText } from "../../src/transport/request.js";
import { rejection } from "../helpers/errors.js";
import {
  closedPortURL,
  deferred,
  type Loopback,
  reply,
  silence,
  startServer,
  unfinished,
} from "./loopback.js";

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(...handlers: Parameters<typeof startServer>[0][]): Promise<Loopback> {
  server = await startServer(handlers.flat());
  return server;
}

const seenErrors: ErrorResponse[] = [];
afterEach(() => {
  seenErrors.length = 0;
});

function toError(res: ErrorResponse): APIError {
  seenErrors.push(res);
  return new APIError({
    provider: "test",
    status: res.status,
    message: res.text,
    body: parseErrorJSON(res.text),
    retryable: res.retryable,
  });
}

/** A `toError` whose errors carry a wait the body asked for, as Gemini's RetryInfo does. */
function hintedError(retryAfterMs: number) {
  return (res: ErrorResponse) =>
    new APIError({
      provider: "test",
      status: res.status,
      message: res.text,
      retryAfterMs,
      retryable: res.retryable,
    });
}

function options(url: string, extra: Partial<RequestOptions> = {}): RequestOptions {
  return {
    url,
    headers: { "content-type": "application/json", "x-api-key": "sk-test-0123456789" },
    body: '{"hello":"world"}',
    toError,
    random: () => 0,
    ...extra,
  };
}

/**
 * What requestText rejects with when `reason` aborts it once the response headers are in,
 * while the body is still being read.
 */
async function abortAfterHeaders(
  url: string,
  reason: Error,
  extra: Partial<RequestOptions> = {},
): Promise<unknown> {
  const controller = new AbortController();
  const headers = deferred();
  const fetchSpy: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    headers.resolve();
    return response;
  };
  const pending = rejection(
    requestText(options(url, { signal: controller.signal, fetch: fetchSpy, ...extra })),
  );
  await headers.promise;
  controller.abort(reason);
  return pending;
}

describe("requestText", () => {
  it("sends method, headers and body, and returns the response and its text", async () => {
    const s = await serve(reply(200, '{"ok":true}', { "request-id": "req_1" }));
    const { response, text } = await requestText(options(s.url));
    expect(text).toBe('{"ok":true}');
    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toBe("req_1");
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]?.method).toBe("POST");
    expect(s.requests[0]?.url).toBe("/v1/messages");
    expect(s.requests[0]?.headers["x-api-key"]).toBe("sk-test-0123456789");
    expect(s.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(s.requests[0]?.body).toBe('{"hello":"world"}');
  });

  it("uses the method it is given", async () => {
    const s = await serve(reply(200, "{}"));
    await requestText(options(s.url, { method: "PUT" }));
    expect(s.requests[0]?.method).toBe("PUT");
  });

  it.each([
    ["a 503 with retry-after: 0 seconds at once", 503, () => "0"],
    [
      "after a retry-after HTTP date that has passed",
      429,
      () => new Date(Date.now() - 5_000).toUTCString(),
    ],
  ])("retries %s, without consulting the backoff", async (_, status, retryAfter) => {
    const s = await serve(
      reply(status, "busy", { "retry-after": retryAfter() }),
      reply(200, "done"),
    );
    let randomCalls = 0;
    const random = () => {
      randomCalls++;
      return 0.99;
    };
    const { text } = await requestText(options(s.url, { random }));
    expect(text).toBe("done");
    expect(s.requests).toHaveLength(2);
    expect(randomCalls).toBe(0);
  });

  it("waits at least the retry-after-ms the server asks for", async () => {
    const s = await serve(reply(429, "slow down", { "retry-after-ms": "40" }), reply(200, "done"));
    const started = performance.now();
    await requestText(options(s.url));
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(s.requests).toHaveLength(2);
  });

  it("waits the retryAfterMs an error body asked for when no header asks for anything", async () => {
    const s = await serve(reply(429, "slow down"), reply(200, "done"));
    const hinted = hintedError(40);
    let randomCalls = 0;
    const started = performance.now();
    const random = () => {
      randomCalls++;
      return 0;
    };
    await requestText(options(s.url, { toError: hinted, random }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(s.requests).toHaveLength(2);
    expect(randomCalls).toBe(0);
  });

  it("lets the headers win over a body's hint, and puts what they ask for on the error", async () => {
    const s = await serve(reply(503, "busy", { "retry-after": "0" }), reply(429, "again"));
    const hinted = hintedError(120_000);
    const err = await rejection(requestText(options(s.url, { toError: hinted, maxRetries: 1 })));
    // retry-after: 0 beat the body's 120 s (which would not be waited for): it was retried.
    expect(s.requests).toHaveLength(2);
    expect((err as APIError).retryAfterMs).toBe(120_000);
    await s.close();
    const plain = await serve(reply(429, "later", { "retry-after-ms": "1500" }));
    const told = await rejection(requestText(options(plain.url, { maxRetries: 0 })));
    expect((told as APIError).retryAfterMs).toBe(1500);
  });

  it("does not wait for a body's hint of more than 60 seconds either", async () => {
    const s = await serve(reply(429, "later"));
    const hinted = hintedError(61_000);
    const err = await rejection(requestText(options(s.url, { toError: hinted })));
    expect((err as APIError).retryAfterMs).toBe(61_000);
    expect(s.requests).toHaveLength(1);
  });

  it("does not wait for a retry-after of more than 60 seconds: the error goes to the caller", async () => {
    const s = await serve(reply(429, "later", { "retry-after": "120" }));
    const err = await rejection(requestText(options(s.url)));
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(429);
    expect(s.requests).toHaveLength(1);
  });

  it("does not wait for a retry-after HTTP date two minutes ahead", async () => {
    const ahead = new Date(Date.now() + 120_000).toUTCString();
    const s = await serve(reply(503, "later", { "retry-after": ahead }));
    const err = await rejection(requestText(options(s.url)));
    expect((err as APIError).status).toBe(503);
    expect(s.requests).toHaveLength(1);
  });

  it("x-should-retry: false stops the retry of a 500", async () => {
    const s = await serve(reply(500, "no", { "x-should-retry": "false" }), reply(200, "done"));
    const err = await rejection(requestText(options(s.url)));
    expect((err as APIError).status).toBe(500);
    expect((err as APIError).retryable).toBe(false);
    expect(s.requests).toHaveLength(1);
  });

  it("x-should-retry: true forces a retry of a 400", async () => {
    const s = await serve(
      reply(400, "try again", { "x-should-retry": "true" }),
      reply(200, "done"),
    );
    const { text } = await requestText(options(s.url));
    expect(text).toBe("done");
    expect(s.requests).toHaveLength(2);
  });

  it("does not retry a 400, and hands toError the status, headers, text and retryable", async () => {
    const body = '{"type":"error","error":{"type":"invalid_request_error","message":"bad"}}';
    const s = await serve(reply(400, body, { "request-id": "req_400" }), reply(200, "done"));
    const err = await rejection(requestText(options(s.url)));
    expect(err).toBeInstanceOf(APIError);
    expect(s.requests).toHaveLength(1);
    expect(seenErrors).toHaveLength(1);
    expect(seenErrors[0]?.status).toBe(400);
    expect(seenErrors[0]?.text).toBe(body);
    expect(seenErrors[0]?.retryable).toBe(false);
    expect(seenErrors[0]?.headers.get("request-id")).toBe("req_400");
  });

  it.each([408, 409, 429, 500, 502, 503, 504, 529])("retries a %i", async (status) => {
    const s = await serve(reply(status, "overloaded"), reply(200, "done"));
    const { text } = await requestText(options(s.url));
    expect(text).toBe("done");
    expect(s.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 413, 422])("does not retry a %i", async (status) => {
    const s = await serve(reply(status, "no"), reply(200, "done"));
    const err = await rejection(requestText(options(s.url)));
    expect((err as APIError).status).toBe(status);
    expect(s.requests).toHaveLength(1);
  });

  it.each([
    [0, 1],
    [1, 2],
    [3, 4],
    [undefined, 3],
  ])(
    "with maxRetries %s makes %i requests, then throws the last error",
    async (maxRetries, count) => {
      const s = await serve((_req, res, n) => {
        res.writeHead(529, { "retry-after-ms": "1" });
        res.end(`overloaded #${n}`);
      });
      const err = await rejection(requestText(options(s.url, { maxRetries })));
      expect(s.requests).toHaveLength(count);
      expect((err as APIError).message).toBe(`test 529: overloaded #${count - 1}`);
      expect((err as APIError).retryable).toBe(true);
    },
  );

  it("throws TimeoutError when no answer arrives within timeoutMs", async () => {
    const s = await serve(silence);
    const err = await rejection(requestText(options(s.url, { timeoutMs: 50, maxRetries: 0 })));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe("no response within 50 ms");
    expect(s.requests).toHaveLength(1);
  });

  it("retries a timed-out attempt, then throws a TimeoutError that counts the attempts", async () => {
    const s = await serve(silence);
    const opts = options(s.url, { provider: "anthropic", timeoutMs: 40, maxRetries: 1 });
    const err = await rejection(requestText(opts));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe("anthropic: no response within 40 ms, 2 attempts");
    expect(s.requests).toHaveLength(2);
  });

  it("throws TimeoutError when the body does not finish within timeoutMs", async () => {
    const s = await serve(unfinished(200, '{"partial":'));
    const err = await rejection(requestText(options(s.url, { timeoutMs: 80, maxRetries: 2 })));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe("the response did not finish within 80 ms");
    expect(s.requests).toHaveLength(1);
  });

  it("rejects with the signal's reason when aborted before the request, sending nothing", async () => {
    const s = await serve(reply(200, "done"));
    const reason = new Error("user cancelled");
    const err = await rejection(requestText(options(s.url, { signal: AbortSignal.abort(reason) })));
    expect(err).toBe(reason);
    expect(s.requests).toHaveLength(0);
  });

  it("rejects with the signal's reason when aborted during the body; the server sees the connection close", async () => {
    const s = await serve(unfinished(200, '{"partial":'));
    const reason = new Error("stop reading");
    expect(await abortAfterHeaders(s.url, reason)).toBe(reason);
    expect(await s.requests[0]?.closedEarly).toBe(true);
    expect(s.requests).toHaveLength(1);
  });

  it("rejects with the signal's reason when aborted while waiting to retry", async () => {
    const s = await serve(reply(503, "busy", { "retry-after-ms": "10000" }));
    const controller = new AbortController();
    const pending = rejection(requestText(options(s.url, { signal: controller.signal })));
    await s.arrived(0);
    await new Promise((r) => setTimeout(r, 20));
    const reason = new Error("not waiting");
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(s.requests).toHaveLength(1);
  });

  it("rejects with the signal's reason, not an APIError, when aborted while an error body is read", async () => {
    const s = await serve(unfinished(503, '{"error":'));
    const reason = new Error("stop");
    expect(await abortAfterHeaders(s.url, reason, { maxRetries: 0 })).toBe(reason);
  });

  it("turns a connection reset mid-body into a StreamError and does not retry", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"partial":', () => setTimeout(() => res.socket?.destroy(), 10));
    });
    const err = await rejection(requestText(options(s.url)));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toMatch(/^The response body broke off: /);
    expect((err as StreamError).cause).toBeInstanceOf(TypeError);
    expect(s.requests).toHaveLength(1);
  });

  it("throws ConnectionError after every retry when the connection is refused", async () => {
    const url = await closedPortURL();
    let attempts = 0;
    const counting: FetchLike = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const opts = options(url, { provider: "openai", fetch: counting, maxRetries: 2 });
    const err = await rejection(requestText(opts));
    expect(err).toBeInstanceOf(ConnectionError);
    const host = new URL(url).host;
    // The provider, the host, and the reason undici keeps on its cause, not two causes deep.
    expect((err as ConnectionError).message).toMatch(
      new RegExp(
        `^openai: could not reach ${host.replace(/[.[\]]/g, "\\$&")} \\(fetch failed: .*ECONNREFUSED.*\\), 3 attempts$`,
      ),
    );
    expect((err as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect(attempts).toBe(3);
  });

  it("names the host of a failed connection without its path or query", async () => {
    const failing: FetchLike = async () => {
      throw new TypeError("fetch failed", {
        cause: new Error("getaddrinfo ENOTFOUND example.invalid"),
      });
    };
    const url = "https://example.invalid/v1beta/models/x:generateContent?key=secret-key-123";
    const err = await rejection(requestText(options(url, { fetch: failing, maxRetries: 0 })));
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as Error).message).toBe(
      "could not reach example.invalid (fetch failed: getaddrinfo ENOTFOUND example.invalid)",
    );
  });

  it("backs off between network failures with the injected random", async () => {
    const url = await closedPortURL();
    const draws: number[] = [];
    await rejection(
      requestText(
        options(url, {
          maxRetries: 2,
          random: () => {
            draws.push(draws.length);
            return 0;
          },
        }),
      ),
    );
    expect(draws).toStrictEqual([0, 1]);
  });

  it("surfaces an error from fetch that is not a TypeError as is, without retrying", async () => {
    const complaint = new RangeError("test double says no");
    let calls = 0;
    const failing: FetchLike = async () => {
      calls++;
      throw complaint;
    };
    const err = await rejection(requestText(options("http://127.0.0.1:9/", { fetch: failing })));
    expect(err).toBe(complaint);
    expect(calls).toBe(1);
  });

  it("calls sign once per attempt and sends the headers it returns", async () => {
    const s = await serve(reply(500, "a"), reply(502, "b"), reply(200, "done"));
    const signed: { method: string; url: string; body: string; attempt: number }[] = [];
    const { text } = await requestText(
      options(s.url, {
        sign: async (req) => {
          signed.push({ method: req.method, url: req.url, body: req.body, attempt: signed.length });
          return { ...req.headers, authorization: `signed ${signed.length}` };
        },
      }),
    );
    expect(text).toBe("done");
    expect(signed).toStrictEqual(
      [0, 1, 2].map((attempt) => ({
        method: "POST",
        url: s.url,
        body: '{"hello":"world"}',
        attempt,
      })),
    );
    expect(s.requests.map((r) => r.headers.authorization)).toStrictEqual([
      "signed 1",
      "signed 2",
      "signed 3",
    ]);
  });

  it("surfaces a TypeError thrown by sign as is: it is a bug, not a network failure", async () => {
    const s = await serve(reply(200, "done"));
    const bug = new TypeError("Cannot read properties of undefined (reading 'secretAccessKey')");
    let calls = 0;
    const err = await rejection(
      requestText(
        options(s.url, {
          sign: async () => {
            calls++;
            throw bug;
          },
        }),
      ),
    );
    expect(err).toBe(bug);
    expect(calls).toBe(1);
    expect(s.requests).toHaveLength(0);
  });

  it("scrubs secrets from the error body before toError, so message, body and stack hold none", async () => {
    const key = "sk-ant-api03-SECRET+/=key";
    const token = "session-token-ABCDEFGH";
    const s = await serve(
      reply(
        401,
        `{"error":{"message":"invalid x-api-key ${key} (token ${token}); again: ${key}"}}`,
      ),
    );
    const err = await rejection(requestText(options(s.url, { secrets: [key, token, "short"] })));
    const e = err as APIError;
    for (const where of [e.message, String(e.stack), JSON.stringify(e.body), seenErrors[0]?.text]) {
      expect(where).not.toContain(key);
      expect(where).not.toContain(token);
    }
    expect(e.body).toStrictEqual({
      error: { message: "invalid x-api-key <redacted> (token <redacted>); again: <redacted>" },
    });
  });
});

describe("requestStream", () => {
  it("hands back the body unread, chunk by chunk as the server writes", async () => {
    const second = deferred();
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: one\n\n");
      second.promise.then(() => res.end("event: two\n\n"));
    });
    const stream = await requestStream(options(s.url));
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream");
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe("event: one\n\n");
    second.resolve();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += decoder.decode(r.value);
    expect(rest).toBe("event: two\n\n");
    stream.release();
  });

  it("applies timeoutMs only until the headers arrive, not to the body", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("a");
      setTimeout(() => res.end("b"), 150);
    });
    const stream = await requestStream(options(s.url, { timeoutMs: 60 }));
    const text = await new Response(stream.body).text();
    expect(text).toBe("ab");
    expect(stream.signal.aborted).toBe(false);
    stream.release();
  });

  it("retries an error status like requestText and maps the last one with toError", async () => {
    const s = await serve(reply(529, "overloaded"), reply(400, "bad request"));
    const err = await rejection(requestStream(options(s.url)));
    expect((err as APIError).status).toBe(400);
    expect(s.requests).toHaveLength(2);
  });

  it("errors the body with the signal's reason when aborted while it is read; the server sees the close", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n");
    });
    const controller = new AbortController();
    const stream = await requestStream(options(s.url, { signal: controller.signal }));
    const reader = stream.body.getReader();
    await reader.read();
    const reason = new Error("enough");
    controller.abort(reason);
    expect(await rejection(reader.read())).toBe(reason);
    expect(stream.signal.aborted).toBe(true);
    expect(await s.requests[0]?.closedEarly).toBe(true);
    stream.release();
  });

  it("errors the body when the connection is reset mid-body", async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n", () => setTimeout(() => res.socket?.destroy(), 10));
    });
    const stream = await requestStream(options(s.url));
    const err = await rejection(new Response(stream.body).text());
    expect(err).toBeInstanceOf(TypeError);
    expect(s.requests).toHaveLength(1);
    stream.release();
  });

  it("gives an empty body when the answer has none", async () => {
    const noBody: FetchLike = async () => new Response(null, { status: 200 });
    const stream = await requestStream(options("http://127.0.0.1:9/", { fetch: noBody }));
    expect(await stream.body.getReader().read()).toStrictEqual({ done: true, value: undefined });
    stream.release();
  });

  it("release() stops following the caller's signal", async () => {
    const s = await serve(reply(200, "data: 1\n\n"));
    const controller = new AbortController();
    const stream = await requestStream(options(s.url, { signal: controller.signal }));
    await new Response(stream.body).text();
    stream.release();
    controller.abort(new Error("late"));
    expect(stream.signal.aborted).toBe(false);
  });
});
