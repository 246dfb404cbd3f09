import { describe, expect, it } from "vitest";
import { toolCallsOf } from "../../../src/core/parts.js";
import type { Part } from "../../../src/core/types.js";
import {
  blockedPromptFields,
  errorFields,
  parseErrorBody,
  parseResponse,
  parseUsage,
} from "../../../src/wires/generate-content/response.js";
import type {
  GenerateContentResponse,
  Part as WirePart,
} from "../../../src/wires/generate-content/wire.js";
import { responseOf } from "../../helpers/responses.js";

/** An answer of one candidate, `parts`, finished with STOP, and `more` of the answer's fields. */
const stopped = (
  parts: WirePart[],
  more: Omit<GenerateContentResponse, "candidates"> = {},
): GenerateContentResponse => ({
  candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
  ...more,
});

describe("parseResponse", () => {
  it("turns thought parts into a thinking part and keeps a text part's signature on it", () => {
    // Google's documented non-streaming example.
    const body = stopped(
      [
        { text: "**Weighing the stops**\n\nI compare distances first...", thought: true },
        { text: "Go A → C → B.", thoughtSignature: "CiQB4x9...sigA==" },
      ],
      {
        usageMetadata: {
          promptTokenCount: 12,
          candidatesTokenCount: 7,
          thoughtsTokenCount: 140,
          totalTokenCount: 159,
        },
        modelVersion: "gemini-3-flash-preview",
        responseId: "r-abc123",
      },
    );
    const parts: Part[] = [
      {
        type: "thinking",
        text: "**Weighing the stops**\n\nI compare distances first...",
        provider: "gemini",
      },
      { type: "text", text: "Go A → C → B.", signature: "CiQB4x9...sigA==", provider: "gemini" },
    ];
    const usage = { inputTokens: 12, outputTokens: 147, reasoningTokens: 140 };
    expect(parseResponse(body)).toEqual({
      ...responseOf(parts, usage, "STOP"),
      id: "r-abc123",
      model: "gemini-3-flash-preview",
    });
  });

  // Which part each answer part becomes, whole and streamed: test/wires/generate-content/parts.test.ts.

  it("makes up call ids from the call's place alone when the answer names no responseId", () => {
    const body = stopped([
      { functionCall: { name: "lookup", args: { q: "A" }, id: "9d532gc9" } },
      { functionCall: { name: "lookup", args: { q: "B" } } },
    ]);
    expect(toolCallsOf(parseResponse(body).message).map((c) => c.id)).toEqual([
      "9d532gc9",
      "golem_1",
    ]);
  });

  it("reports a safety stop as its finishReason, with whatever content came", () => {
    const body: GenerateContentResponse = {
      candidates: [{ finishReason: "SAFETY", index: 0 }],
      usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
    };
    expect(parseResponse(body)).toEqual(
      responseOf([], { inputTokens: 8, outputTokens: 0 }, "SAFETY"),
    );
  });

  it("does not change the body it parses", () => {
    const part = { functionCall: { name: "f", args: { a: { b: 1 } } } };
    const body = { candidates: [{ content: { parts: [part] }, finishReason: "STOP" }] };
    const before = JSON.stringify(body);
    parseResponse(body);
    expect(JSON.stringify(body)).toBe(before);
  });
});

describe("parseUsage", () => {
  it("counts thoughts into the output and cached tokens as cache reads", () => {
    expect(
      parseUsage({
        promptTokenCount: 107,
        candidatesTokenCount: 23,
        thoughtsTokenCount: 123,
        cachedContentTokenCount: 64,
        totalTokenCount: 253,
      }),
    ).toEqual({ inputTokens: 107, outputTokens: 146, reasoningTokens: 123, cacheReadTokens: 64 });
    expect(parseUsage(undefined)).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe("blockedPromptFields", () => {
  it("reports a blocked prompt with its reason as the type", () => {
    const body = {
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 5 },
    };
    expect(blockedPromptFields(body, 200)).toEqual({
      provider: "gemini",
      status: 200,
      type: "PROHIBITED_CONTENT",
      message: "the prompt was blocked (PROHIBITED_CONTENT)",
      body,
      retryable: false,
    });
    expect(
      blockedPromptFields(
        { promptFeedback: { blockReason: "OTHER", blockReasonMessage: "why" } },
        200,
      )?.message,
    ).toBe("the prompt was blocked (OTHER): why");
  });

  it("ignores bodies that have a candidate or no block reason", () => {
    expect(blockedPromptFields({ candidates: [{ finishReason: "STOP" }] }, 200)).toBeUndefined();
    expect(
      blockedPromptFields({ promptFeedback: { blockReason: "SAFETY" }, candidates: [{}] }, 200),
    ).toBeUndefined();
    expect(blockedPromptFields(null, 200)).toBeUndefined();
  });
});

describe("errorFields and parseErrorBody", () => {
  const overloaded = {
    error: {
      code: 503,
      message: "The model is overloaded. Please try again later.",
      status: "UNAVAILABLE",
    },
  };

  it("reads Google's error object", () => {
    expect(parseErrorBody(503, JSON.stringify(overloaded), new Headers(), true)).toEqual({
      provider: "gemini",
      status: 503,
      type: "UNAVAILABLE",
      message: "The model is overloaded. Please try again later.",
      body: overloaded,
      retryable: true,
    });
  });

  it("reads an error body wrapped in an array", () => {
    const text =
      '[{\n  "error": {\n    "code": 400,\n    "message": "Corrupted thought signature.",\n    "status": "INVALID_ARGUMENT"\n  }\n}\n]';
    const fields = parseErrorBody(400, text, new Headers(), false);
    expect(fields.type).toBe("INVALID_ARGUMENT");
    expect(fields.message).toBe("Corrupted thought signature.");
    expect(fields.retryable).toBe(false);
  });

  it("takes the transport's verdict on retrying", () => {
    expect(parseErrorBody(503, JSON.stringify(overloaded), new Headers(), false).retryable).toBe(
      false,
    );
    expect(parseErrorBody(418, "teapot", new Headers(), true).retryable).toBe(true);
  });

  it("quotes a body that is not Google's JSON", () => {
    expect(parseErrorBody(502, "<html>Bad Gateway</html>", new Headers(), true)).toEqual({
      provider: "gemini",
      status: 502,
      message: "<html>Bad Gateway</html>",
      body: "<html>Bad Gateway</html>",
      retryable: true,
    });
    expect(parseErrorBody(500, "", new Headers(), true).message).toBe("no error body");
  });

  it("reads the wait a RetryInfo detail asks for as retryAfterMs", () => {
    const quota = (retryDelay: unknown) =>
      JSON.stringify({
        error: {
          code: 429,
          message: "You exceeded your current quota, please check your plan.",
          status: "RESOURCE_EXHAUSTED",
          details: [
            { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
            { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
          ],
        },
      });
    const wait = (retryDelay: unknown) =>
      parseErrorBody(429, quota(retryDelay), new Headers(), true).retryAfterMs;
    expect(wait("34.4s")).toBe(34_400);
    expect(wait("0s")).toBe(0);
    expect(wait("2.000000001s")).toBe(2001);
    expect(wait("3600s")).toBe(3_600_000);
    for (const odd of ["-1s", "34.4", "s", "1e3s", " 5s", 5, null, { seconds: 5 }]) {
      expect(wait(odd)).toBeUndefined();
    }
    const other = JSON.stringify({
      error: { code: 429, details: [{ "@type": "type.googleapis.com/x.Other", retryDelay: "5s" }] },
    });
    expect(parseErrorBody(429, other, new Headers(), true).retryAfterMs).toBeUndefined();
    expect(parseErrorBody(503, JSON.stringify(overloaded), new Headers(), true).retryAfterMs).toBe(
      undefined,
    );
  });

  it("takes the error's own code as the status when it arrives inside a 200 stream", () => {
    const fields = errorFields(overloaded, 200);
    expect(fields?.status).toBe(503);
    expect(fields?.message).toBe("The model is overloaded. Please try again later.");
    expect(fields?.retryable).toBe(true);
    expect(errorFields({ candidates: [] }, 200)).toBeUndefined();
  });
});
