import { describe, expect, it } from "vitest";
import {
  APIError,
  ConfigError,
  ConnectionError,
  GolemError,
  HistoryError,
  StreamError,
  TimeoutError,
} from "../../src/core/errors.js";
import { textResponse } from "../helpers/responses.js";

const PARTIAL = textResponse("half", { inputTokens: 3, outputTokens: 1 }, "");

describe("error classes", () => {
  it.each([
    ["GolemError", new GolemError("x")],
    ["HistoryError", new HistoryError("x")],
    ["ConfigError", new ConfigError("x")],
    ["StreamError", new StreamError("x")],
    ["TimeoutError", new TimeoutError("x")],
    ["ConnectionError", new ConnectionError("x")],
    ["APIError", new APIError({ provider: "p", status: 500, message: "x", retryable: true })],
  ])("%s has its own name and is a GolemError and an Error", (name, err) => {
    expect(err.name).toBe(name);
    expect(err).toBeInstanceOf(GolemError);
    expect(err).toBeInstanceOf(Error);
    expect(String(err.stack)).toContain(name);
  });

  it("HistoryError prefixes the message index and keeps it", () => {
    const err = new HistoryError("content is not a string", 4);
    expect(err.message).toBe("messages[4]: content is not a string");
    expect(err.index).toBe(4);
  });

  it("HistoryError without an index has no index field", () => {
    const err = new HistoryError("history is not an array");
    expect(err.message).toBe("history is not an array");
    expect("index" in err).toBe(false);
  });

  it("HistoryError keeps index 0", () => {
    expect(new HistoryError("bad", 0).index).toBe(0);
  });

  it("APIError carries the provider's fields and says them in its message", () => {
    const cause = new Error("underlying");
    const err = new APIError(
      {
        provider: "anthropic",
        status: 429,
        type: "rate_limit_error",
        message: "Number of requests exceeded",
        requestId: "req_011",
        body: { type: "error" },
        retryable: true,
        partial: PARTIAL,
      },
      { cause },
    );
    expect(err.message).toBe(
      "anthropic 429 rate_limit_error: Number of requests exceeded (request id req_011)",
    );
    expect({
      provider: err.provider,
      status: err.status,
      type: err.type,
      requestId: err.requestId,
      body: err.body,
      retryable: err.retryable,
      partial: err.partial,
      cause: err.cause,
    }).toStrictEqual({
      provider: "anthropic",
      status: 429,
      type: "rate_limit_error",
      requestId: "req_011",
      body: { type: "error" },
      retryable: true,
      partial: PARTIAL,
      cause,
    });
  });

  it("APIError leaves out the fields it was not given", () => {
    const err = new APIError({
      provider: "gemini",
      status: 503,
      message: "overloaded",
      retryable: false,
    });
    expect(err.message).toBe("gemini 503: overloaded");
    for (const key of ["type", "requestId", "body", "partial"]) expect(key in err).toBe(false);
  });

  it("StreamError carries partial and cause", () => {
    const cause = new SyntaxError("bad JSON");
    const err = new StreamError("the stream broke off", PARTIAL, { cause });
    expect(err.partial).toBe(PARTIAL);
    expect(err.cause).toBe(cause);
    expect("partial" in new StreamError("x")).toBe(false);
  });

  it("TimeoutError and ConnectionError keep their cause", () => {
    const cause = new TypeError("fetch failed");
    expect(new ConnectionError("Network error", { cause }).cause).toBe(cause);
    expect(new TimeoutError("No response", { cause }).cause).toBe(cause);
  });
});
