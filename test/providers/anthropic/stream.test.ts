import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import type { Delta } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/providers/anthropic/response.js";
import { createStreamState } from "../../../src/providers/anthropic/stream.js";

const rec = (data: Record<string, unknown>) => ({
  event: data.type as string,
  data: JSON.stringify(data),
});
const start = rec({
  type: "message_start",
  message: {
    id: "m",
    type: "message",
    role: "assistant",
    model: "c",
    content: [],
    stop_reason: null,
    usage: { input_tokens: 7, output_tokens: 1 },
  },
});

function feed(events: { event?: string; data: string }[]) {
  const machine = createStreamState((f) => new APIError(f), "req_1");
  const deltas: Delta[] = [];
  for (const e of events) deltas.push(...machine.push(e));
  return { machine, deltas };
}

const full = [
  start,
  rec({
    type: "content_block_start",
    index: 0,
    content_block: { type: "thinking", thinking: "", signature: "" },
  }),
  { event: "ping", data: '{"type": "ping"}' },
  rec({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "a " } }),
  rec({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "b" } }),
  rec({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "" } }),
  rec({
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: "SIG+/=" },
  }),
  rec({ type: "content_block_stop", index: 0 }),
  rec({
    type: "content_block_start",
    index: 1,
    content_block: { type: "redacted_thinking", data: "RED" },
  }),
  rec({ type: "content_block_stop", index: 1 }),
  rec({ type: "content_block_start", index: 2, content_block: { type: "text", text: "" } }),
  rec({ type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "Hi " } }),
  rec({ type: "content_block_delta", index: 2, delta: { type: "citations_delta", citation: {} } }),
  rec({ type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "there" } }),
  rec({ type: "content_block_stop", index: 2 }),
  rec({
    type: "content_block_start",
    index: 3,
    content_block: { type: "tool_use", id: "toolu_1", name: "w", input: {} },
  }),
  rec({
    type: "content_block_delta",
    index: 3,
    delta: { type: "input_json_delta", partial_json: '{"city": ' },
  }),
  rec({
    type: "content_block_delta",
    index: 3,
    delta: { type: "input_json_delta", partial_json: '"Paris"}' },
  }),
  rec({ type: "content_block_stop", index: 3 }),
  rec({
    type: "message_delta",
    delta: { stop_reason: "tool_use" },
    usage: { output_tokens: 40, input_tokens: null },
  }),
  rec({ type: "some_future_event" }),
  rec({ type: "message_stop" }),
];

describe("anthropic stream state", () => {
  it("emits deltas in provider order with indexes into the final message", () => {
    const { deltas } = feed(full);
    expect(deltas).toEqual([
      { thinking: { index: 0, text: "a " } },
      { thinking: { index: 0, text: "b" } },
      { thinking: { index: 0, text: "" } },
      { thinking: { index: 0, signature: "SIG+/=" } },
      { thinking: { index: 1, redacted: "RED" } },
      { text: "Hi " },
      { text: "there" },
      { toolCall: { index: 0, id: "toolu_1", name: "w" } },
      { toolCall: { index: 0, arguments: '{"city": ' } },
      { toolCall: { index: 0, arguments: '"Paris"}' } },
    ]);
  });

  it("finishes with the same response generate parses from the same content", () => {
    const { machine } = feed(full);
    expect(machine.finish()).toEqual(
      parseResponse({
        content: [
          { type: "thinking", thinking: "a b", signature: "SIG+/=" },
          { type: "redacted_thinking", data: "RED" },
          { type: "text", text: "Hi there" },
          { type: "tool_use", id: "toolu_1", name: "w", input: { city: "Paris" } },
        ],
        stop_reason: "tool_use",
        usage: { input_tokens: 7, output_tokens: 40 },
      }),
    );
  });

  it("treats a stream cut before message_stop as a StreamError carrying what arrived", () => {
    const { machine } = feed(full.slice(0, 6));
    let error: unknown;
    try {
      machine.finish();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).partial?.message.thinking).toEqual([
      { text: "a b", provider: "anthropic" },
    ]);
  });

  it("shows the raw argument fragments of an unfinished tool call in partial", () => {
    const { machine } = feed(full.slice(0, 17));
    expect(machine.partial().message.toolCalls).toEqual([
      { id: "toolu_1", name: "w", arguments: '{"city": ' },
    ]);
  });

  it("throws APIError for an error event, with its type and the request id", () => {
    const machine = createStreamState((f) => new APIError(f), "req_9");
    machine.push(start);
    expect(() =>
      machine.push(
        rec({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
      ),
    ).toThrow(
      expect.objectContaining({
        type: "overloaded_error",
        requestId: "req_9",
        status: 529,
        retryable: true,
      }),
    );
  });

  it("keeps the stream's 200 for an error type it does not know", () => {
    const machine = createStreamState((f) => new APIError(f));
    machine.push(start);
    expect(() =>
      machine.push(rec({ type: "error", error: { type: "brand_new_error", message: "?" } })),
    ).toThrow(expect.objectContaining({ status: 200, type: "brand_new_error", retryable: false }));
  });

  it("throws on a delta for a block that never started", () => {
    const machine = createStreamState((f) => new APIError(f));
    machine.push(start);
    expect(() =>
      machine.push(
        rec({ type: "content_block_delta", index: 5, delta: { type: "text_delta", text: "x" } }),
      ),
    ).toThrow(StreamError);
  });

  it("refuses a record that breaks the protocol when it arrives, naming the block", () => {
    const thinking = rec({
      type: "content_block_start",
      index: 0,
      content_block: { type: "thinking", thinking: "", signature: "" },
    });
    const refused = (records: { event?: string; data: string }[]) => {
      try {
        feed([start, ...records]);
      } catch (e) {
        expect(e).toBeInstanceOf(StreamError);
        return (e as Error).message;
      }
      throw new Error("nothing thrown");
    };
    expect(refused([thinking, thinking])).toBe(
      "anthropic: content_block_start for block 0, which already started",
    );
    expect(
      refused([
        rec({
          type: "content_block_start",
          index: 1,
          content_block: { type: "tool_use", name: "w" },
        }),
      ]),
    ).toBe("anthropic: content_block_start for block 1 without a non-empty `id`");
    expect(
      refused([
        thinking,
        rec({
          type: "content_block_delta",
          index: 0,
          delta: { type: "signature_delta", signature: "" },
        }),
      ]),
    ).toBe("anthropic: signature_delta for block 0 without a non-empty `signature`");
  });

  it("throws a SyntaxError on bad JSON, which the stream wraps into a StreamError", () => {
    const machine = createStreamState((f) => new APIError(f));
    expect(() => machine.push({ event: "message_start", data: "{not json" })).toThrow(SyntaxError);
  });
});
