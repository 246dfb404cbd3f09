import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import {
  bodyErrorFields,
  parseErrorBody,
  parseResponse,
  parseUsage,
  reasoningOf,
  requestIdOf,
} from "../../../src/providers/openai/response.js";

const completion = (message: object, extra: object = {}) => ({
  id: "chatcmpl-x1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
  ...extra,
});

describe("openai parseResponse", () => {
  it("reads text, finish_reason and usage", () => {
    const body = completion(
      { content: "Yes." },
      {
        usage: {
          prompt_tokens: 40,
          completion_tokens: 210,
          total_tokens: 250,
          prompt_tokens_details: { cached_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 192 },
        },
      },
    );
    expect(parseResponse(body, "openai")).toEqual({
      message: { role: "assistant", content: "Yes." },
      usage: { inputTokens: 40, outputTokens: 210, reasoningTokens: 192, cacheReadTokens: 0 },
      stopReason: "stop",
    });
  });

  it("turns reasoning_content into one thinking block tagged with the provider", () => {
    const body = completion({ content: "Hi", reasoning_content: "The user greets me." });
    expect(parseResponse(body, "azure").message).toEqual({
      role: "assistant",
      content: "Hi",
      thinking: [{ text: "The user greets me.", provider: "azure" }],
    });
  });

  it("reads the reasoning field of vLLM and OpenRouter too", () => {
    const body = completion({ content: "Hi", reasoning: "Short thought." });
    expect(parseResponse(body, "openai").message.thinking).toEqual([
      { text: "Short thought.", provider: "openai" },
    ]);
  });

  it("makes no block from empty or null reasoning", () => {
    for (const r of [{ reasoning_content: "" }, { reasoning_content: null }, {}]) {
      expect(parseResponse(completion({ content: "x", ...r }), "openai").message.thinking).toBe(
        undefined,
      );
    }
  });

  it("reads tool calls, with content null becoming an empty string", () => {
    const body = {
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_a",
                type: "function",
                function: { name: "lookup", arguments: '{"q":"1009"}' },
              },
              {
                id: "call_b",
                type: "function",
                function: { name: "lookup", arguments: '{"q":"7"}' },
              },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
    };
    expect(parseResponse(body, "openai")).toEqual({
      message: {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "call_a", name: "lookup", arguments: '{"q":"1009"}' },
          { id: "call_b", name: "lookup", arguments: '{"q":"7"}' },
        ],
      },
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: "tool_calls",
    });
  });

  it("ignores Azure's filter results", () => {
    const body = completion(
      { content: "ok" },
      { prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] },
    );
    (body.choices[0] as Record<string, unknown>).content_filter_results = { hate: {} };
    expect(parseResponse(body, "azure").message).toEqual({ role: "assistant", content: "ok" });
  });

  it("throws StreamError naming what is missing", () => {
    expect(() => parseResponse({ choices: [] }, "openai")).toThrow(StreamError);
    expect(() => parseResponse({ choices: [] }, "openai")).toThrow(/choices\[0\]\.message/);
    expect(() => parseResponse(null, "openai")).toThrow(StreamError);
    const noId = completion({
      content: null,
      tool_calls: [{ type: "function", function: { name: "f", arguments: "{}" } }],
    });
    expect(() => parseResponse(noId, "openai")).toThrow(/tool_calls\[0\] without an id/);
    const noName = completion({
      content: null,
      tool_calls: [{ id: "c", type: "function", function: { arguments: "{}" } }],
    });
    expect(() => parseResponse(noName, "openai")).toThrow(/without function\.name/);
  });
});

describe("openai reasoningOf", () => {
  it("prefers reasoning_content and never doubles a server that sends both", () => {
    expect(reasoningOf({ reasoning_content: "a", reasoning: "a" })).toBe("a");
    expect(reasoningOf({ reasoning_content: "", reasoning: "b" })).toBe("b");
    expect(reasoningOf({ reasoning_content: null, reasoning: null })).toBe("");
  });
});

describe("openai parseUsage", () => {
  it("keeps cache writes and treats missing usage as zero", () => {
    expect(
      parseUsage({
        prompt_tokens: 10,
        completion_tokens: 5,
        prompt_tokens_details: { cached_tokens: 4, cache_write_tokens: 6 },
      }),
    ).toEqual({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 4, cacheWriteTokens: 6 });
    expect(parseUsage(null)).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(parseUsage(undefined)).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe("openai parseErrorBody", () => {
  it("reads message, type and the request id", () => {
    const text = JSON.stringify({
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model.",
        type: "invalid_request_error",
        param: "max_tokens",
        code: "unsupported_parameter",
      },
    });
    expect(parseErrorBody({ status: 400, text, retryable: false }, "openai", "req_1")).toEqual({
      provider: "openai",
      status: 400,
      message: "Unsupported parameter: 'max_tokens' is not supported with this model.",
      type: "invalid_request_error",
      requestId: "req_1",
      body: JSON.parse(text),
      retryable: false,
    });
  });

  it("uses code as the type when there is no type (Azure)", () => {
    const text = JSON.stringify({
      error: { code: "429", message: "Requests ... Please retry after 6 seconds." },
    });
    const fields = parseErrorBody({ status: 429, text, retryable: true }, "azure", undefined);
    expect(fields.type).toBe("429");
    expect(fields.retryable).toBe(true);
  });

  it("marks insufficient_quota as not retryable, unlike a rate limit", () => {
    const quota = JSON.stringify({
      error: {
        message: "You exceeded your current quota",
        type: "insufficient_quota",
        code: "insufficient_quota",
      },
    });
    const rate = JSON.stringify({
      error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" },
    });
    expect(
      parseErrorBody({ status: 429, text: quota, retryable: true }, "openai", undefined).retryable,
    ).toBe(false);
    expect(
      parseErrorBody({ status: 429, text: rate, retryable: true }, "openai", undefined).retryable,
    ).toBe(true);
  });

  it("quotes a body that is not JSON, and falls back to the status", () => {
    const html = parseErrorBody(
      { status: 502, text: "<html>Bad gateway</html>", retryable: true },
      "openai",
      undefined,
    );
    expect(html.message).toBe("<html>Bad gateway</html>");
    expect(html.type).toBe(undefined);
    expect(html.body).toBe("<html>Bad gateway</html>");
    expect(
      parseErrorBody({ status: 500, text: "", retryable: true }, "openai", undefined).message,
    ).toBe("HTTP 500");
  });

  it("accepts a string error and a bare message from compatible servers", () => {
    const a = parseErrorBody(
      { status: 400, text: '{"error":"bad model"}', retryable: false },
      "openai",
      undefined,
    );
    expect(a.message).toBe("bad model");
    const b = parseErrorBody(
      { status: 404, text: '{"message":"not found"}', retryable: false },
      "openai",
      undefined,
    );
    expect(b.message).toBe("not found");
  });
});

describe("openai bodyErrorFields", () => {
  it("finds an error inside a 200 body, and nothing in a completion", () => {
    const body = { error: { message: "upstream failed", type: "server_error" } };
    expect(bodyErrorFields(body, "openai", "req_2")).toEqual({
      provider: "openai",
      status: 200,
      message: "upstream failed",
      type: "server_error",
      requestId: "req_2",
      body,
      retryable: false,
    });
    expect(bodyErrorFields(completion({ content: "ok" }), "openai", undefined)).toBe(undefined);
  });
});

describe("openai requestIdOf", () => {
  it("reads x-request-id", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "req_9" }))).toBe("req_9");
    expect(requestIdOf(new Headers())).toBe(undefined);
  });
});

describe("openai parseResponse with unusual servers", () => {
  it("reads arguments sent as an object as JSON text, and content parts as no text", () => {
    const body = completion({
      content: [{ type: "text", text: "ignored" }],
      tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: { a: 1 } } }],
    });
    expect(parseResponse(body, "openai").message).toEqual({
      role: "assistant",
      content: "",
      toolCalls: [{ id: "c", name: "f", arguments: '{"a":1}' }],
    });
  });
});
