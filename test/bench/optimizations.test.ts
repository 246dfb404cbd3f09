import { describe, expect, it } from "vitest";
import type { Delta, ModelResponse } from "../../src/core/types.js";
import {
  createModelStream,
  createTextBuffer,
  NO_DELTAS,
  type StreamMachine,
} from "../../src/send/model-stream.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import type { RecordReader } from "../../src/transport/sse.js";
import { encodeFrame } from "../providers/bedrock/frames.js";

/**
 * The shortcuts taken for the benchmarks (bench/README.md) give exactly what the plain code
 * gives: text joined in blocks, header blocks reused, records pushed only as deltas are asked.
 */

describe("createTextBuffer", () => {
  it.each([0, 1, 255, 256, 257, 511, 512, 1000])(
    "gives every appended piece in order, after %i pieces",
    (count) => {
      const buffer = createTextBuffer("start:");
      let plain = "start:";
      for (let i = 0; i < count; i++) {
        const piece = i % 7 === 0 ? "" : `${i}🙂,`;
        buffer.append(piece);
        plain += piece;
      }
      expect(buffer.text()).toBe(plain);
      expect(buffer.text()).toBe(plain);
    },
  );

  it("keeps appending after the text was read", () => {
    const buffer = createTextBuffer();
    for (let i = 0; i < 300; i++) buffer.append("a");
    expect(buffer.text()).toBe("a".repeat(300));
    buffer.append("b");
    expect(buffer.text()).toBe(`${"a".repeat(300)}b`);
  });
});

describe("event-stream header blocks seen before", () => {
  const event = (type: string) => ({
    ":event-type": type,
    ":content-type": "application/json",
    ":message-type": "event",
  });

  it("decode to one frozen object, so no frame can change another's", () => {
    const frame = encodeFrame(event("contentBlockDelta"), "{}");
    const [a, b, c] = decodeFrames(new Uint8Array([...frame, ...frame, ...frame]));
    expect(a?.headers).toEqual(event("contentBlockDelta"));
    expect(b?.headers).toBe(a?.headers);
    expect(Object.isFrozen(a?.headers)).toBe(true);
    expect(() => {
      (a?.headers as Record<string, unknown>)[":event-type"] = "changed";
    }).toThrow(TypeError);
    expect(c?.headers).toEqual(event("contentBlockDelta"));
  });

  it("are told apart byte for byte, also when they have the same length", () => {
    // "contentBlockStart" and "contentBlockDelta" have the same length: one cache slot.
    const frames = [
      "contentBlockStart",
      "contentBlockDelta",
      "contentBlockDelta",
      "contentBlockStart",
      "contentBlockStop",
    ];
    const bytes = frames.flatMap((t) => [...encodeFrame(event(t), "{}")]);
    const decoded = decodeFrames(new Uint8Array(bytes));
    expect(decoded.map((f) => f.headers[":event-type"])).toEqual(frames);
  });

  it("with a byte array or a date among the values are decoded afresh for every frame", () => {
    const headers = {
      ":event-type": { type: "string", value: "chunk" },
      bytes: { type: "bytes", value: new Uint8Array([1, 2, 3]) },
      when: { type: "timestamp", value: new Date("2026-01-01T00:00:00Z") },
    } as const;
    const frame = encodeFrame(headers, "{}");
    const [a, b] = decodeFrames(new Uint8Array([...frame, ...frame]));
    expect(b?.headers.bytes).toEqual(new Uint8Array([1, 2, 3]));
    expect(b?.headers.bytes).not.toBe(a?.headers.bytes);
    expect(b?.headers.when).not.toBe(a?.headers.when);
  });
});

describe("createModelStream pushing records as deltas are asked for", () => {
  function session(pushed: string[]) {
    let text = "";
    const response = (): ModelResponse => ({
      message: { role: "assistant", content: [{ type: "text", text }] },
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: "",
    });
    const machine: StreamMachine<string> = {
      push(record) {
        pushed.push(record);
        if (record === "none") return NO_DELTAS;
        text += record;
        return [{ type: "text", index: 0, text: record }];
      },
      finish: response,
      partial: response,
    };
    const batches = [["a", "none", "b", "c"], ["d"]];
    const reader: RecordReader<string> = {
      read: async () => batches.shift(),
      cancel: async () => {},
    };
    return createModelStream(async () => ({ reader, machine, release() {} }));
  }

  it("has pushed only the records whose deltas were handed out when the caller stops", async () => {
    const pushed: string[] = [];
    const stream = session(pushed);
    const seen: Delta[] = [];
    for await (const d of stream) {
      seen.push(d);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([
      { type: "text", index: 0, text: "a" },
      { type: "text", index: 0, text: "b" },
    ]);
    expect(pushed).toEqual(["a", "none", "b"]);
    const error = await stream.response.catch((e: unknown) => e);
    expect((error as { partial?: ModelResponse }).partial?.message.content).toEqual([
      { type: "text", text: "ab" },
    ]);
  });

  it("pushes every record when only response is awaited", async () => {
    const pushed: string[] = [];
    expect((await session(pushed).response).message.content).toEqual([
      { type: "text", text: "abcd" },
    ]);
    expect(pushed).toEqual(["a", "none", "b", "c", "d"]);
  });
});
