import { describe, expect, it } from "vitest";
import { encodeFrame, readStringFrames } from "../../src/testing/frames.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import { encodeFrame as referenceFrame } from "../providers/bedrock/frames.js";

/** The recorder's event-stream frames agree with golem/bedrock's decoder and the test encoder. */

const encoder = new TextEncoder();
const HEADERS: [string, string][] = [
  [":message-type", "event"],
  [":event-type", "contentBlockDelta"],
  [":content-type", "application/json"],
];
const PAYLOAD = '{"contentBlockIndex":0,"delta":{"text":"Ciao, è caldo"}}';

describe("the recorder's event-stream frames", () => {
  it("encodes what the Bedrock decoder reads, byte for byte as the test encoder does", () => {
    const bytes = encodeFrame({ headers: HEADERS, payload: encoder.encode(PAYLOAD) });
    expect(bytes).toStrictEqual(referenceFrame(Object.fromEntries(HEADERS), PAYLOAD));
    const [decoded] = decodeFrames(bytes);
    expect(decoded?.headers).toStrictEqual(Object.fromEntries(HEADERS));
    expect(new TextDecoder().decode(decoded?.payload)).toBe(PAYLOAD);
  });

  it("reads frames back in order, headers in wire order", () => {
    const one = referenceFrame(Object.fromEntries(HEADERS), PAYLOAD);
    const two = referenceFrame({ ":message-type": "event", ":event-type": "messageStop" }, "{}");
    const frames = readStringFrames(new Uint8Array([...one, ...two]));
    expect(frames.map((f) => f.headers)).toStrictEqual([
      HEADERS,
      [
        [":message-type", "event"],
        [":event-type", "messageStop"],
      ],
    ]);
    expect(frames.map((f) => new TextDecoder().decode(f.payload))).toStrictEqual([PAYLOAD, "{}"]);
  });

  it.for([
    ["a cut frame", (b: Uint8Array) => b.slice(0, b.length - 1), "no whole frame at byte 0"],
    ["a bad message CRC", (b: Uint8Array) => flip(b, b.length - 1), "a bad frame at byte 0"],
    ["a bad prelude CRC", (b: Uint8Array) => flip(b, 9), "a bad frame at byte 0"],
  ] as const)("refuses %s", ([, spoil, message]) => {
    const bytes = spoil(referenceFrame(Object.fromEntries(HEADERS), PAYLOAD));
    expect(() => readStringFrames(bytes)).toThrow(message);
  });
});

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const out = bytes.slice();
  out[at] = (out[at] as number) ^ 1;
  return out;
}
