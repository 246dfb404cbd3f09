import { describe, expect, it } from "vitest";
import {
  anthropicMessage,
  frameLines,
  geminiResponse,
  splitEvents,
} from "../../../scripts/import/sse.js";

describe("splitEvents", () => {
  it("cuts after every blank line, LF or CRLF, and keeps a tail without one", () => {
    expect(splitEvents("event: a\ndata: 1\n\ndata: 2\r\n\r\ndata: 3")).toEqual([
      "event: a\ndata: 1\n\n",
      "data: 2\r\n\r\n",
      "data: 3",
    ]);
  });

  it("gives back exactly the text it was given", () => {
    const text = "data: {}\n\n\ndata: x\n\n";
    expect(splitEvents(text).join("")).toBe(text);
  });
});

describe("frameLines", () => {
  it("frames each line as one data event with the provider's terminator", () => {
    expect(frameLines(['{"a":1}', "{}"], "\r\n\r\n")).toEqual([
      'data: {"a":1}\r\n\r\n',
      "data: {}\r\n\r\n",
    ]);
  });
});

const event = (type: string, data: object) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}   \n\n`;

describe("anthropicMessage", () => {
  it("joins each block from its deltas and lays message_delta over the start", () => {
    const sse = [
      event("message_start", {
        message: {
          id: "m",
          content: [],
          stop_reason: null,
          usage: { input_tokens: 3, output_tokens: 1 },
        },
      }),
      event("content_block_start", {
        index: 0,
        content_block: { type: "thinking", thinking: "", signature: "" },
      }),
      event("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "a" } }),
      event("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "b" } }),
      event("content_block_delta", {
        index: 0,
        delta: { type: "signature_delta", signature: "SIG" },
      }),
      event("content_block_stop", { index: 0 }),
      event("content_block_start", {
        index: 1,
        content_block: { type: "tool_use", id: "t", name: "w", input: {} },
      }),
      event("content_block_delta", {
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"q":' },
      }),
      event("content_block_delta", {
        index: 1,
        delta: { type: "input_json_delta", partial_json: "1}" },
      }),
      event("content_block_stop", { index: 1 }),
      event("message_delta", { delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } }),
      event("message_stop", {}),
    ].join("");
    expect(JSON.stringify(anthropicMessage(sse))).toBe(
      JSON.stringify({
        id: "m",
        content: [
          { type: "thinking", thinking: "ab", signature: "SIG" },
          { type: "tool_use", id: "t", name: "w", input: { q: 1 } },
        ],
        stop_reason: "tool_use",
        usage: { input_tokens: 3, output_tokens: 9 },
      }),
    );
  });
});

describe("geminiResponse", () => {
  it("takes the last chunk and gives it every chunk's parts, in order", () => {
    const chunk = (parts: object[], extra: object) =>
      `data: ${JSON.stringify({ candidates: [{ content: { parts, role: "model" }, ...extra }], responseId: "r" })}\r\n\r\n`;
    const sse =
      chunk([{ text: "a" }], {}) +
      chunk([{ text: "", thoughtSignature: "S" }], { finishReason: "STOP" });
    expect(geminiResponse(sse)).toEqual({
      candidates: [
        {
          content: { parts: [{ text: "a" }, { text: "", thoughtSignature: "S" }], role: "model" },
          finishReason: "STOP",
        },
      ],
      responseId: "r",
    });
  });
});
