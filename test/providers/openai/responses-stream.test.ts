import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields, StreamError } from "../../../src/core/errors.js";
import { textOf, thinkingOf } from "../../../src/core/parts.js";
import type { Delta } from "../../../src/core/types.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponsesResponse } from "../../../src/wires/openai-responses/response.js";
import { createResponsesStreamState } from "../../../src/wires/openai-responses/stream.js";
import { pieces } from "../../helpers/deltas.js";
import { expectAPIError, thrown } from "../../helpers/errors.js";
import {
  ARGS,
  CALL,
  messageItem,
  PLAN,
  REASONING,
  summary as summaryTexts,
  USAGE,
} from "../../wires/openai-responses/items.js";

class TestAPIError extends APIError {}

function machine(provider = "openai") {
  return createResponsesStreamState({
    provider,
    requestId: "req_r1",
    toError: (fields: APIErrorFields) => new TestAPIError(fields),
  });
}

let seq = 0;
/** One SSE record as OpenAI sends it: `event:` repeats the data's `type`. */
const ev = (type: string, fields: object = {}, withEventLine = true): SSERecord => ({
  event: withEventLine ? type : undefined,
  data: JSON.stringify({ type, sequence_number: seq++, ...fields }),
  id: undefined,
});

function feed(records: SSERecord[], provider = "openai") {
  const m = machine(provider);
  const deltas: Delta[] = [];
  for (const r of records) deltas.push(...m.push(r));
  return { m, deltas };
}

const COMPLETED = { id: "resp_01", status: "completed", output: [REASONING, CALL], usage: USAGE };
const rs = { item_id: "rs_01", output_index: 0 };
const fc1 = { item_id: "fc_01", output_index: 1 };

// The "reasoning summary -> function call" event sequence, deltas filled in.
const SPEC_C5 = [
  ev("response.created", { response: { id: "resp_01", status: "in_progress", output: [] } }),
  ev("response.in_progress", { response: { id: "resp_01", status: "in_progress" } }),
  ev("response.output_item.added", {
    output_index: 0,
    item: { id: "rs_01", type: "reasoning", summary: [], encrypted_content: "gAAAAB-partial" },
  }),
  ev("response.reasoning_summary_part.added", {
    ...rs,
    summary_index: 0,
    part: { type: "summary_text", text: "" },
  }),
  ev("response.reasoning_summary_text.delta", { ...rs, summary_index: 0, delta: "**Plan**" }),
  ev("response.reasoning_summary_text.delta", {
    ...rs,
    summary_index: 0,
    delta: "\n\nAdd first, then multiply.",
    obfuscation: "k2Jd",
  }),
  ev("response.reasoning_summary_text.done", { ...rs, summary_index: 0, text: PLAN }),
  ev("response.reasoning_summary_part.done", {
    ...rs,
    summary_index: 0,
    part: { type: "summary_text", text: PLAN },
  }),
  ev("response.output_item.done", { output_index: 0, item: REASONING }),
  ev("response.output_item.added", {
    output_index: 1,
    item: { ...CALL, status: "in_progress", arguments: "" },
  }),
  ev("response.function_call_arguments.delta", { ...fc1, delta: '{"a":12,' }),
  ev("response.function_call_arguments.delta", { ...fc1, delta: '"b":7,"op":"add"}' }),
  ev("response.function_call_arguments.done", { ...fc1, arguments: ARGS }),
  ev("response.output_item.done", { output_index: 1, item: CALL }),
  ev("response.completed", { response: COMPLETED }),
];

describe("createResponsesStreamState", () => {
  it("streams summary text, the signature at item done, then the call", () => {
    const { m, deltas } = feed(SPEC_C5);
    expect(deltas).toEqual([
      ...pieces("thinking", 0, "**Plan**", "\n\nAdd first, then multiply."),
      { type: "thinking", index: 0, signature: "gAAAAB-enc1" },
      { type: "tool-call", index: 1, id: "call_1", name: "calc" },
      { type: "tool-call", index: 1, arguments: '{"a":12,' },
      { type: "tool-call", index: 1, arguments: '"b":7,"op":"add"}' },
    ]);
    expect(m.finish()).toEqual(parseResponsesResponse(COMPLETED, "openai"));
  });

  it("takes encrypted_content from output_item.done, never the partial one of .added", () => {
    const { m } = feed(SPEC_C5);
    expect(thinkingOf(m.finish().message)[0]?.signature).toBe("gAAAAB-enc1");
    const early = feed(SPEC_C5.slice(0, 6));
    expect(early.m.partial().message.content).toEqual([
      { type: "thinking", text: PLAN, provider: "openai-responses" },
    ]);
  });

  it("dispatches on the data's type, with or without event: lines", () => {
    const bare = SPEC_C5.map((r) => ({ ...r, event: undefined }));
    expect(feed(bare).m.finish()).toEqual(parseResponsesResponse(COMPLETED, "openai"));
  });

  it("keeps each summary part as its own thinking part and signs the first at item done", () => {
    const two = {
      ...REASONING,
      summary: [
        { type: "summary_text", text: "**One**\n\nA." },
        { type: "summary_text", text: "**Two**\n\nB." },
      ],
    };
    const { m, deltas } = feed([
      ev("response.output_item.added", { output_index: 0, item: { ...two, summary: [] } }),
      ev("response.reasoning_summary_part.added", { ...rs, summary_index: 0 }),
      ev("response.reasoning_summary_text.delta", {
        ...rs,
        summary_index: 0,
        delta: "**One**\n\nA.",
      }),
      ev("response.reasoning_summary_part.added", { ...rs, summary_index: 1 }),
      ev("response.reasoning_summary_text.delta", { ...rs, summary_index: 1, delta: "**Two**" }),
      ev("response.reasoning_summary_text.delta", { ...rs, summary_index: 1, delta: "\n\nB." }),
      ev("response.output_item.done", { output_index: 0, item: two }),
      ev("response.completed", { response: { status: "completed", output: [two] } }),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: "**One**\n\nA." },
      ...pieces("thinking", 1, "**Two**", "\n\nB."),
      { type: "thinking", index: 0, signature: "gAAAAB-enc1" },
    ]);
    expect(m.finish().message.content).toEqual([
      {
        type: "thinking",
        text: "**One**\n\nA.",
        signature: "gAAAAB-enc1",
        provider: "openai-responses",
      },
      { type: "thinking", text: "**Two**\n\nB.", provider: "openai-responses" },
    ]);
    expect(m.finish()).toEqual(
      parseResponsesResponse({ status: "completed", output: [two] }, "openai"),
    );
  });

  it("streams two multi-part reasoning items, phased messages and a web search as generate parses them", () => {
    const r1 = {
      id: "rs_1",
      type: "reasoning",
      summary: summaryTexts("**Search**\n\nLook it up.", "**Query**\n\nUse the news."),
      encrypted_content: "enc-r1",
    };
    const search = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "golem news" },
    };
    const note = messageItem("msg_1", "Searching.", "commentary");
    const r2 = {
      id: "rs_2",
      type: "reasoning",
      summary: summaryTexts("**Read**", "**Answer**"),
      encrypted_content: "enc-r2",
    };
    const answer = { ...note, id: "msg_2", phase: "final_answer", content: [] as unknown[] };
    const final = {
      ...answer,
      content: [{ type: "output_text", text: "Found it.", annotations: [] }],
    };
    const output = [r1, search, note, r2, final];
    const summary = (o: number, i: number, delta: string) =>
      ev("response.reasoning_summary_text.delta", { output_index: o, summary_index: i, delta });
    const text = (o: number, delta: string) =>
      ev("response.output_text.delta", { output_index: o, content_index: 0, delta });
    const { m, deltas } = feed([
      ev("response.output_item.added", { output_index: 0, item: { ...r1, summary: [] } }),
      summary(0, 0, "**Search**\n\nLook it up."),
      summary(0, 1, "**Query**"),
      summary(0, 1, "\n\nUse the news."),
      ev("response.output_item.done", { output_index: 0, item: r1 }),
      ev("response.output_item.added", {
        output_index: 1,
        item: { ...search, status: "in_progress" },
      }),
      ev("response.output_item.done", { output_index: 1, item: search }),
      ev("response.output_item.added", { output_index: 2, item: { ...note, content: [] } }),
      text(2, "Searching."),
      ev("response.output_item.done", { output_index: 2, item: note }),
      ev("response.output_item.added", { output_index: 3, item: { ...r2, summary: [] } }),
      summary(3, 0, "**Read**"),
      summary(3, 1, "**Answer**"),
      ev("response.output_item.done", { output_index: 3, item: r2 }),
      ev("response.output_item.added", { output_index: 4, item: answer }),
      text(4, "Found "),
      text(4, "it."),
      ev("response.output_item.done", { output_index: 4, item: final }),
      ev("response.completed", { response: { status: "completed", output, usage: USAGE } }),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: "**Search**\n\nLook it up." },
      ...pieces("thinking", 1, "**Query**", "\n\nUse the news."),
      { type: "thinking", index: 0, signature: "enc-r1" },
      { type: "provider", index: 2, provider: "openai-responses", value: search },
      { type: "text", index: 3, text: "Searching." },
      { type: "thinking", index: 4, text: "**Read**" },
      { type: "thinking", index: 5, text: "**Answer**" },
      { type: "thinking", index: 4, signature: "enc-r2" },
      ...pieces("text", 6, "Found ", "it."),
    ]);
    const res = m.finish();
    expect(res.message.content).toEqual([
      {
        type: "thinking",
        text: "**Search**\n\nLook it up.",
        signature: "enc-r1",
        provider: "openai-responses",
      },
      { type: "thinking", text: "**Query**\n\nUse the news.", provider: "openai-responses" },
      { type: "provider", provider: "openai-responses", value: search },
      { type: "text", text: "Searching.", phase: "commentary", provider: "openai-responses" },
      { type: "thinking", text: "**Read**", signature: "enc-r2", provider: "openai-responses" },
      { type: "thinking", text: "**Answer**", provider: "openai-responses" },
      { type: "text", text: "Found it.", phase: "final_answer", provider: "openai-responses" },
    ]);
    expect(res).toEqual(
      parseResponsesResponse({ status: "completed", output, usage: USAGE }, "openai"),
    );
  });

  it("takes a signature that only response.completed carries", () => {
    const item = { ...REASONING, encrypted_content: null };
    const { m, deltas } = feed([
      ev("response.reasoning_summary_text.delta", { ...rs, summary_index: 0, delta: PLAN }),
      ev("response.output_item.done", { output_index: 0, item }),
      ev("response.completed", { response: { status: "completed", output: [REASONING] } }),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: PLAN },
      { type: "thinking", index: 0, signature: "gAAAAB-enc1" },
    ]);
    expect(m.finish()).toEqual(
      parseResponsesResponse({ status: "completed", output: [REASONING] }, "openai"),
    );
  });

  it("gives a summary-less reasoning item one signature delta and a signed empty part", () => {
    const item = { id: "rs_2", type: "reasoning", summary: [], encrypted_content: "enc-2" };
    const { m, deltas } = feed([
      ev("response.output_item.added", {
        output_index: 0,
        item: { ...item, encrypted_content: null },
      }),
      ev("response.output_item.done", { output_index: 0, item }),
      ev("response.completed", { response: { status: "completed", output: [item], usage: USAGE } }),
    ]);
    expect(deltas).toEqual([{ type: "thinking", index: 0, signature: "enc-2" }]);
    expect(m.finish().message.content).toEqual([
      { type: "thinking", text: "", signature: "enc-2", provider: "openai-responses" },
    ]);
  });

  it("numbers parts by their place in the final message", () => {
    const a = { ...REASONING, id: "rs_a", encrypted_content: "enc-a" };
    const b = { ...REASONING, id: "rs_b", summary: [], encrypted_content: "enc-b" };
    const c2 = { ...CALL, id: "fc_2", call_id: "call_2", arguments: "{}" };
    const { m, deltas } = feed([
      ev("response.output_item.done", { output_index: 0, item: a }),
      ev("response.output_item.done", { output_index: 1, item: CALL }),
      ev("response.output_item.done", { output_index: 2, item: b }),
      ev("response.output_item.done", { output_index: 3, item: c2 }),
      ev("response.completed", { response: { status: "completed", output: [a, CALL, b, c2] } }),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: PLAN },
      { type: "thinking", index: 0, signature: "enc-a" },
      { type: "tool-call", index: 1, id: "call_1", name: "calc", arguments: ARGS },
      { type: "thinking", index: 2, signature: "enc-b" },
      { type: "tool-call", index: 3, id: "call_2", name: "calc", arguments: "{}" },
    ]);
    expect(m.finish()).toEqual(
      parseResponsesResponse({ status: "completed", output: [a, CALL, b, c2] }, "openai"),
    );
  });

  it("streams text deltas and ends with the text of the finished message items", () => {
    const msg = messageItem("msg_1", "It is 38.");
    const at = { item_id: "msg_1", output_index: 0, content_index: 0 };
    const { m, deltas } = feed([
      ev("response.output_item.added", { output_index: 0, item: { ...msg, content: [] } }),
      ev("response.content_part.added", { ...at, part: { type: "output_text", text: "" } }),
      ev("response.output_text.delta", { ...at, delta: "It is " }),
      ev("response.output_text.delta", { ...at, delta: "38." }),
      ev("response.output_text.done", { ...at, text: "It is 38." }),
      ev("response.output_item.done", { output_index: 0, item: msg }),
      ev("response.completed", { response: { status: "completed", output: [msg], usage: USAGE } }),
      { event: undefined, data: "[DONE]", id: undefined },
    ]);
    expect(deltas).toEqual([...pieces("text", 0, "It is ", "38.")]);
    expect(m.finish()).toEqual(
      parseResponsesResponse({ status: "completed", output: [msg], usage: USAGE }, "openai"),
    );
  });

  it("joins a thousand streamed pieces, then takes the finished items' text", () => {
    const pieces = Array.from({ length: 600 }, (_, i) => `s${i}é `);
    const words = Array.from({ length: 600 }, (_, i) => `w${i} `);
    const summary = `${pieces.join("")}tail`;
    const reasoning = { ...REASONING, summary: [{ type: "summary_text", text: summary }] };
    const at = { item_id: "msg_1", output_index: 1, content_index: 0 };
    const msg = messageItem("msg_1", words.join(""));
    const completed = { status: "completed", output: [reasoning, msg], usage: USAGE };
    const m = machine();
    const push = (...records: SSERecord[]) => records.flatMap((r) => [...m.push(r)]);
    push(
      ev("response.output_item.added", { output_index: 0, item: { ...REASONING, summary: [] } }),
      ev("response.reasoning_summary_part.added", { ...rs, summary_index: 0 }),
      ...pieces.map((delta) => ev("response.reasoning_summary_text.delta", { ...rs, delta })),
    );
    expect(m.partial().message.content).toEqual([
      { type: "thinking", text: pieces.join(""), provider: "openai-responses" },
    ]);
    expect(push(ev("response.output_item.done", { output_index: 0, item: reasoning }))).toEqual([
      { type: "thinking", index: 0, text: "tail" },
      { type: "thinking", index: 0, signature: "gAAAAB-enc1" },
    ]);
    push(
      ev("response.output_item.added", { output_index: 1, item: { ...msg, content: [] } }),
      ...words.map((delta) => ev("response.output_text.delta", { ...at, delta })),
    );
    expect(textOf(m.partial().message)).toBe(words.join(""));
    push(
      ev("response.output_item.done", { output_index: 1, item: msg }),
      ev("response.completed", { response: completed }),
    );
    const final = m.finish();
    // Same fields in the same order as before the text was joined in pieces.
    expect(JSON.stringify(final.message)).toBe(
      JSON.stringify({
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: summary,
            signature: "gAAAAB-enc1",
            provider: "openai-responses",
          },
          { type: "text", text: words.join("") },
        ],
      }),
    );
    expect(final).toEqual(parseResponsesResponse(completed, "openai"));
  });

  it("finishes an incomplete response with its reason as stop reason", () => {
    const { m } = feed([
      ev("response.output_item.done", { output_index: 0, item: REASONING }),
      ev("response.incomplete", {
        response: {
          status: "incomplete",
          incomplete_details: { reason: "max_output_tokens" },
          output: [REASONING],
          usage: USAGE,
        },
      }),
    ]);
    expect(m.finish()).toMatchObject({
      stopReason: "max_output_tokens",
      usage: { inputTokens: 134, outputTokens: 58, reasoningTokens: 30, cacheReadTokens: 0 },
    });
  });

  it("ignores unknown events and anything after the terminal event", () => {
    const { m, deltas } = feed([
      ev("response.queued"),
      ev("response.web_search_call.searching", { output_index: 0 }),
      ...SPEC_C5,
      ev("response.output_text.delta", { output_index: 9, delta: "late" }),
      ev("error", { code: "server_error", message: "late" }),
    ]);
    expect(deltas.some((d) => d.type === "text" && d.text === "late")).toBe(false);
    expect(m.finish()).toEqual(parseResponsesResponse(COMPLETED, "openai"));
  });

  it("throws StreamError with what arrived when the stream ends without a terminal event", () => {
    const { m } = feed(SPEC_C5.slice(0, 11));
    const error = thrown(() => m.finish());
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toMatch(/ended without response\.completed/);
    expect((error as StreamError).partial?.message).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", text: PLAN, signature: "gAAAAB-enc1", provider: "openai-responses" },
        { type: "tool-call", id: "call_1", name: "calc", arguments: '{"a":12,' },
      ],
    });
  });

  it("throws the provider's APIError for an error event of either shape", () => {
    const documented = feed([]).m;
    expect(() =>
      documented.push(ev("error", { code: "server_error", message: "Overloaded", param: null })),
    ).toThrow(TestAPIError);
    const captured = feed([]).m;
    const error = thrown(() =>
      captured.push(
        ev("error", {
          error: {
            type: "insufficient_quota",
            code: "insufficient_quota",
            message: "You exceeded your current quota",
            param: null,
          },
        }),
      ),
    );
    expect(error).toMatchObject({
      provider: "openai",
      status: 200,
      type: "insufficient_quota",
      requestId: "req_r1",
      retryable: false,
    });
    expect((error as Error).message).toBe(
      "openai 200 insufficient_quota: You exceeded your current quota (request id req_r1)",
    );
  });

  it("throws the provider's APIError for response.failed with its error code and message", () => {
    const { m } = feed(SPEC_C5.slice(0, 5), "azure");
    const error = thrown(() =>
      m.push(
        ev("response.failed", {
          response: {
            status: "failed",
            error: { code: "server_error", message: "The model failed to finish." },
          },
        }),
      ),
    );
    expectAPIError(error, TestAPIError, {
      provider: "azure",
      status: 200,
      type: "server_error",
      requestId: "req_r1",
      retryable: false,
    });
    expect((error as Error).message).toMatch(/The model failed to finish\./);
  });

  it("throws StreamError at the end for a call that never got a call_id", () => {
    const { m } = feed([
      ev("response.function_call_arguments.delta", { output_index: 0, delta: "{}" }),
      ev("response.completed", { response: { status: "completed", output: [] } }),
    ]);
    expect(() => m.finish()).toThrow("function call 0 without a call_id");
  });

  it("lets bad JSON surface from push (the transport wraps it into a StreamError)", () => {
    expect(() => machine().push({ event: undefined, data: "{not json", id: undefined })).toThrow(
      SyntaxError,
    );
  });
});
