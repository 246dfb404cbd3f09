import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import type { Delta } from "../../../src/core/types.js";
import type { EventStreamMessage } from "../../../src/transport/event-stream.js";
import { parseResponse } from "../../../src/wires/converse/response.js";
import { createStreamState } from "../../../src/wires/converse/stream.js";
import { expectAPIError, thrown } from "../../helpers/errors.js";
import { eventMessage, exceptionMessage } from "./frames.js";

const SIG = "Ep0CCkgICxABGAIqQOWPB6/PmA5SW9jC6FvaNq3E+U9ev4FMWcFWuAho+VGLCtazKc5WDjQ5i0Mux==";
const REDACTED = "RXRrRUNrZ0lCeEFCR0FJcVFKVGZxUy9QWXVBRlplT2xzNlI4dUdOMDE0WU5UN1lESUZ1aE55eXdvWDFD";

const delta = (index: number, d: unknown, p = "abcdefgh") =>
  eventMessage("contentBlockDelta", { contentBlockIndex: index, delta: d, p });
const stop = (index: number) =>
  eventMessage("contentBlockStop", { contentBlockIndex: index, p: "ab" });
const messageStart = eventMessage("messageStart", { p: "abcd", role: "assistant" });
const messageStop = (stopReason: string) => eventMessage("messageStop", { p: "abc", stopReason });
const metadata = eventMessage("metadata", {
  usage: { inputTokens: 51, outputTokens: 94, totalTokens: 145, cacheReadInputTokens: 0 },
  metrics: { latencyMs: 2281 },
  p: "abcdef",
});

// A ConverseStream example: reasoning, redacted, text, tool use.
const FULL: EventStreamMessage[] = [
  messageStart,
  delta(0, { reasoningContent: { text: "Let me count the r" } }),
  delta(0, { reasoningContent: { text: '\'s in "strawberry"' } }),
  delta(0, { reasoningContent: { text: "" } }),
  delta(0, { reasoningContent: { signature: SIG } }),
  stop(0),
  delta(1, { reasoningContent: { redactedContent: REDACTED } }),
  stop(1),
  delta(2, { text: "There are 3." }),
  stop(2),
  eventMessage("contentBlockStart", {
    contentBlockIndex: 3,
    start: { toolUse: { toolUseId: "tooluse_kZJM", name: "get_weather" } },
  }),
  delta(3, { toolUse: { input: '{"city":' } }),
  delta(3, { toolUse: { input: '"Paris"}' } }),
  stop(3),
  messageStop("tool_use"),
  metadata,
];

// The same content as one Converse response.
const FULL_AS_CONVERSE = {
  output: {
    message: {
      role: "assistant",
      content: [
        {
          reasoningContent: {
            reasoningText: { text: 'Let me count the r\'s in "strawberry"', signature: SIG },
          },
        },
        { reasoningContent: { redactedContent: REDACTED } },
        { text: "There are 3." },
        { toolUse: { toolUseId: "tooluse_kZJM", name: "get_weather", input: { city: "Paris" } } },
      ],
    },
  },
  stopReason: "tool_use",
  usage: { inputTokens: 51, outputTokens: 94, totalTokens: 145, cacheReadInputTokens: 0 },
};

/** The parts of FULL, in order. */
const FULL_PARTS = [
  {
    type: "thinking",
    text: 'Let me count the r\'s in "strawberry"',
    signature: SIG,
    provider: "bedrock",
  },
  { type: "thinking", redacted: REDACTED, provider: "bedrock" },
  { type: "text", text: "There are 3." },
  { type: "tool-call", id: "tooluse_kZJM", name: "get_weather", arguments: '{"city":"Paris"}' },
];

function feed(messages: EventStreamMessage[]) {
  const machine = createStreamState((f) => new APIError(f), "req-7");
  const deltas: Delta[] = [];
  for (const m of messages) deltas.push(...machine.push(m));
  return { machine, deltas };
}

const toolStart = (index: number, toolUse: object) =>
  eventMessage("contentBlockStart", { contentBlockIndex: index, start: { toolUse } });

describe("bedrock stream state", () => {
  it("emits reasoning, signature, redacted, text and tool deltas in wire order, indexed by part", () => {
    expect(feed(FULL).deltas).toEqual([
      { type: "thinking", index: 0, text: "Let me count the r" },
      { type: "thinking", index: 0, text: '\'s in "strawberry"' },
      { type: "thinking", index: 0, signature: SIG },
      { type: "thinking", index: 1, redacted: REDACTED },
      { type: "text", index: 2, text: "There are 3." },
      { type: "tool-call", index: 3, id: "tooluse_kZJM", name: "get_weather" },
      { type: "tool-call", index: 3, arguments: '{"city":' },
      { type: "tool-call", index: 3, arguments: '"Paris"}' },
    ]);
  });

  it("finishes with exactly what parseResponse gives for the same content", () => {
    const final = feed(FULL).machine.finish();
    expect(final).toEqual(parseResponse(FULL_AS_CONVERSE));
    expect(final.message.content).toEqual(FULL_PARTS);
    expect(final.usage).toEqual({ inputTokens: 51, outputTokens: 94, cacheReadTokens: 0 });
  });

  it("numbers interleaved reasoning and tool use deltas in order", () => {
    const { machine, deltas } = feed([
      messageStart,
      delta(0, { reasoningContent: { text: "First the city." } }),
      delta(0, { reasoningContent: { signature: "s1" } }),
      stop(0),
      toolStart(1, { toolUseId: "t1", name: "city" }),
      stop(1),
      delta(2, { reasoningContent: { text: "" } }),
      delta(2, { reasoningContent: { text: "Then its weather." } }),
      delta(2, { reasoningContent: { signature: "s2" } }),
      stop(2),
      toolStart(3, { toolUseId: "t2", name: "weather" }),
      delta(3, { toolUse: { input: '{"city":"Lima",' } }),
      delta(3, { toolUse: { input: '"days":[1,2]}' } }),
      stop(3),
      messageStop("tool_use"),
      metadata,
    ]);
    expect(deltas.map((d) => [d.type, d.index])).toEqual([
      ["thinking", 0],
      ["thinking", 0],
      ["tool-call", 1],
      ["thinking", 2],
      ["thinking", 2],
      ["tool-call", 3],
      ["tool-call", 3],
      ["tool-call", 3],
    ]);
    // The parts it ends with: the interleaved row of test/wires/converse/parts.test.ts.
    expect(machine.finish().message.content).toHaveLength(4);
  });

  it.each([
    [
      "a tool's input text exactly as it arrived, with no parse and stringify",
      ['{ "a" : 1.50,', ' "b": "\\u00e9" }'],
    ],
    ["input that is not JSON as it came (the transport's history check refuses it)", ["{bad"]],
  ])("keeps %s", (_, pieces) => {
    const { machine } = feed([
      toolStart(0, { toolUseId: "t", name: "x" }),
      ...pieces.map((input) => delta(0, { toolUse: { input } })),
      stop(0),
      messageStop("tool_use"),
    ]);
    expect(machine.finish().message.content).toEqual([
      { type: "tool-call", id: "t", name: "x", arguments: pieces.join("") },
    ]);
  });

  it("joins a redacted payload split over deltas as bytes, with one delta at its stop", () => {
    // "Hello, " and "world!" are base64 of their own bytes: their texts do not concatenate.
    const { machine, deltas } = feed([
      delta(0, { reasoningContent: { redactedContent: "SGVsbG8sIA==" } }),
      delta(0, { reasoningContent: { redactedContent: "d29ybGQh" } }),
      stop(0),
      delta(1, { text: "ok" }),
      messageStop("end_turn"),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, redacted: "SGVsbG8sIHdvcmxkIQ==" },
      { type: "text", index: 1, text: "ok" },
    ]);
    expect(machine.finish().message.content).toEqual([
      { type: "thinking", redacted: "SGVsbG8sIHdvcmxkIQ==", provider: "bedrock" },
      { type: "text", text: "ok" },
    ]);
  });

  it("gives a redacted block that never stopped its joined bytes in partial", () => {
    const { machine } = feed([
      delta(0, { reasoningContent: { redactedContent: "SGVsbG8sIA==" } }),
      delta(0, { reasoningContent: { redactedContent: "d29ybGQh" } }),
    ]);
    expect(machine.partial().message.content).toEqual([
      { type: "thinking", redacted: "SGVsbG8sIHdvcmxkIQ==", provider: "bedrock" },
    ]);
  });

  it("refuses a redacted piece that is not base64 at its stop", () => {
    expect(() =>
      feed([
        delta(0, { reasoningContent: { redactedContent: "SGVsbG8sIA==" } }),
        delta(0, { reasoningContent: { redactedContent: "not base64!" } }),
        stop(0),
      ]),
    ).toThrow(new StreamError("bedrock: block 0 does not decode"));
  });

  it("keeps a built-in tool's call and result as provider parts, each one delta when complete", () => {
    // Nova's code interpreter: docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html
    const { machine, deltas } = feed([
      toolStart(0, {
        toolUseId: "tooluse_W",
        name: "nova_code_interpreter",
        type: "server_tool_use",
      }),
      delta(0, { toolUse: { input: '{"code":"sum([1, ' } }),
      delta(0, { toolUse: { input: '2])"}' } }),
      stop(0),
      eventMessage("contentBlockStart", {
        contentBlockIndex: 1,
        start: {
          toolResult: {
            toolUseId: "tooluse_W",
            type: "nova_code_interpreter_result",
            status: "success",
          },
        },
      }),
      delta(1, { toolResult: [{ text: '{"stdOut":"3",' }] }),
      delta(1, { toolResult: [{ text: '"exitCode":0}' }] }),
      stop(1),
      delta(2, { text: "3" }),
      stop(2),
      messageStop("end_turn"),
    ]);
    const call = {
      toolUse: {
        toolUseId: "tooluse_W",
        name: "nova_code_interpreter",
        type: "server_tool_use",
        input: { code: "sum([1, 2])" },
      },
    };
    const result = {
      toolResult: {
        toolUseId: "tooluse_W",
        type: "nova_code_interpreter_result",
        status: "success",
        content: [{ text: '{"stdOut":"3","exitCode":0}' }],
      },
    };
    expect(deltas).toEqual([
      { type: "provider", index: 0, provider: "bedrock", value: call },
      { type: "provider", index: 1, provider: "bedrock", value: result },
      { type: "text", index: 2, text: "3" },
    ]);
    const final = machine.finish();
    expect(final.message.content).toEqual([
      { type: "provider", provider: "bedrock", value: call },
      { type: "provider", provider: "bedrock", value: result },
      { type: "text", text: "3" },
    ]);
    expect(final).toEqual(
      parseResponse({
        output: { message: { role: "assistant", content: [call, result, { text: "3" }] } },
        stopReason: "end_turn",
        usage: {},
      }),
    );
  });

  it("takes usage from metadata whether it comes before or after messageStop", () => {
    const reordered = [...FULL.slice(0, -2), metadata, messageStop("tool_use")];
    expect(feed(reordered).machine.finish()).toEqual(feed(FULL).machine.finish());
  });

  it("opens a reasoning block on a signature-only delta (display omitted)", () => {
    const { machine, deltas } = feed([
      messageStart,
      delta(0, { reasoningContent: { text: "" } }),
      delta(0, { reasoningContent: { signature: SIG } }),
      stop(0),
      delta(1, { text: "Hi" }),
      stop(1),
      messageStop("end_turn"),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, signature: SIG },
      { type: "text", index: 1, text: "Hi" },
    ]);
    expect(machine.finish().message).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", text: "", signature: SIG, provider: "bedrock" },
        { type: "text", text: "Hi" },
      ],
    });
  });

  it("opens no part for an empty unsigned reasoning block, so later indexes stay right", () => {
    const { machine, deltas } = feed([
      delta(0, { reasoningContent: { text: "" } }),
      stop(0),
      delta(1, { text: "" }),
      delta(2, { text: "Hi" }),
      messageStop("end_turn"),
    ]);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "Hi" }]);
    expect(machine.finish().message.content).toEqual([{ type: "text", text: "Hi" }]);
  });

  it("numbers deltas by part, not by the wire's contentBlockIndex", () => {
    const { deltas, machine } = feed([
      delta(0, { text: "a" }),
      delta(3, { reasoningContent: { redactedContent: "UjE=" } }),
      stop(3),
      delta(5, { reasoningContent: { redactedContent: "UjI=" } }),
      messageStop("end_turn"),
    ]);
    expect(deltas.map((d) => d.index)).toEqual([0, 1]);
    expect(machine.finish().message.content).toEqual([
      { type: "text", text: "a" },
      { type: "thinking", redacted: "UjE=", provider: "bedrock" },
      { type: "thinking", redacted: "UjI=", provider: "bedrock" },
    ]);
  });

  it("ignores unknown event types, unknown message types and the p padding", () => {
    const { deltas } = feed([
      eventMessage("somethingNew", { p: "x", whatever: 1 }),
      { headers: { ":message-type": "chatter" }, payload: new Uint8Array() },
      delta(0, { text: "ok" }, "abcdefghijklmnopqrstuvwxyz"),
    ]);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "ok" }]);
  });

  it("throws a StreamError with what arrived when the stream ends before messageStop", () => {
    const { machine } = feed(FULL.slice(0, 9));
    const err = thrown(() => machine.finish());
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toBe("The bedrock stream ended before messageStop");
    // What arrived: the parts of the blocks before the tool use.
    expect((err as StreamError).partial?.message.content).toEqual(FULL_PARTS.slice(0, 3));
    expect((err as StreamError).partial?.stopReason).toBe("");
  });

  it("shows a tool call's input fragments so far in partial", () => {
    const { machine } = feed(FULL.slice(0, 12));
    expect(machine.partial().message.content[3]).toEqual({
      type: "tool-call",
      id: "tooluse_kZJM",
      name: "get_weather",
      arguments: '{"city":',
    });
  });

  it("turns an exception frame into an APIError with its status, type, request id and partial", () => {
    const { machine } = feed(FULL.slice(0, 3));
    const err = thrown(() =>
      machine.push(
        exceptionMessage("throttlingException", {
          message: "Too many requests, please wait before trying again.",
        }),
      ),
    ) as APIError;
    expectAPIError(err, APIError, {
      provider: "bedrock",
      status: 429,
      type: "throttlingException",
      requestId: "req-7",
      retryable: true,
    });
    expect(err.message).toBe(
      "bedrock 429 throttlingException: Too many requests, please wait before trying again. (request id req-7)",
    );
    expect(err.partial?.message.content).toEqual([
      { type: "thinking", text: 'Let me count the r\'s in "strawberry"', provider: "bedrock" },
    ]);
  });

  it("keeps modelStreamErrorException's original status in the body and does not retry it", () => {
    const body = { message: "boom", originalStatusCode: 500, originalMessage: "inner" };
    const err = thrown(() =>
      feed([exceptionMessage("modelStreamErrorException", body)]),
    ) as APIError;
    expect(err).toMatchObject({ status: 424, retryable: false, body });
  });

  it("turns an error frame into an APIError from :error-code and :error-message", () => {
    const frame: EventStreamMessage = {
      headers: {
        ":message-type": "error",
        ":error-code": "InternalFailure",
        ":error-message": "The stream failed",
      },
      payload: new Uint8Array(),
    };
    const err = thrown(() => feed([frame])) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err).toMatchObject({ status: 500, type: "InternalFailure", retryable: true });
    expect(err.message).toBe("bedrock 500 InternalFailure: The stream failed (request id req-7)");
  });

  it("refuses tool input for a block that never started", () => {
    expect(() => feed([delta(4, { toolUse: { input: "{}" } })])).toThrow(
      "bedrock: toolUse input for block 4, which never started",
    );
  });

  it("refuses a toolUse start without a toolUseId or name, or for a block already started", () => {
    expect(() => feed([toolStart(2, { name: "x" })])).toThrow(
      "bedrock: contentBlockStart for block 2 without a non-empty `toolUse.toolUseId`",
    );
    expect(() => feed([toolStart(2, { toolUseId: "t", name: 7 })])).toThrow(
      "bedrock: contentBlockStart for block 2 without a non-empty `toolUse.name`",
    );
    expect(() =>
      feed([delta(2, { text: "a" }), toolStart(2, { toolUseId: "t", name: "x" })]),
    ).toThrow("bedrock: contentBlockStart for block 2, which already started");
  });

  it("refuses a toolResult delta for a block that never started, and a bad contentBlockIndex", () => {
    expect(() => feed([delta(1, { toolResult: [{ text: "x" }] })])).toThrow(
      "bedrock: toolResult for block 1, which never started",
    );
    expect(() => feed([delta(-1, { text: "x" })])).toThrow(
      "bedrock: an event without a valid contentBlockIndex",
    );
  });

  it("refuses reasoning and text deltas whose values are not strings", () => {
    expect(() => feed([delta(0, { reasoningContent: { signature: { s: 1 } } })])).toThrow(
      "bedrock: contentBlockDelta for block 0 without a string `reasoningContent.signature`",
    );
    expect(() => feed([delta(1, { text: 5 })])).toThrow(
      "bedrock: contentBlockDelta for block 1 without a string `text`",
    );
  });

  it("refuses a block that mixes text and reasoning deltas", () => {
    expect(() =>
      feed([delta(0, { text: "a" }), delta(0, { reasoningContent: { text: "b" } })]),
    ).toThrow("bedrock: block 0 mixes text and reasoning deltas");
    expect(() =>
      feed([
        delta(0, { reasoningContent: { text: "a" } }),
        delta(0, { reasoningContent: { redactedContent: "UjE=" } }),
      ]),
    ).toThrow("bedrock: block 0 mixes reasoning and redacted reasoning deltas");
  });

  it('keeps a tool call with no input as "" (sent back as {})', () => {
    const { machine } = feed([
      toolStart(0, { toolUseId: "t", name: "now" }),
      stop(0),
      messageStop("tool_use"),
    ]);
    expect(machine.finish().message.content).toEqual([
      { type: "tool-call", id: "t", name: "now", arguments: "" },
    ]);
  });
});
