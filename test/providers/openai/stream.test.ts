import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields, StreamError } from "../../../src/core/errors.js";
import { toolCallsOf } from "../../../src/core/parts.js";
import type { Delta } from "../../../src/core/types.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponse } from "../../../src/wires/openai-chat/response.js";
import { createStreamState } from "../../../src/wires/openai-chat/stream.js";
import { chatCalls } from "../../helpers/chat-calls.js";
import { expectAPIError, thrown } from "../../helpers/errors.js";
import { reasonedText, responseOf } from "../../helpers/responses.js";

class TestAPIError extends APIError {}

function machine(provider = "openai") {
  return createStreamState(
    (fields: APIErrorFields) => new TestAPIError(fields),
    "req_s1",
    provider,
  );
}

const rec = (data: object | string, event?: string): SSERecord => {
  const r: SSERecord = {
    data: typeof data === "string" ? data : JSON.stringify(data),
    id: undefined,
    event: undefined,
  };
  if (event !== undefined) r.event = event;
  return r;
};
const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
  rec({
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });

function feed(records: SSERecord[], provider = "openai") {
  const m = machine(provider);
  const deltas: Delta[] = [];
  for (const r of records) deltas.push(...m.push(r));
  return { m, deltas };
}

// Two tool calls by index, then a usage-only chunk and [DONE].
const SPEC_B4 = [
  chunk({ role: "assistant", content: null }),
  chunk({
    tool_calls: [
      { index: 0, id: "call_a", type: "function", function: { name: "lookup", arguments: "" } },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"1009"}' } }] }),
  chunk({
    tool_calls: [
      { index: 1, id: "call_b", type: "function", function: { name: "lookup", arguments: "" } },
    ],
  }),
  chunk({ tool_calls: [{ index: 1, function: { arguments: '{"q":"7"}' } }] }),
  chunk({}, "tool_calls"),
  rec({
    object: "chat.completion.chunk",
    choices: [],
    usage: {
      prompt_tokens: 40,
      completion_tokens: 230,
      total_tokens: 270,
      completion_tokens_details: { reasoning_tokens: 192 },
    },
  }),
  rec("[DONE]"),
];

describe("openai stream state", () => {
  it("assembles tool calls by index and emits their fragments with the final positions", () => {
    const { m, deltas } = feed(SPEC_B4);
    expect(deltas).toEqual([
      { type: "tool-call", index: 0, id: "call_a", name: "lookup" },
      { type: "tool-call", index: 0, arguments: '{"q":' },
      { type: "tool-call", index: 0, arguments: '"1009"}' },
      { type: "tool-call", index: 1, id: "call_b", name: "lookup" },
      { type: "tool-call", index: 1, arguments: '{"q":"7"}' },
    ]);
    expect(m.finish()).toEqual({
      message: {
        role: "assistant",
        content: [
          { type: "tool-call", id: "call_a", name: "lookup", arguments: '{"q":"1009"}' },
          { type: "tool-call", id: "call_b", name: "lookup", arguments: '{"q":"7"}' },
        ],
      },
      usage: { inputTokens: 40, outputTokens: 230, reasoningTokens: 192 },
      stopReason: "tool_calls",
    });
  });

  it("streams reasoning before text as thinking part 0, tagged with the provider", () => {
    const { m, deltas } = feed(
      [
        chunk({ role: "assistant", content: null, reasoning_content: "" }),
        chunk({ content: null, reasoning_content: "The" }),
        chunk({ content: null, reasoning_content: " user" }),
        chunk({ content: "Hi", reasoning_content: null }),
        chunk({ content: "!" }, "stop", { usage: { prompt_tokens: 3, completion_tokens: 4 } }),
        rec("[DONE]"),
      ],
      "azure",
    );
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: "The" },
      { type: "thinking", index: 0, text: " user" },
      { type: "text", index: 1, text: "Hi" },
      { type: "text", index: 1, text: "!" },
    ]);
    expect(m.finish()).toEqual(
      responseOf(
        reasonedText("The user", "Hi!", "azure"),
        { inputTokens: 3, outputTokens: 4 },
        "stop",
      ),
    );
  });

  it("reads delta.reasoning as vLLM and OpenRouter stream it", () => {
    const { deltas } = feed([chunk({ reasoning: "hm" })]);
    expect(deltas).toEqual([{ type: "thinking", index: 0, text: "hm" }]);
  });

  it("ends the same as parseResponse of the same content", () => {
    const { m } = feed(SPEC_B4);
    const body = {
      choices: [
        {
          index: 0,
          message: chatCalls(
            ["call_a", "lookup", '{"q":"1009"}'],
            ["call_b", "lookup", '{"q":"7"}'],
          ),
          finish_reason: "tool_calls",
        },
      ],
      usage: {
        prompt_tokens: 40,
        completion_tokens: 230,
        total_tokens: 270,
        completion_tokens_details: { reasoning_tokens: 192 },
      },
    };
    expect(m.finish()).toEqual(parseResponse(body, "openai"));
  });

  it("opens reasoning, text and calls in that order, each delta at its final index", () => {
    const big = '{"id": 123456789012345678901234567890, "tags" : [ ]}';
    const { m, deltas } = feed([
      chunk({ role: "assistant", content: "", reasoning_content: "Look" }),
      chunk({ content: null, reasoning_content: " it up." }),
      chunk({ content: "One " }),
      chunk({ content: "moment." }),
      chunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "lookup", arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: big.slice(0, 20) } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: big.slice(20) } }] }),
      chunk({ tool_calls: [{ index: 1, id: "c2", function: { name: "now", arguments: "" } }] }),
      chunk({}, "tool_calls", {
        usage: {
          prompt_tokens: 9,
          completion_tokens: 7,
          prompt_tokens_details: { cached_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0 },
        },
      }),
      rec("[DONE]"),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: "Look" },
      { type: "thinking", index: 0, text: " it up." },
      { type: "text", index: 1, text: "One " },
      { type: "text", index: 1, text: "moment." },
      { type: "tool-call", index: 2, id: "c1", name: "lookup" },
      { type: "tool-call", index: 2, arguments: big.slice(0, 20) },
      { type: "tool-call", index: 2, arguments: big.slice(20) },
      { type: "tool-call", index: 3, id: "c2", name: "now" },
    ]);
    const final = m.finish();
    expect(JSON.stringify(final)).toBe(
      JSON.stringify({
        message: {
          role: "assistant",
          content: [
            { type: "thinking", text: "Look it up.", provider: "openai" },
            { type: "text", text: "One moment." },
            { type: "tool-call", id: "c1", name: "lookup", arguments: big },
            { type: "tool-call", id: "c2", name: "now", arguments: "" },
          ],
        },
        usage: { inputTokens: 9, outputTokens: 7, reasoningTokens: 0, cacheReadTokens: 0 },
        stopReason: "tool_calls",
      }),
    );
    const body = {
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "One moment.",
            reasoning_content: "Look it up.",
            tool_calls: [
              { id: "c1", type: "function", function: { name: "lookup", arguments: big } },
              { id: "c2", type: "function", function: { name: "now", arguments: "" } },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: {
        prompt_tokens: 9,
        completion_tokens: 7,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    };
    expect(final).toEqual(parseResponse(body));
  });

  it("keeps text that arrives after a call in the text part it opened", () => {
    const { m, deltas } = feed([
      chunk({ content: "a" }),
      chunk({ tool_calls: [{ index: 0, id: "c", function: { name: "f", arguments: "{}" } }] }),
      chunk({ content: "b" }, "tool_calls"),
    ]);
    expect(deltas.at(-1)).toEqual({ type: "text", index: 0, text: "b" });
    expect(m.finish().message.content).toEqual([
      { type: "text", text: "ab" },
      { type: "tool-call", id: "c", name: "f", arguments: "{}" },
    ]);
  });

  it("takes a name that arrives after the first fragment, and ignores repeated ids and names", () => {
    const { m, deltas } = feed([
      chunk({ tool_calls: [{ index: 0, id: "c1", function: { arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "f", arguments: "{" } }] }),
      chunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "f", arguments: "}" } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(deltas).toEqual([
      { type: "tool-call", index: 0, id: "c1" },
      { type: "tool-call", index: 0, name: "f", arguments: "{" },
      { type: "tool-call", index: 0, arguments: "}" },
    ]);
    expect(m.finish().message.content).toEqual([
      { type: "tool-call", id: "c1", name: "f", arguments: "{}" },
    ]);
  });

  it("keeps interleaved fragments of parallel calls apart", () => {
    const { m } = feed([
      chunk({ tool_calls: [{ index: 0, id: "a", function: { name: "f", arguments: '{"x":' } }] }),
      chunk({ tool_calls: [{ index: 1, id: "b", function: { name: "g", arguments: '{"y":' } }] }),
      chunk({
        tool_calls: [
          { index: 0, function: { arguments: "1}" } },
          { index: 1, function: { arguments: "2}" } },
        ],
      }),
      chunk({}, "tool_calls"),
    ]);
    expect(m.finish().message.content).toEqual([
      { type: "tool-call", id: "a", name: "f", arguments: '{"x":1}' },
      { type: "tool-call", id: "b", name: "g", arguments: '{"y":2}' },
    ]);
  });

  it("numbers calls by arrival when the server's indexes do not start at 0", () => {
    const { deltas } = feed([
      chunk({ tool_calls: [{ index: 3, id: "a", function: { name: "f" } }] }),
    ]);
    expect(deltas).toEqual([{ type: "tool-call", index: 0, id: "a", name: "f" }]);
  });

  it("keys fragments without an index by their id", () => {
    const { m } = feed([
      chunk({ tool_calls: [{ id: "a", function: { name: "f", arguments: "{}" } }] }),
      chunk({ tool_calls: [{ id: "b", function: { name: "g", arguments: "{}" } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(toolCallsOf(m.finish().message).map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("tolerates Azure's prompt_filter_results chunk, filter results and null fields", () => {
    const { m, deltas } = feed([
      rec({
        choices: [],
        created: 0,
        id: "",
        model: "",
        object: "",
        prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }],
      }),
      chunk({ role: "assistant", content: "", refusal: null, tool_calls: null }, null, {
        usage: null,
      }),
      rec({
        choices: [
          { index: 0, content_filter_results: {}, delta: { content: "ok" }, finish_reason: null },
        ],
      }),
      rec({
        choices: [
          {
            index: 0,
            content_filter_results: { hate: { filtered: false } },
            delta: {},
            finish_reason: "stop",
          },
        ],
      }),
      rec("[DONE]"),
    ]);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "ok" }]);
    expect(m.finish().message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
    });
  });

  it("completes at [DONE] even without a finish_reason, and ignores what follows", () => {
    const { m } = feed([chunk({ content: "a" }), rec("[DONE]"), chunk({ content: "b" })]);
    expect(m.finish()).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "a" }] },
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: "",
    });
  });

  it("completes at a finish_reason when the server sends no [DONE]", () => {
    const { m } = feed([chunk({ content: "a" }, "stop")]);
    expect(m.finish().stopReason).toBe("stop");
  });

  it("is a StreamError with the partial response when it ends without [DONE] or finish_reason", () => {
    const { m } = feed([chunk({ reasoning_content: "thinking" }), chunk({ content: "par" })]);
    const error = thrown(() => m.finish());
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toMatch(/ended before \[DONE\]/);
    expect((error as StreamError).partial).toEqual(responseOf(reasonedText("thinking", "par")));
  });

  it("is a StreamError when a streamed tool call never got its id or name", () => {
    const { m } = feed([
      chunk({ tool_calls: [{ index: 0, function: { arguments: "{}" } }] }, "tool_calls"),
    ]);
    expect(() => m.finish()).toThrow(/tool call 0 without an id/);
  });

  it("throws the provider's APIError for an error object inside the stream", () => {
    const m = machine();
    m.push(chunk({ content: "so far" }));
    const error = thrown(() =>
      m.push(
        rec({
          error: {
            message: "The server had an error",
            type: "server_error",
            param: null,
            code: null,
          },
        }),
      ),
    );
    expectAPIError(error, TestAPIError, {
      provider: "openai",
      status: 200,
      type: "server_error",
      requestId: "req_s1",
      retryable: false,
    });
    expect((error as Error).message).toContain("The server had an error");
    expect(m.partial().message.content).toEqual([{ type: "text", text: "so far" }]);
  });

  it("throws the provider's APIError for an SSE event named error", () => {
    const m = machine();
    expect(() =>
      m.push(rec('{"error":{"message":"content_filter","code":"content_filter"}}', "error")),
    ).toThrow(TestAPIError);
    expect(() => machine().push(rec("overloaded", "error"))).toThrow(/overloaded/);
  });

  it("throws a SyntaxError for bad JSON (the model stream wraps it into a StreamError)", () => {
    expect(() => machine().push(rec("{not json"))).toThrow(SyntaxError);
  });

  it("skips empty data lines", () => {
    expect(machine().push(rec(""))).toEqual([]);
  });

  it("hands out partial tool calls as copies", () => {
    const m = machine();
    m.push(chunk({ tool_calls: [{ index: 0, id: "a", function: { name: "f", arguments: "{" } }] }));
    const before = m.partial();
    m.push(chunk({ tool_calls: [{ index: 0, function: { arguments: "}" } }] }));
    expect(before.message.content).toEqual([
      { type: "tool-call", id: "a", name: "f", arguments: "{" },
    ]);
  });
});
