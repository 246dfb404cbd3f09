import { describe, expect, it } from "vitest";
import { encodeFrame, framesLength } from "../../../scripts/import/event-stream.js";
import { decodeFrames } from "../../../src/transport/event-stream.js";

const frame = (payload: string) =>
  encodeFrame({
    headers: [
      [":event-type", "contentBlockDelta"],
      [":message-type", "event"],
    ],
    payload,
  });

describe("encodeFrame", () => {
  it("writes a frame golem's CRC-checking decoder reads back", () => {
    const [decoded] = decodeFrames(frame('{"p":"é"}'));
    expect(decoded?.headers).toEqual({
      ":event-type": "contentBlockDelta",
      ":message-type": "event",
    });
    expect(new TextDecoder().decode(decoded?.payload)).toBe('{"p":"é"}');
  });
});

describe("framesLength", () => {
  it("adds up the lengths of the first frames", () => {
    const a = frame("{}");
    const b = frame('{"x":1}');
    const both = new Uint8Array([...a, ...b]);
    expect(framesLength(both, 1)).toBe(a.length);
    expect(framesLength(both, 2)).toBe(a.length + b.length);
    expect(() => framesLength(both, 3)).toThrow(/fewer than 3 frames/);
  });
});
