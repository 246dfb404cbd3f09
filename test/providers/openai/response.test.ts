import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import {
  bodyErrorFields,
  parseErrorBody,
  parseResponse,
  parseUsage,
  requestIdOf,
} from "../../../src/wires/openai-chat/response.js";

const completion = (message: object, extra: object = {}) => ({
  id: "chatcmpl-x1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
  ...extra,
});

/** A completion of `content`, counted as `usage` says. */
const answered = (content: string, usage: object) => completion({ content }, { usage });

describe("openai parseResponse", () => {
  it("reads text, finish_reason and usage", () => {
    const body = answered("Yes.", {
      prompt_tokens: 40,
      completion_tokens: 210,
      total_tokens: 250,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 192 },
    });
    expect(parseResponse(body, "openai")).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Yes." }] },
      usage: { inputTokens: 40, outputTokens: 210, reasoningTokens: 192, cacheReadTokens: 0 },
      stopReason: "stop",
      id: "chatcmpl-x1",
    });
  });

  it("keeps reasoning_tokens and cached_tokens of 0, and leaves out counts not sent", () => {
    const usage = { prompt_tokens: 3, completion_tokens: 1 };
    const body = answered("ok", { ...usage, completion_tokens_details: { reasoning_tokens: 0 } });
    expect(parseResponse(body).usage).toEqual({
      inputTokens: 3,
      outputTokens: 1,
      reasoningTokens: 0,
    });
  });

  it("turns reasoning_content into an unsigned thinking part tagged with the provider", () => {
    const body = completion({ content: "Hi", reasoning_content: "The user greets me." });
    expect(parseResponse(body, "azure").message).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", text: "The user greets me.", provider: "azure" },
        { type: "text", text: "Hi" },
      ],
    });
  });

  it('tags reasoning "openai" when no provider is given', () => {
    const body = completion({ content: null, reasoning: "Short thought." });
    expect(parseResponse(body).message.content).toEqual([
      { type: "thinking", text: "Short thought.", provider: "openai" },
    ]);
  });

  it("makes no part from empty or null reasoning or content", () => {
    for (const r of [{ reasoning_content: "" }, { reasoning_content: null }, {}]) {
      for (const content of ["", null]) {
        expect(parseResponse(completion({ content, ...r }), "openai").message).toEqual({
          role: "assistant",
          content: [],
        });
      }
    }
  });

  // Which part each message field becomes, whole and streamed: test/wires/openai-chat/parts.test.ts.

  it("ignores Azure's filter results", () => {
    const body = completion(
      { content: "ok" },
      { prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] },
    );
    (body.choices[0] as Record<string, unknown>).content_filter_results = { hate: {} };
    expect(parseResponse(body, "azure").message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
    });
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
  const none = new Headers();

  it("reads message, type and the request id", () => {
    const text = JSON.stringify({
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model.",
        type: "invalid_request_error",
        param: "max_tokens",
        code: "unsupported_parameter",
      },
    });
    expect(parseErrorBody(400, text, new Headers({ "x-request-id": "req_1" }), false)).toEqual({
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
    const headers = new Headers({ "apim-request-id": "apim-1" });
    const fields = parseErrorBody(429, text, headers, true, "azure");
    expect(fields.provider).toBe("azure");
    expect(fields.requestId).toBe("apim-1");
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
    expect(parseErrorBody(429, quota, none, true).retryable).toBe(false);
    expect(parseErrorBody(429, rate, none, true).retryable).toBe(true);
  });

  it("quotes a body that is not JSON, and falls back to the status", () => {
    const html = parseErrorBody(502, "<html>Bad gateway</html>", none, true);
    expect(html.message).toBe("<html>Bad gateway</html>");
    expect(html.type).toBe(undefined);
    expect(html.body).toBe("<html>Bad gateway</html>");
    expect(parseErrorBody(500, "", none, true).message).toBe("HTTP 500");
  });

  it("accepts a string error and a bare message from compatible servers", () => {
    const a = parseErrorBody(400, '{"error":"bad model"}', none, false);
    expect(a.message).toBe("bad model");
    const b = parseErrorBody(404, '{"message":"not found"}', none, false);
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
  it("reads x-request-id, else Azure's apim-request-id", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "req_9" }))).toBe("req_9");
    expect(requestIdOf(new Headers({ "apim-request-id": "apim-9" }))).toBe("apim-9");
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
      content: [{ type: "tool-call", id: "c", name: "f", arguments: '{"a":1}' }],
    });
  });
});
