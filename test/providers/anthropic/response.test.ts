import { describe, expect, it } from "vitest";
import { parseErrorBody, parseResponse } from "../../../src/wires/messages/response.js";
import { answer } from "./answer.js";
import { SEARCH_RESULT, SEARCH_USE } from "./blocks.js";

const body = (content: unknown[], usage: object = { input_tokens: 1, output_tokens: 2 }) =>
  answer(content, "end_turn", { id: "msg_1", model: "claude", usage });

describe("anthropic parseResponse", () => {
  it("parses thinking, redacted thinking, text and tool use into parts in their order, tagged anthropic", () => {
    const r = parseResponse({
      ...body([
        { type: "thinking", thinking: "Need the weather", signature: "EqQB+/=" },
        { type: "redacted_thinking", data: "EmwK==" },
        { type: "text", text: "Let me check." },
        { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
      ]),
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
        content: [
          {
            type: "thinking",
            text: "Need the weather",
            signature: "EqQB+/=",
            provider: "anthropic",
          },
          { type: "thinking", redacted: "EmwK==", provider: "anthropic" },
          { type: "text", text: "Let me check." },
          {
            type: "tool-call",
            id: "toolu_1",
            name: "get_weather",
            arguments: '{"city":"Paris"}',
          },
        ],
      },
      usage: {
        inputTokens: 115,
        outputTokens: 30,
        reasoningTokens: 12,
        cacheReadTokens: 100,
        cacheWriteTokens: 5,
      },
      stopReason: "tool_use",
      id: "msg_1",
      model: "claude",
    });
  });

  // Which part each block becomes, whole and streamed: test/wires/messages/parts.test.ts.

  it("keeps server tool blocks and unknown block types as provider parts, exactly as sent", () => {
    const future = { type: "brand_new_block", payload: [1, { x: null }] };
    const r = parseResponse(
      body([SEARCH_USE, SEARCH_RESULT, { type: "text", text: "Sunny." }, future], {
        input_tokens: 3,
        output_tokens: 4,
        cache_read_input_tokens: null,
        output_tokens_details: null,
      }),
    );
    expect(r).toEqual({
      message: {
        role: "assistant",
        content: [
          { type: "provider", provider: "anthropic", value: SEARCH_USE },
          { type: "provider", provider: "anthropic", value: SEARCH_RESULT },
          { type: "text", text: "Sunny." },
          { type: "provider", provider: "anthropic", value: future },
        ],
      },
      usage: { inputTokens: 3, outputTokens: 4 },
      stopReason: "end_turn",
      id: "msg_1",
      model: "claude",
    });
  });

  it("keeps the text of a text block with citations and leaves the citations out", () => {
    const r = parseResponse(
      body([
        {
          type: "text",
          text: "It is sunny.",
          citations: [
            {
              type: "web_search_result_location",
              url: "https://example.com/paris",
              title: "Paris",
              encrypted_index: "Eo8BCioIAhgB",
              cited_text: "Sunny all week",
            },
          ],
        },
      ]),
    );
    expect(r.message.content).toEqual([{ type: "text", text: "It is sunny." }]);
  });

  it("keeps cache counts of 0 when they were sent, and leaves them out when not", () => {
    const sent = parseResponse(
      body([{ type: "text", text: "hi" }], {
        input_tokens: 9,
        output_tokens: 2,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      }),
    );
    expect(sent.usage).toEqual({
      inputTokens: 9,
      outputTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    const absent = parseResponse(body([{ type: "text", text: "hi" }]));
    expect(absent.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
  });

  it("refuses a body without content, and a block without the fields it needs", () => {
    expect(() => parseResponse({ type: "message" })).toThrow(/content/);
    expect(() => parseResponse(body([{ type: "tool_use", name: "w", input: {} }]))).toThrow(
      "anthropic: content for block 0 without a non-empty `id`",
    );
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
