import { describe, expect, it } from "vitest";
import { HistoryError, StreamError } from "../../src/core/errors.js";
import { partsOf } from "../../src/core/parts.js";
import type { Delta, Model, ModelResponse } from "../../src/core/types.js";
import { validateHistory } from "../../src/core/validate.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { createModelStream, NO_DELTAS } from "../../src/send/model-stream.js";
import { encodeFrame } from "../providers/bedrock/frames.js";
import { accumulate, call, REQUEST, withoutTags } from "./calls.js";

const served = (contentType: string) => (body: string | Uint8Array) => async () =>
  new Response(body as BodyInit, { headers: { "content-type": contentType } });
const sseBody = served("text/event-stream");

const anthropicOver = (body: string) =>
  anthropic.create({
    apiKey: "sk-ant-test-0123456789",
    model: "m",
    maxTokens: 10,
    fetch: sseBody(body),
  });
const bedrockOver = (body: Uint8Array) =>
  bedrock.create({
    region: "us-east-1",
    model: "m",
    apiKey: "ABSK-test-0123456789",
    fetch: served("application/vnd.amazon.eventstream")(body),
  });
const geminiOver = (body: string) =>
  gemini.create({ apiKey: "AIza-test-0123456789", model: "m", fetch: sseBody(body) });
const openaiOver = (body: string) =>
  openai.create({ apiKey: "sk-test-0123456789", model: "m", fetch: sseBody(body) });
const responsesOver = (body: string) =>
  openai.create({
    apiKey: "sk-test-0123456789",
    model: "m",
    api: "responses",
    fetch: sseBody(body),
  });

// Anthropic Messages SSE.
const sse = (...events: object[]) =>
  events
    .map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`)
    .join("");
const START = {
  type: "message_start",
  message: {
    id: "m",
    type: "message",
    role: "assistant",
    content: [],
    usage: { input_tokens: 1, output_tokens: 1 },
  },
};
const END = [
  { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
  { type: "message_stop" },
];
const blockStart = (index: number, content_block: object) => ({
  type: "content_block_start",
  index,
  content_block,
});
const blockDelta = (index: number, delta: object) => ({
  type: "content_block_delta",
  index,
  delta,
});
const blockStop = (index: number) => ({ type: "content_block_stop", index });
const THINKING = blockStart(0, { type: "thinking", thinking: "", signature: "" });
const TEXT = blockStart(0, { type: "text", text: "" });
const TOOL = blockStart(0, { type: "tool_use", id: "toolu_1", name: "weather", input: {} });
const anthropicStream = (...events: object[]) => anthropicOver(sse(START, ...events, ...END));

// Bedrock ConverseStream frames.
const frame = (type: string, payload: object) =>
  encodeFrame(
    { ":message-type": "event", ":event-type": type, ":content-type": "application/json" },
    JSON.stringify(payload),
  );
const bedrockStream = (...frames: [string, object][]) =>
  bedrockOver(
    new Uint8Array(
      Buffer.concat([
        frame("messageStart", { role: "assistant" }),
        ...frames.map(([type, payload]) => frame(type, payload)),
        frame("messageStop", { stopReason: "end_turn" }),
        frame("metadata", { usage: { inputTokens: 1, outputTokens: 1 } }),
      ]),
    ),
  );
const toolStart = (toolUse: object) =>
  ["contentBlockStart", { contentBlockIndex: 0, start: { toolUse } }] as [string, object];
const reasoning = (reasoningContent: object) =>
  ["contentBlockDelta", { contentBlockIndex: 0, delta: { reasoningContent } }] as [string, object];

// Gemini, one part per chunk; the last chunk finishes.
const geminiStream = (...parts: object[]) =>
  geminiOver(
    [
      ...parts.map((p) => ({ candidates: [{ content: { role: "model", parts: [p] } }] })),
      {
        candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP" }],
      },
    ]
      .map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`)
      .join(""),
  );

// OpenAI Chat Completions and Responses.
const chatStream = (...deltas: object[]) => {
  const chunks = [
    ...deltas.map((delta) => ({ choices: [{ index: 0, delta }] })),
    { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  ];
  return openaiOver(
    `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`,
  );
};
const responsesStream = (...items: object[]) =>
  responsesOver(
    [
      ...items.map((item, i) => ({ type: "response.output_item.done", output_index: i, item })),
      {
        type: "response.completed",
        response: { status: "completed", usage: { input_tokens: 1, output_tokens: 1 } },
      },
    ]
      .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
      .join(""),
  );

/** The stream must end in a StreamError naming the problem, never in a message history refuses. */
async function expectRefused(model: Model, problem: RegExp) {
  const result = await call(model, "stream");
  if (result.error === undefined) {
    // What resolved must at least be a message the next turn accepts (it is not: fail).
    expect(() => validateHistory([...REQUEST.messages, result.response!.message])).not.toThrow();
    expect.fail(`resolved with ${JSON.stringify(result.response?.message)}`);
  }
  expect(result.error).toBeInstanceOf(StreamError);
  expect((result.error as Error).message).toMatch(problem);
  expect(result.responseError).toBe(result.error);
  expect((result.error as StreamError).partial).toBeDefined();
  // No delta handed out a value of the wrong type before the refusal.
  for (const d of result.deltas) expect(deltaTypesOK(d)).toBe(true);
}

function deltaTypesOK(d: Delta): boolean {
  if (d.type === "provider") return typeof d.provider === "string";
  const fields = d as { text?: unknown; signature?: unknown; redacted?: unknown } & {
    id?: unknown;
    name?: unknown;
    arguments?: unknown;
  };
  const strings = [fields.text, fields.signature, fields.redacted];
  strings.push(fields.id, fields.name, fields.arguments);
  return (
    Number.isInteger(d.index) && strings.every((s) => s === undefined || typeof s === "string")
  );
}

describe("the anthropic stream state, given records that break the protocol", () => {
  it.each<[string, object[], RegExp]>([
    [
      "a block started twice (it would leave an empty unsigned thinking block)",
      [
        THINKING,
        THINKING,
        blockDelta(0, { type: "signature_delta", signature: "sig" }),
        blockStop(0),
      ],
      /^anthropic: content_block_start for block 0, which already started$/,
    ],
    [
      "a tool_use without an id",
      [blockStart(0, { type: "tool_use", name: "weather", input: {} }), blockStop(0)],
      /^anthropic: content_block_start for block 0 without a non-empty `id`$/,
    ],
    [
      "a tool_use with an empty name",
      [blockStart(0, { type: "tool_use", id: "toolu_1", name: "", input: {} }), blockStop(0)],
      /^anthropic: content_block_start for block 0 without a non-empty `name`$/,
    ],
    [
      "a redacted_thinking block without data",
      [blockStart(0, { type: "redacted_thinking" }), blockStop(0)],
      /^anthropic: content_block_start for block 0 without a non-empty `data`$/,
    ],
    [
      "a thinking block that starts with a number",
      [blockStart(0, { type: "thinking", thinking: 7, signature: "" }), blockStop(0)],
      /^anthropic: content_block_start for block 0 without a string `thinking`$/,
    ],
    [
      "a text_delta without text",
      [TEXT, blockDelta(0, { type: "text_delta" }), blockStop(0)],
      /^anthropic: text_delta for block 0 without a string `text`$/,
    ],
    [
      "a thinking_delta whose thinking is not a string",
      [THINKING, blockDelta(0, { type: "thinking_delta", thinking: ["a"] }), blockStop(0)],
      /^anthropic: thinking_delta for block 0 without a string `thinking`$/,
    ],
    [
      "a signature_delta whose signature is not a string",
      [
        THINKING,
        blockDelta(0, { type: "thinking_delta", thinking: "a" }),
        blockDelta(0, { type: "signature_delta", signature: 42 }),
        blockStop(0),
      ],
      /^anthropic: signature_delta for block 0 without a non-empty `signature`$/,
    ],
    [
      "an input_json_delta without partial_json",
      [TOOL, blockDelta(0, { type: "input_json_delta", partial_json: null }), blockStop(0)],
      /^anthropic: input_json_delta for block 0 without a string `partial_json`$/,
    ],
  ])("refuses %s", async (_what, events, problem) => {
    await expectRefused(anthropicStream(...events), problem);
  });

  it("drops a thinking block that gets neither text nor a signature, as generate does", async () => {
    // It carries no evidence; 0.1 refused it in a stream but dropped it in generate.
    const result = await call(anthropicStream(THINKING, blockStop(0)), "stream");
    expect(result.error).toBeUndefined();
    expect(result.response?.message).toEqual({ role: "assistant", content: [] });
    expect(result.deltas).toEqual([]);
  });

  it("still finishes a well-formed stream with a message history accepts", async () => {
    const result = await call(
      anthropicStream(
        THINKING,
        blockDelta(0, { type: "thinking_delta", thinking: "hm" }),
        blockDelta(0, { type: "signature_delta", signature: "sig" }),
        blockStop(0),
        blockStart(1, { type: "text", text: "" }),
        blockDelta(1, { type: "text_delta", text: "Hi" }),
        blockStop(1),
      ),
      "stream",
    );
    const message = result.response!.message;
    expect(message).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", text: "hm", signature: "sig", provider: "anthropic" },
        { type: "text", text: "Hi" },
      ],
    });
    expect(() => validateHistory([...REQUEST.messages, message])).not.toThrow();
    expect(accumulate(result.deltas)).toEqual(withoutTags(partsOf(message)));
  });
});

describe("the bedrock stream state, given records that break the protocol", () => {
  it.each<[string, [string, object][], RegExp]>([
    [
      "a toolUse start without a name",
      [toolStart({ toolUseId: "t1" }), ["contentBlockStop", { contentBlockIndex: 0 }]],
      /^bedrock: contentBlockStart for block 0 without a non-empty `toolUse.name`$/,
    ],
    [
      "a toolUse start without a toolUseId",
      [toolStart({ name: "weather" }), ["contentBlockStop", { contentBlockIndex: 0 }]],
      /^bedrock: contentBlockStart for block 0 without a non-empty `toolUse.toolUseId`$/,
    ],
    [
      "a block started twice",
      [
        toolStart({ toolUseId: "t1", name: "weather" }),
        toolStart({ toolUseId: "t2", name: "weather" }),
      ],
      /^bedrock: contentBlockStart for block 0, which already started$/,
    ],
    [
      "a reasoning signature that is not a string",
      [reasoning({ text: "hm" }), reasoning({ signature: 42 })],
      /^bedrock: contentBlockDelta for block 0 without a string `reasoningContent.signature`$/,
    ],
    [
      "reasoning text that is not a string",
      [reasoning({ text: ["hm"] })],
      /^bedrock: contentBlockDelta for block 0 without a string `reasoningContent.text`$/,
    ],
    [
      "a redacted payload that is not a string",
      [reasoning({ redactedContent: { bytes: 1 } })],
      /^bedrock: contentBlockDelta for block 0 without a string `reasoningContent.redactedContent`$/,
    ],
  ])("refuses %s", async (_what, frames, problem) => {
    await expectRefused(bedrockStream(...frames), problem);
  });
});

describe("the gemini stream state, given parts that break the protocol", () => {
  it.each<[string, object[], RegExp]>([
    [
      "a thought signature that is not a string",
      [{ text: "hm", thought: true, thoughtSignature: 42 }],
      /^gemini: a part without a non-empty string `thoughtSignature`$/,
    ],
    [
      "an empty signature on a text part",
      [{ text: "Hi", thoughtSignature: "" }],
      /^gemini: a part without a non-empty string `thoughtSignature`$/,
    ],
    [
      "a functionCall with an empty name",
      [{ functionCall: { name: "", args: {} } }],
      /^gemini: a functionCall part without a non-empty string `name`$/,
    ],
    [
      "a functionCall with an id that is not a string",
      [{ functionCall: { id: 7, name: "weather", args: {} } }],
      /^gemini: a functionCall part without a non-empty string `id`$/,
    ],
    [
      "a text that is not a string",
      [{ text: { value: "Hi" } }],
      /^gemini: a part without a string `text`$/,
    ],
  ])("refuses %s", async (_what, parts, problem) => {
    await expectRefused(geminiStream(...parts), problem);
  });
});

// These states already refused calls without an id or a name; kept as guards.
describe("the openai stream states, given calls that break the protocol", () => {
  it("chat completions: refuses a tool call without a function name", async () => {
    await expectRefused(
      chatStream({
        tool_calls: [{ index: 0, id: "call_1", function: { name: 7, arguments: "{}" } }],
      }),
      /^openai streamed tool call 0 without a function name$/,
    );
  });

  it("responses: refuses a function call without a call_id", async () => {
    await expectRefused(
      responsesStream({ type: "function_call", call_id: 7, name: "weather", arguments: "{}" }),
      /^openai streamed function call 0 without a call_id$/,
    );
  });
});

describe("the stream's net at finish", () => {
  const partial = (content: string): ModelResponse => ({
    message: {
      role: "assistant",
      content: [
        ...(content ? [{ type: "text" as const, text: content }] : []),
        { type: "tool-call", id: "", name: "w", arguments: "{}" },
      ],
    },
    usage: { inputTokens: 0, outputTokens: 0 },
    stopReason: "tool_use",
  });

  it.each(["iterating", "awaiting response"])(
    "refuses a final message history would refuse, with it as partial and the reason as cause (%s)",
    async (how) => {
      const final = partial("done");
      const batches = [["a record"]];
      const stream = createModelStream<string>(async () => ({
        reader: { read: async () => batches.shift(), cancel: async () => {} },
        machine: { push: () => NO_DELTAS, finish: () => final, partial: () => partial("so far") },
        release: () => {},
      }));
      let error: unknown;
      if (how === "iterating") {
        try {
          for await (const _ of stream);
        } catch (e) {
          error = e;
        }
      }
      const settled = await stream.response.then(
        () => undefined,
        (e: unknown) => e,
      );
      error ??= settled;
      expect(settled).toBe(error);
      expect(error).toBeInstanceOf(StreamError);
      expect((error as Error).message).toBe(
        "the stream made a message golem cannot keep: messages[0]: content[1] has no id",
      );
      expect((error as StreamError).partial).toBe(final);
      expect((error as Error).cause).toBeInstanceOf(HistoryError);
    },
  );
});
