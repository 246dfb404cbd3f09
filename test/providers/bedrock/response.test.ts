import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import {
  exceptionStatus,
  parseErrorBody,
  parseResponse,
  sanitizeErrorType,
} from "../../../src/providers/bedrock/response.js";

const SIG = "EvYBCkgICxABGAIqQA9E+opaque/signature==";

describe("bedrock parseResponse", () => {
  it("parses reasoning with its signature, redacted bytes as sent, text, tool use and usage", () => {
    const body = {
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "Count the r's...", signature: SIG } } },
            { reasoningContent: { redactedContent: "RXRrRUNrZ0lCeEFCR0FJ" } },
            { text: "There are " },
            { text: "3." },
            {
              toolUse: { toolUseId: "tooluse_kZJM", name: "get_weather", input: { city: "Paris" } },
            },
            { image: { format: "png" } },
          ],
        },
      },
      stopReason: "tool_use",
      usage: {
        inputTokens: 51,
        outputTokens: 78,
        totalTokens: 129,
        cacheReadInputTokens: 5,
        cacheWriteInputTokens: 0,
        cacheReadInputTokenCount: 5,
      },
      metrics: { latencyMs: 2202 },
    };
    expect(parseResponse(body)).toEqual({
      message: {
        role: "assistant",
        content: "There are 3.",
        thinking: [
          { text: "Count the r's...", signature: SIG, provider: "bedrock" },
          { redacted: "RXRrRUNrZ0lCeEFCR0FJ", provider: "bedrock" },
        ],
        toolCalls: [{ id: "tooluse_kZJM", name: "get_weather", arguments: '{"city":"Paris"}' }],
      },
      usage: { inputTokens: 51, outputTokens: 78, cacheReadTokens: 5, cacheWriteTokens: 0 },
      stopReason: "tool_use",
    });
  });

  it("keeps a signature-only block (display omitted) and drops an empty unsigned one", () => {
    const body = {
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "", signature: SIG } } },
            { reasoningContent: { reasoningText: { text: "" } } },
            { reasoningContent: { reasoningText: { text: "unsigned" } } },
            { text: "ok" },
          ],
        },
      },
      stopReason: "end_turn",
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    };
    expect(parseResponse(body).message).toEqual({
      role: "assistant",
      content: "ok",
      thinking: [
        { text: "", signature: SIG, provider: "bedrock" },
        { text: "unsigned", provider: "bedrock" },
      ],
    });
  });

  it("gives plain messages no thinking or toolCalls fields", () => {
    const r = parseResponse({
      output: { message: { role: "assistant", content: [{ text: "hi" }] } },
      stopReason: "end_turn",
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    });
    expect(r.message).toEqual({ role: "assistant", content: "hi" });
    expect(r.usage).toEqual({ inputTokens: 1, outputTokens: 1 });
  });

  it.each([
    ["no output", { stopReason: "end_turn", usage: {} }, "output.message.content"],
    [
      "no stopReason",
      { output: { message: { content: [] } }, usage: {} },
      "the response has no stopReason",
    ],
    [
      "no usage",
      { output: { message: { content: [] } }, stopReason: "end_turn" },
      "the response has no usage",
    ],
    [
      "an UnknownOperationException body",
      { Output: { __type: "com.amazon.coral.service#UnknownOperationException" }, Version: "1.0" },
      "output.message.content",
    ],
  ])("refuses a body with %s as a StreamError naming the field", (_what, body, field) => {
    expect(() => parseResponse(body)).toThrow(StreamError);
    expect(() => parseResponse(body)).toThrow(field);
  });
});

describe("bedrock errors", () => {
  it("reads type from x-amzn-errortype, message from the body and the request id", () => {
    const headers = new Headers({
      "x-amzn-errortype":
        "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/",
      "x-amzn-requestid": "171ca918-b228-4851-affc-862dd50c5f6d",
    });
    const text =
      '{"message":"The model returned the following errors: thinking blocks cannot be modified"}';
    expect(parseErrorBody(400, text, headers)).toEqual({
      type: "ValidationException",
      message: "The model returned the following errors: thinking blocks cannot be modified",
      requestId: "171ca918-b228-4851-affc-862dd50c5f6d",
      body: {
        message: "The model returned the following errors: thinking blocks cannot be modified",
      },
    });
  });

  it("falls back to the body's code or __type, and to Message", () => {
    const none = new Headers();
    expect(
      parseErrorBody(403, '{"code":"AccessDeniedException","Message":"no"}', none),
    ).toMatchObject({
      type: "AccessDeniedException",
      message: "no",
    });
    expect(
      parseErrorBody(
        429,
        '{"__type":"com.amazon.bedrock#ThrottlingException","message":"slow"}',
        none,
      ),
    ).toMatchObject({ type: "ThrottlingException", message: "slow" });
  });

  it("keeps a non-JSON body as the message and names the status when there is none", () => {
    const none = new Headers();
    expect(parseErrorBody(502, "<html>Bad Gateway</html>", none)).toEqual({
      message: "<html>Bad Gateway</html>",
      body: "<html>Bad Gateway</html>",
    });
    expect(parseErrorBody(503, "", none)).toEqual({ message: "HTTP 503", body: "" });
  });

  it.each([
    [
      "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/",
      "ValidationException",
    ],
    ["aws.protocoltests.restjson#FooError:http://internal.amazon.com/", "FooError"],
    ["ThrottlingException,Other", "ThrottlingException"],
    ["  ModelNotReadyException ", "ModelNotReadyException"],
  ])("sanitises the error type %s to %s", (raw, type) => {
    expect(sanitizeErrorType(raw)).toBe(type);
  });

  it.each([
    ["throttlingException", 429],
    ["ThrottlingException", 429],
    ["validationException", 400],
    ["internalServerException", 500],
    ["serviceUnavailableException", 503],
    ["modelStreamErrorException", 424],
    ["modelNotReadyException", 429],
    ["somethingNewException", 500],
    ["__proto__", 500],
  ])("maps the stream exception %s to HTTP %i", (type, status) => {
    expect(exceptionStatus(type)).toBe(status);
  });
});
