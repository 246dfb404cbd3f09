import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import {
  mapStatus,
  parseResponsesResponse,
  parseResponsesUsage,
  responsesBodyErrorFields,
} from "../../../src/wires/openai-responses/response.js";
import { CALL, REASONING, USAGE } from "../../wires/openai-responses/items.js";

// An abridged Responses API response.
const SPEC_C4 = {
  id: "resp_01",
  object: "response",
  status: "completed",
  model: "gpt-5.4",
  reasoning: { effort: "medium", summary: "auto" },
  store: false,
  output: [REASONING, CALL],
  usage: USAGE,
  error: null,
  incomplete_details: null,
};

describe("parseResponsesResponse", () => {
  it("parses a finished response: a signed thinking part, the call by call_id, usage and status", () => {
    expect(parseResponsesResponse(SPEC_C4, "openai")).toEqual({
      message: {
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: "**Plan**\n\nAdd first, then multiply.",
            signature: "gAAAAB-enc1",
            provider: "openai-responses",
          },
          { type: "tool-call", id: "call_1", name: "calc", arguments: '{"a":12,"b":7,"op":"add"}' },
        ],
      },
      usage: { inputTokens: 134, outputTokens: 58, reasoningTokens: 30, cacheReadTokens: 0 },
      stopReason: "completed",
      id: "resp_01",
      model: "gpt-5.4",
    });
  });

  // Which part each output item becomes, whole and streamed:
  // test/wires/openai-responses/parts.test.ts.

  it("counts no usage as zero when the response carries none", () => {
    const res = parseResponsesResponse({ status: "completed", output: [] }, "azure");
    expect(res.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it("throws StreamError for a body without output, or a function call without call_id or name", () => {
    expect(() => parseResponsesResponse({ status: "completed" }, "openai")).toThrow(StreamError);
    expect(() =>
      parseResponsesResponse(
        { output: [{ type: "function_call", name: "f", arguments: "{}" }] },
        "openai",
      ),
    ).toThrow("function call 0 without a call_id");
    expect(() =>
      parseResponsesResponse(
        { output: [{ type: "function_call", call_id: "c", arguments: "{}" }] },
        "openai",
      ),
    ).toThrow("function call 0 without a name");
  });
});

describe("parseResponsesUsage", () => {
  it("counts all input (cached included) and all output (reasoning included)", () => {
    expect(
      parseResponsesUsage({
        input_tokens: 2087,
        input_tokens_details: { cached_tokens: 2048 },
        output_tokens: 124,
        output_tokens_details: { reasoning_tokens: 0 },
      }),
    ).toEqual({ inputTokens: 2087, outputTokens: 124, reasoningTokens: 0, cacheReadTokens: 2048 });
    expect(parseResponsesUsage(null)).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe("mapStatus", () => {
  it("says completed, or the reason an incomplete response stopped", () => {
    expect(mapStatus({ status: "completed" })).toBe("completed");
    expect(
      mapStatus({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }),
    ).toBe("max_output_tokens");
    expect(mapStatus({ status: "incomplete", incomplete_details: null })).toBe("incomplete");
    expect(mapStatus({})).toBe("");
  });
});

describe("responsesBodyErrorFields", () => {
  it("is undefined for an ordinary response", () => {
    expect(responsesBodyErrorFields(SPEC_C4, "openai", "req_1")).toBe(undefined);
  });

  it("turns a failed response into APIError fields with its code and message", () => {
    const body = {
      status: "failed",
      output: [],
      error: { code: "server_error", message: "The model failed." },
    };
    expect(responsesBodyErrorFields(body, "openai", "req_1")).toEqual({
      provider: "openai",
      status: 200,
      message: "The model failed.",
      type: "server_error",
      requestId: "req_1",
      body,
      retryable: false,
    });
  });

  it("turns a 200 error body without output into APIError fields", () => {
    const body = { error: { message: "bad gateway upstream", type: "upstream_error" } };
    expect(responsesBodyErrorFields(body, "azure", undefined)).toMatchObject({
      provider: "azure",
      status: 200,
      type: "upstream_error",
      message: "bad gateway upstream",
    });
  });
});
