import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import { toolCallsOf } from "../../../src/core/parts.js";
import type { Delta } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/wires/messages/response.js";
import { createStreamState } from "../../../src/wires/messages/stream.js";
import { pieces } from "../../helpers/deltas.js";
import { thrown } from "../../helpers/errors.js";
import { answer } from "./answer.js";
import { SEARCH_RESULT, SEARCH_USE } from "./blocks.js";

const rec = (data: Record<string, unknown>) => ({
  event: data.type as string,
  data: JSON.stringify(data),
});
const start = rec({
  type: "message_start",
  message: answer([], null, { id: "m", model: "c", usage: { input_tokens: 7, output_tokens: 1 } }),
});

function feed(events: { event?: string; data: string }[]) {
  const machine = createStreamState((f) => new APIError(f), "req_1");
  const deltas: Delta[] = [];
  for (const e of events) deltas.push(...machine.push(e));
  return { machine, deltas };
}

const blockStart = (index: number, content_block: object) =>
  rec({ type: "content_block_start", index, content_block });
const blockDelta = (index: number, delta: object) =>
  rec({ type: "content_block_delta", index, delta });
const blockStop = (index: number) => rec({ type: "content_block_stop", index });
/** Every kind of block, with a ping, an empty and a citations delta and an event of the future. */
const full = [
  start,
  blockStart(0, { type: "thinking", thinking: "", signature: "" }),
  { event: "ping", data: '{"type": "ping"}' },
  ...["a ", "b", ""].map((thinking) => blockDelta(0, { type: "thinking_delta", thinking })),
  blockDelta(0, { type: "signature_delta", signature: "SIG+/=" }),
  blockStop(0),
  blockStart(1, { type: "redacted_thinking", data: "RED" }),
  blockStop(1),
  blockStart(2, { type: "text", text: "" }),
  blockDelta(2, { type: "text_delta", text: "Hi " }),
  blockDelta(2, { type: "citations_delta", citation: {} }),
  blockDelta(2, { type: "text_delta", text: "there" }),
  blockStop(2),
  blockStart(3, { type: "tool_use", id: "toolu_1", name: "w", input: {} }),
  blockDelta(3, { type: "input_json_delta", partial_json: '{"city": ' }),
  blockDelta(3, { type: "input_json_delta", partial_json: '"Paris"}' }),
  blockStop(3),
  rec({
    type: "message_delta",
    delta: { stop_reason: "tool_use" },
    usage: { output_tokens: 40, input_tokens: null },
  }),
  rec({ type: "some_future_event" }),
  rec({ type: "message_stop" }),
];

const stop = [
  rec({ type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } }),
  rec({ type: "message_stop" }),
];
const thinking = (index: number, text: string, signature: string) => [
  blockStart(index, { type: "thinking", thinking: "", signature: "" }),
  blockDelta(index, { type: "thinking_delta", thinking: text }),
  blockDelta(index, { type: "signature_delta", signature }),
  blockStop(index),
];
const toolUse = (index: number, id: string, ...json: string[]) => [
  blockStart(index, { type: "tool_use", id, name: "weather", input: {} }),
  ...json.map((partial_json) => blockDelta(index, { type: "input_json_delta", partial_json })),
  blockStop(index),
];

describe("anthropic stream state", () => {
  it("emits deltas in provider order, each indexed by its part's place in the final message", () => {
    const { deltas } = feed(full);
    expect(deltas).toEqual([
      ...pieces("thinking", 0, "a ", "b"),
      { type: "thinking", index: 0, signature: "SIG+/=" },
      { type: "thinking", index: 1, redacted: "RED" },
      ...pieces("text", 2, "Hi ", "there"),
      { type: "tool-call", index: 3, id: "toolu_1", name: "w" },
      { type: "tool-call", index: 3, arguments: '{"city": ' },
      { type: "tool-call", index: 3, arguments: '"Paris"}' },
    ]);
  });

  it("finishes with the parts generate parses from the same content, arguments as they arrived", () => {
    const { machine } = feed(full);
    const generated = parseResponse({
      content: [
        { type: "thinking", thinking: "a b", signature: "SIG+/=" },
        { type: "redacted_thinking", data: "RED" },
        { type: "text", text: "Hi there" },
        { type: "tool_use", id: "toolu_1", name: "w", input: { city: "Paris" } },
      ],
      stop_reason: "tool_use",
      usage: { input_tokens: 7, output_tokens: 40 },
      id: "m",
      model: "c",
    });
    const streamed = machine.finish();
    expect(streamed).toEqual({
      ...generated,
      message: {
        role: "assistant",
        content: [
          ...(generated.message.content as unknown[]).slice(0, 3),
          // The streamed text of the input, not a re-serialization of it.
          { type: "tool-call", id: "toolu_1", name: "w", arguments: '{"city": "Paris"}' },
        ],
      },
    });
  });

  it("numbers the deltas of an interleaved turn by part, and keeps its arguments as they arrived", () => {
    const { machine, deltas } = feed([
      start,
      ...thinking(0, "First Paris.", "sig-1"),
      ...toolUse(1, "toolu_a", '{"location"', ': "Paris"}'),
      ...thinking(2, "Now Rome.", "sig-2"),
      ...toolUse(3, "toolu_b", '{"location": "Rome"}'),
      ...stop,
    ]);
    // Its parts: the interleaved row of test/wires/messages/parts.test.ts; here, as they arrived.
    expect(toolCallsOf(machine.finish().message).map((c) => c.arguments)).toEqual([
      '{"location": "Paris"}',
      '{"location": "Rome"}',
    ]);
    expect(deltas.map((d) => `${d.type}@${d.index}`)).toEqual([
      "thinking@0",
      "thinking@0",
      "tool-call@1",
      "tool-call@1",
      "tool-call@1",
      "thinking@2",
      "thinking@2",
      "tool-call@3",
      "tool-call@3",
    ]);
  });

  it("keeps a tool argument with an integer above 2^53 as the exact text that arrived", () => {
    const { machine } = feed([
      start,
      ...toolUse(0, "toolu_1", '{"id": 1234567', "8901234567890123}"),
      ...stop,
    ]);
    expect(machine.finish().message.content).toEqual([
      {
        type: "tool-call",
        id: "toolu_1",
        name: "weather",
        arguments: '{"id": 12345678901234567890123}',
      },
    ]);
  });

  it("assembles a server tool use from input_json_delta into the block a JSON body holds, one provider delta at its stop", () => {
    const { machine, deltas } = feed([
      start,
      blockStart(0, { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} }),
      blockDelta(0, { type: "input_json_delta", partial_json: "" }),
      blockDelta(0, { type: "input_json_delta", partial_json: '{"query": "wea' }),
      blockDelta(0, { type: "input_json_delta", partial_json: 'ther Paris"}' }),
      blockStop(0),
      blockStart(1, SEARCH_RESULT),
      blockStop(1),
      blockStart(2, { type: "text", text: "" }),
      blockDelta(2, { type: "text_delta", text: "Sunny." }),
      blockDelta(2, {
        type: "citations_delta",
        citation: { type: "web_search_result_location", url: "https://example.com/paris" },
      }),
      blockStop(2),
      ...stop,
    ]);
    expect(deltas).toEqual([
      { type: "provider", index: 0, provider: "anthropic", value: SEARCH_USE },
      { type: "provider", index: 1, provider: "anthropic", value: SEARCH_RESULT },
      { type: "text", index: 2, text: "Sunny." },
    ]);
    const generated = parseResponse({
      content: [SEARCH_USE, SEARCH_RESULT, { type: "text", text: "Sunny." }],
      usage: { input_tokens: 7, output_tokens: 9 },
      stop_reason: "tool_use",
      id: "m",
      model: "c",
    });
    expect(machine.finish()).toEqual(generated);
  });

  it("opens no part for a thinking block that never gets text or a signature", () => {
    const { machine, deltas } = feed([
      start,
      blockStart(0, { type: "thinking", thinking: "", signature: "" }),
      blockDelta(0, { type: "thinking_delta", thinking: "" }),
      blockStop(0),
      blockStart(1, { type: "text", text: "" }),
      blockDelta(1, { type: "text_delta", text: "hi" }),
      blockStop(1),
      ...stop,
    ]);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "hi" }]);
    expect(machine.finish().message.content).toEqual([{ type: "text", text: "hi" }]);
  });

  it("keeps cache counts of 0 from message_start", () => {
    const { machine } = feed([
      rec({
        type: "message_start",
        message: {
          content: [],
          usage: {
            input_tokens: 7,
            output_tokens: 1,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        },
      }),
      ...stop,
    ]);
    expect(machine.finish().usage).toEqual({
      inputTokens: 7,
      outputTokens: 9,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it("treats a stream cut before message_stop as a StreamError carrying what arrived", () => {
    const { machine } = feed(full.slice(0, 6));
    const error = thrown(() => machine.finish());
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).partial?.message.content).toEqual([
      { type: "thinking", text: "a b", provider: "anthropic" },
    ]);
  });

  it("shows the raw argument fragments of an unfinished tool call in partial", () => {
    const { machine } = feed(full.slice(0, 17));
    expect(machine.partial().message.content).toEqual([
      { type: "thinking", text: "a b", signature: "SIG+/=", provider: "anthropic" },
      { type: "thinking", redacted: "RED", provider: "anthropic" },
      { type: "text", text: "Hi there" },
      { type: "tool-call", id: "toolu_1", name: "w", arguments: '{"city": ' },
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
