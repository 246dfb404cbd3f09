import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import {
  exceptionStatus,
  parseErrorBody,
  parseResponse,
  sanitizeErrorType,
} from "../../../src/wires/converse/response.js";

const SIG = "EvYBCkgICxABGAIqQA9E+opaque/signature==";

const body = (content: unknown[], stopReason = "end_turn") => ({
  output: { message: { role: "assistant", content } },
  stopReason,
  usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
});

describe("bedrock parseResponse", () => {
  it("keeps every block as a part in its place: reasoning, redacted, texts, tool use, image", () => {
    const res = {
      ...body(
        [
          { reasoningContent: { reasoningText: { text: "Count the r's...", signature: SIG } } },
          { reasoningContent: { redactedContent: "RXRrRUNrZ0lCeEFCR0FJ" } },
          { text: "There are " },
          { text: "3." },
          {
            toolUse: { toolUseId: "tooluse_kZJM", name: "get_weather", input: { city: "Paris" } },
          },
          { image: { format: "png" } },
        ],
        "tool_use",
      ),
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
    expect(parseResponse(res)).toEqual({
      message: {
        role: "assistant",
        content: [
          { type: "thinking", text: "Count the r's...", signature: SIG, provider: "bedrock" },
          { type: "thinking", redacted: "RXRrRUNrZ0lCeEFCR0FJ", provider: "bedrock" },
          { type: "text", text: "There are " },
          { type: "text", text: "3." },
          {
            type: "tool-call",
            id: "tooluse_kZJM",
            name: "get_weather",
            arguments: '{"city":"Paris"}',
          },
          { type: "provider", provider: "bedrock", value: { image: { format: "png" } } },
        ],
      },
      // inputTokens is the uncached part: 51 + 5 read + 0 written.
      usage: { inputTokens: 56, outputTokens: 78, cacheReadTokens: 5, cacheWriteTokens: 0 },
      stopReason: "tool_use",
    });
  });

  // Which part each block becomes, whole and streamed: test/wires/converse/parts.test.ts.

  it("keeps usage counts that were sent, 0 included, and leaves out the ones that were not", () => {
    const r = parseResponse({
      ...body([{ text: "hi" }]),
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, cacheReadInputTokens: 0 },
    });
    expect(r.usage).toEqual({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0 });
  });

  it("refuses a toolUse without toolUseId or name, and a block that is not an object", () => {
    expect(() => parseResponse(body([{ toolUse: { name: "x", input: {} } }]))).toThrow(
      "output.message.content[0].toolUse has no toolUseId or name",
    );
    expect(() => parseResponse(body([{ text: "a" }, null]))).toThrow(
      "output.message.content[1] is not an object",
    );
  });

  it.each([
    ["no output", { stopReason: "end_turn", usage: {} }, "output.message.content"],
    [
      "no stopReason",
      { output: { message: { content: [] } }, usage: {} },
      "bedrock answered without stopReason",
    ],
    [
      "no usage",
      { output: { message: { content: [] } }, stopReason: "end_turn" },
      "bedrock answered without usage",
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
    expect(parseErrorBody(400, text, headers, false)).toEqual({
      provider: "bedrock",
      status: 400,
      retryable: false,
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
      parseErrorBody(403, '{"code":"AccessDeniedException","Message":"no"}', none, false),
    ).toMatchObject({
      type: "AccessDeniedException",
      message: "no",
    });
    expect(
      parseErrorBody(
        429,
        '{"__type":"com.amazon.bedrock#ThrottlingException","message":"slow"}',
        none,
        true,
      ),
    ).toMatchObject({ status: 429, retryable: true, type: "ThrottlingException", message: "slow" });
  });

  it("keeps a non-JSON body as the message and names the status when there is none", () => {
    const none = new Headers();
    expect(parseErrorBody(502, "<html>Bad Gateway</html>", none, true)).toEqual({
      provider: "bedrock",
      status: 502,
      retryable: true,
      message: "<html>Bad Gateway</html>",
      body: "<html>Bad Gateway</html>",
    });
    expect(parseErrorBody(503, "", none, true)).toEqual({
      provider: "bedrock",
      status: 503,
      retryable: true,
      message: "HTTP 503",
      body: "",
    });
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
