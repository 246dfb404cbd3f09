import { describe, expect, it } from "vitest";
import { parseErrorBody, parseResponse } from "../../../src/providers/anthropic/response.js";

describe("anthropic parseResponse", () => {
  it("parses thinking, redacted thinking, text and tool use in order, tagged anthropic", () => {
    const r = parseResponse({
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude",
      content: [
        { type: "thinking", thinking: "Need the weather", signature: "EqQB+/=" },
        { type: "redacted_thinking", data: "EmwK==" },
        { type: "text", text: "Let me check." },
        { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
      ],
      stop_reason: "tool_use",
      usage: {
        input_tokens: 10,
        output_tokens: 30,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 5,
        output_tokens_details: { thinking_tokens: 12 },
      },
    });
    expect(r).toEqual({
      message: {
        role: "assistant",
        content: "Let me check.",
        thinking: [
          { text: "Need the weather", signature: "EqQB+/=", provider: "anthropic" },
          { redacted: "EmwK==", provider: "anthropic" },
        ],
        toolCalls: [{ id: "toolu_1", name: "get_weather", arguments: '{"city":"Paris"}' }],
      },
      usage: {
        inputTokens: 115,
        outputTokens: 30,
        reasoningTokens: 12,
        cacheReadTokens: 100,
        cacheWriteTokens: 5,
      },
      stopReason: "tool_use",
    });
  });

  it("keeps an empty thinking text when only the signature came (display omitted)", () => {
    const r = parseResponse({
      content: [{ type: "thinking", thinking: "", signature: "sig" }],
      stop_reason: "end_turn",
      usage: { input_tokens: 1, output_tokens: 2 },
    });
    expect(r.message.thinking).toEqual([{ text: "", signature: "sig", provider: "anthropic" }]);
    expect(r.message.content).toBe("");
  });

  it("ignores block types it does not know and tolerates null usage fields", () => {
    const r = parseResponse({
      content: [
        { type: "server_tool_use", id: "x" },
        { type: "text", text: "hi" },
      ],
      stop_reason: null,
      usage: {
        input_tokens: 3,
        output_tokens: 4,
        cache_read_input_tokens: null,
        output_tokens_details: null,
      },
    });
    expect(r).toEqual({
      message: { role: "assistant", content: "hi" },
      usage: { inputTokens: 3, outputTokens: 4 },
      stopReason: "",
    });
  });

  it("refuses a body without content", () => {
    expect(() => parseResponse({ type: "message" })).toThrow(/content/);
  });
});

describe("anthropic parseErrorBody", () => {
  it("reads type, message and the request-id header", () => {
    const text = JSON.stringify({
      type: "error",
      error: { type: "rate_limit_error", message: "Slow down" },
      request_id: "req_body",
    });
    const f = parseErrorBody(429, text, new Headers({ "request-id": "req_header" }), true);
    expect(f).toEqual({
      provider: "anthropic",
      status: 429,
      type: "rate_limit_error",
      message: "Slow down",
      requestId: "req_header",
      body: JSON.parse(text),
      retryable: true,
    });
  });

  it("falls back to the body's request_id and describes a non-JSON body", () => {
    const f = parseErrorBody(502, "<html>Bad gateway</html>", new Headers(), true);
    expect(f.message).toBe("HTTP 502: <html>Bad gateway</html>");
    expect(f.type).toBeUndefined();
    expect(f.body).toBe("<html>Bad gateway</html>");
    const g = parseErrorBody(
      500,
      JSON.stringify({
        type: "error",
        error: { type: "api_error", message: "x" },
        request_id: "req_b",
      }),
      new Headers(),
      true,
    );
    expect(g.requestId).toBe("req_b");
  });

  it("does not retry a 429 caused by the spend limit", () => {
    const text = JSON.stringify({
      type: "error",
      error: {
        type: "rate_limit_error",
        message: "cap",
        details: { error_code: "enforced_spend_limit_reached" },
      },
    });
    expect(parseErrorBody(429, text, new Headers(), true).retryable).toBe(false);
  });
});
