import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import type { Delta } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/providers/bedrock/response.js";
import { createStreamState } from "../../../src/providers/bedrock/stream.js";
import type { EventStreamMessage } from "../../../src/transport/event-stream.js";
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
  delta(3, { toolUse: { input: ' "Paris"}' } }),
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

function feed(messages: EventStreamMessage[]) {
  const machine = createStreamState((f) => new APIError(f), "req-7");
  const deltas: Delta[] = [];
  for (const m of messages) deltas.push(...machine.push(m));
  return { machine, deltas };
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("nothing thrown");
}

describe("bedrock stream state", () => {
  it("emits reasoning, signature, redacted, text and tool deltas in wire order", () => {
    expect(feed(FULL).deltas).toEqual([
      { thinking: { index: 0, text: "Let me count the r" } },
      { thinking: { index: 0, text: '\'s in "strawberry"' } },
      { thinking: { index: 0, signature: SIG } },
      { thinking: { index: 1, redacted: REDACTED } },
      { text: "There are 3." },
      { toolCall: { index: 0, id: "tooluse_kZJM", name: "get_weather" } },
      { toolCall: { index: 0, arguments: '{"city":' } },
      { toolCall: { index: 0, arguments: ' "Paris"}' } },
    ]);
  });

  it("finishes with exactly what parseResponse gives for the same content", () => {
    const final = feed(FULL).machine.finish();
    expect(final).toEqual(parseResponse(FULL_AS_CONVERSE));
    expect(final.message.toolCalls?.[0]?.arguments).toBe('{"city":"Paris"}');
    expect(final.usage).toEqual({ inputTokens: 51, outputTokens: 94, cacheReadTokens: 0 });
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
    expect(deltas).toEqual([{ thinking: { index: 0, signature: SIG } }, { text: "Hi" }]);
    expect(machine.finish().message).toEqual({
      role: "assistant",
      content: "Hi",
      thinking: [{ text: "", signature: SIG, provider: "bedrock" }],
    });
  });

  it("numbers thinking deltas by block, not by the wire's contentBlockIndex", () => {
    const { deltas, machine } = feed([
      delta(0, { text: "a" }),
      delta(1, { reasoningContent: { redactedContent: "R1" } }),
      delta(2, { reasoningContent: { redactedContent: "R2" } }),
      messageStop("end_turn"),
    ]);
    expect(deltas.map((d) => d.thinking?.index)).toEqual([undefined, 0, 1]);
    expect(machine.finish().message.thinking).toEqual([
      { redacted: "R1", provider: "bedrock" },
      { redacted: "R2", provider: "bedrock" },
    ]);
  });

  it("ignores unknown event types, unknown message types and the p padding", () => {
    const { deltas } = feed([
      eventMessage("somethingNew", { p: "x", whatever: 1 }),
      { headers: { ":message-type": "chatter" }, payload: new Uint8Array() },
      delta(0, { text: "ok" }, "abcdefghijklmnopqrstuvwxyz"),
    ]);
    expect(deltas).toEqual([{ text: "ok" }]);
  });

  it("throws a StreamError with what arrived when the stream ends before messageStop", () => {
    const { machine } = feed(FULL.slice(0, 9));
    const err = thrown(() => machine.finish());
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toBe("The bedrock stream ended before messageStop");
    expect((err as StreamError).partial?.message.content).toBe("There are 3.");
    expect((err as StreamError).partial?.stopReason).toBe("");
  });

  it("shows a tool call's raw input fragments in partial until its block stops", () => {
    const { machine } = feed(FULL.slice(0, 12));
    expect(machine.partial().message.toolCalls).toEqual([
      { id: "tooluse_kZJM", name: "get_weather", arguments: '{"city":' },
    ]);
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
    expect(err).toBeInstanceOf(APIError);
    expect(err).toMatchObject({
      provider: "bedrock",
      status: 429,
      type: "throttlingException",
      requestId: "req-7",
      retryable: true,
    });
    expect(err.message).toBe(
      "bedrock 429 throttlingException: Too many requests, please wait before trying again. (request id req-7)",
    );
    expect(err.partial?.message.thinking).toEqual([
      { text: 'Let me count the r\'s in "strawberry"', provider: "bedrock" },
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
    const start = (toolUse: object) =>
      eventMessage("contentBlockStart", { contentBlockIndex: 2, start: { toolUse } });
    expect(() => feed([start({ name: "x" })])).toThrow(
      "bedrock: contentBlockStart for block 2 without a non-empty `toolUse.toolUseId`",
    );
    expect(() => feed([start({ toolUseId: "t", name: 7 })])).toThrow(
      "bedrock: contentBlockStart for block 2 without a non-empty `toolUse.name`",
    );
    expect(() => feed([delta(2, { text: "a" }), start({ toolUseId: "t", name: "x" })])).toThrow(
      "bedrock: contentBlockStart for block 2, which already started",
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
    ).toThrow("bedrock: block 0 mixes text and thinking deltas");
  });

  it("lets a tool's bad JSON input surface as the SyntaxError the transport wraps", () => {
    const start = eventMessage("contentBlockStart", {
      contentBlockIndex: 0,
      start: { toolUse: { toolUseId: "t", name: "x" } },
    });
    expect(() => feed([start, delta(0, { toolUse: { input: "{bad" } }), stop(0)])).toThrow(
      SyntaxError,
    );
  });

  it("treats a tool call with no input as {}", () => {
    const start = eventMessage("contentBlockStart", {
      contentBlockIndex: 0,
      start: { toolUse: { toolUseId: "t", name: "now" } },
    });
    const { machine } = feed([start, stop(0), messageStop("tool_use")]);
    expect(machine.finish().message.toolCalls).toEqual([{ id: "t", name: "now", arguments: "{}" }]);
  });
});
