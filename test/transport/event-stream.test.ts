import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { responseBytes, splitBytes } from "../../src/testing/cassette.js";
import { crc32, crc32Apply, crc32Jump, crc32Update } from "../../src/transport/crc32.js";
import {
  createEventStreamReader,
  createFrameDecoder,
  decodeFrames,
  type EventStreamMessage,
  MAX_FRAME_LENGTH,
} from "../../src/transport/event-stream.js";
import { cutPoints, loadCassette } from "../helpers/cassettes.js";
import { bodyOf, encodeFrame, hex } from "../providers/bedrock/frames.js";

// A messageStart frame, 129 bytes, built by hand and CRC-checked.
const VECTOR_129 = hex(`
00000081000000526cc176930b3a6576656e742d7479706507000c6d65737361
676553746172740d3a636f6e74656e742d747970650700106170706c69636174
696f6e2f6a736f6e0d3a6d6573736167652d747970650700056576656e747b22
70223a2261626364222c22726f6c65223a22617373697374616e74227df512a0
05`);

const THROTTLING = encodeFrame(
  {
    ":exception-type": "throttlingException",
    ":content-type": "application/json",
    ":message-type": "exception",
  },
  '{"message":"Too many requests, please wait before trying again."}',
);

const CAPTURES = {
  "thinking-stream": responseBytes(
    loadCassette("bedrock", "thinking-stream").interactions[0]!.response,
  ),
  "redacted-thinking-stream": responseBytes(
    loadCassette("bedrock", "redacted-thinking-stream").interactions[0]!.response,
  ),
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function readAll(chunks: Uint8Array[]): Promise<EventStreamMessage[]> {
  const reader = createEventStreamReader(bodyOf(chunks));
  const out: EventStreamMessage[] = [];
  for (let batch = await reader.read(); batch; batch = await reader.read()) out.push(...batch);
  return out;
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** A frame prelude with a correct prelude CRC, for length checks that come after it. */
function prelude(total: number, headersLength: number): Uint8Array {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(total, 0);
  b.writeUInt32BE(headersLength, 4);
  b.writeUInt32BE(zlib.crc32(b.subarray(0, 8)), 8);
  return new Uint8Array(b);
}

describe("crc32", () => {
  it("equals zlib's CRC-32 for any bytes and any range", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const start = bytes.length ? a % bytes.length : 0;
        const end = start + (bytes.length ? b % (bytes.length - start + 1) : 0);
        expect(crc32(bytes, start, end)).toBe(zlib.crc32(bytes.subarray(start, end)));
      }),
    );
  });

  it("gives the standard check value for '123456789'", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  it("jumps over a run of bytes exactly as running over them, from any register", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const start = bytes.length ? a % bytes.length : 0;
        const end = start + (bytes.length ? b % (bytes.length - start + 1) : 0);
        const before = crc32Update(-1, bytes, 0, start);
        const jumped = crc32Apply(before, crc32Jump(bytes, start, end));
        expect(jumped).toBe(crc32Update(before, bytes, start, end));
        const whole = (crc32Update(jumped, bytes, end, bytes.length) ^ -1) >>> 0;
        expect(whole).toBe(zlib.crc32(bytes));
      }),
    );
  });

  it("keeps a jump made from one run valid for any register, and only for its own bytes", () => {
    const run = new TextEncoder().encode(":event-type contentBlockDelta");
    const jump = crc32Jump(run, 0, run.length);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (register) => {
        expect(crc32Apply(register, jump)).toBe(crc32Update(register, run, 0, run.length));
      }),
    );
    const other = new TextEncoder().encode(":event-type contentBlockStart");
    expect(crc32Apply(-1, jump)).not.toBe(crc32Update(-1, other, 0, other.length));
  });
});

describe("event-stream frames", () => {
  it("decodes a hand-built, CRC-checked 129-byte messageStart frame", () => {
    expect(VECTOR_129.length).toBe(129);
    const [message, ...rest] = decodeFrames(VECTOR_129);
    expect(rest).toEqual([]);
    expect({ ...message?.headers }).toEqual({
      ":event-type": "messageStart",
      ":content-type": "application/json",
      ":message-type": "event",
    });
    expect(text(message!.payload)).toBe('{"p":"abcd","role":"assistant"}');
  });

  it("encodes a hand-built 178-byte throttlingException frame and decodes it back", () => {
    expect(THROTTLING.length).toBe(178);
    const bytes = Buffer.from(THROTTLING);
    expect(bytes.subarray(0, 12).toString("hex")).toBe("000000b2000000613590d5d3");
    expect(bytes.subarray(174).toString("hex")).toBe("e8ffb26a");
    const [message] = decodeFrames(THROTTLING);
    expect({ ...message?.headers }).toEqual({
      ":exception-type": "throttlingException",
      ":content-type": "application/json",
      ":message-type": "exception",
    });
    expect(JSON.parse(text(message!.payload))).toEqual({
      message: "Too many requests, please wait before trying again.",
    });
  });

  it("reads every header value type the format defines (0-9)", () => {
    const frame = encodeFrame(
      {
        yes: { type: "bool", value: true },
        no: { type: "bool", value: false },
        byte: { type: "byte", value: -7 },
        short: { type: "short", value: -300 },
        int: { type: "int", value: -70000 },
        long: { type: "long", value: -(2n ** 40n) - 3n },
        bytes: { type: "bytes", value: new Uint8Array([0, 255, 7]) },
        str: { type: "string", value: "héllo ✓" },
        when: { type: "timestamp", value: new Date("2026-08-01T12:34:56.789Z") },
        id: { type: "uuid", value: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0" },
      },
      "",
    );
    const [message] = decodeFrames(frame);
    expect({ ...message?.headers }).toEqual({
      yes: true,
      no: false,
      byte: -7,
      short: -300,
      int: -70000,
      long: -(2n ** 40n) - 3n,
      bytes: new Uint8Array([0, 255, 7]),
      str: "héllo ✓",
      when: new Date("2026-08-01T12:34:56.789Z"),
      id: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
    });
    expect(message?.payload.length).toBe(0);
  });

  it("keeps a header named __proto__ as a plain header", () => {
    const headers = JSON.parse('{"__proto__":"x","b":"y"}') as Record<string, string>;
    const [message] = decodeFrames(encodeFrame(headers, "{}"));
    expect(Object.keys(message!.headers)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(message!.headers)).toBe(Object.prototype);
  });

  it("decodes the captured streams frame by frame with valid CRCs", () => {
    const thinking = decodeFrames(CAPTURES["thinking-stream"]);
    expect(thinking).toHaveLength(25);
    expect(thinking.map((m) => m.headers[":event-type"])).toEqual([
      "messageStart",
      ...Array(15).fill("contentBlockDelta"),
      "contentBlockStop",
      ...Array(5).fill("contentBlockDelta"),
      "contentBlockStop",
      "messageStop",
      "metadata",
    ]);
    expect(decodeFrames(CAPTURES["redacted-thinking-stream"])).toHaveLength(18);
  });

  it("rejects a changed byte in a header block it already knows (its CRC is a jump)", () => {
    const bytes = CAPTURES["thinking-stream"];
    // The fifth frame repeats the contentBlockDelta block of the frames before it.
    let at = 0;
    for (let i = 0; i < 4; i++) at += new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
    for (const offset of [12, 13, 40, 60]) {
      const copy = bytes.slice();
      copy[at + offset] = (copy[at + offset] as number) ^ 0x04;
      const err = errorOf(() => decodeFrames(copy));
      expect(err).toBeInstanceOf(StreamError);
      expect((err as Error).message).toMatch(
        new RegExp(`bad message CRC in the frame at byte ${at}`),
      );
    }
  });

  it("hands out a frame that lies inside one chunk as a view of that chunk, without a copy", () => {
    const bytes = CAPTURES["thinking-stream"];
    const decoder = createFrameDecoder();
    const [first] = decoder.push(bytes);
    expect(first?.payload.buffer).toBe(bytes.buffer);
  });

  it.each(Object.entries(CAPTURES))(
    "decodes the %s capture identically under any re-chunking",
    async (_name, bytes) => {
      const reference = decodeFrames(bytes);
      await fc.assert(
        fc.asyncProperty(cutPoints(bytes.length), async (cuts) => {
          expect(await readAll(splitBytes(bytes, cuts))).toEqual(reference);
        }),
        { numRuns: 150 },
      );
      const oneByOne = Array.from(bytes, (b) => new Uint8Array([b]));
      expect(await readAll(oneByOne)).toEqual(reference);
    },
  );
});

describe("event-stream errors", () => {
  const bytes = CAPTURES["thinking-stream"];
  const second = 153; // the first frame (messageStart) is 153 bytes

  it.each([
    ["the prelude CRC", second + 9, /bad prelude CRC in the frame at byte 153/],
    ["the message CRC", second + 219, /bad message CRC in the frame at byte 153/],
    ["a payload byte", second + 150, /bad message CRC in the frame at byte 153/],
    ["the total length", second + 2, /bad prelude CRC in the frame at byte 153/],
  ])("rejects a flipped byte in %s with a StreamError naming the frame", (_what, at, message) => {
    const copy = bytes.slice();
    copy[at] = (copy[at] as number) ^ 0x20;
    const err = errorOf(() => decodeFrames(copy));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as Error).message).toMatch(message);
  });

  it.each(Object.entries(CAPTURES))(
    "rejects the %s capture cut inside a frame, however it is chunked",
    async (_name, capture) => {
      const cut = capture.subarray(0, capture.length - 5);
      const err = errorOf(() => decodeFrames(cut));
      expect(err).toBeInstanceOf(StreamError);
      expect((err as Error).message).toMatch(/the body ended inside the frame at byte \d+/);
      await expect(readAll(splitBytes(cut, [100, 1000, cut.length - 3]))).rejects.toThrow(
        StreamError,
      );
    },
  );

  it("rejects a body that ends inside a prelude", () => {
    const err = errorOf(() => decodeFrames(VECTOR_129.subarray(0, 7)));
    expect((err as Error).message).toBe(
      "event stream: the body ended inside the frame at byte 0 (7 of at least 16 bytes)",
    );
  });

  it.each([
    ["shorter than 16 bytes", prelude(15, 0), /an impossible length 15 in the frame at byte 0/],
    [
      "longer than 16 MiB",
      prelude(MAX_FRAME_LENGTH + 1, 0),
      /an impossible length 16777217 in the frame at byte 0/,
    ],
    [
      "with headers longer than the frame",
      prelude(40, 30),
      /headers \(30 bytes\) longer than the frame \(40 bytes\) in the frame at byte 0/,
    ],
  ])("rejects a frame %s before waiting for its bytes", (_what, head, message) => {
    const decoder = createFrameDecoder();
    expect(() => decoder.push(head)).toThrow(message);
    expect(errorOf(() => createFrameDecoder().push(head))).toBeInstanceOf(StreamError);
  });

  it("rejects a header of an unknown type and a header that runs past the headers", () => {
    const unknown = encodeFrame({ a: "b" }, "");
    unknown[12 + 2] = 10; // the type byte of header "a"
    fixCRCs(unknown);
    expect(() => decodeFrames(unknown)).toThrow(
      /a header of unknown type 10 in the frame at byte 0/,
    );
    const long = encodeFrame({ a: "bc" }, "");
    long[12 + 4] = 9; // the string's length: 9 bytes, past the end of the headers
    fixCRCs(long);
    expect(() => decodeFrames(long)).toThrow(/a header that runs past the headers/);
  });

  it("hands out the good frames of a chunk before a bad frame in it, then fails for good", () => {
    const bad = VECTOR_129.slice();
    bad[128] = (bad[128] as number) ^ 0x01;
    const decoder = createFrameDecoder();
    const frames = decoder.push(new Uint8Array([...VECTOR_129, ...VECTOR_129, ...bad]));
    expect(frames.map((f) => text(f.payload))).toEqual([
      '{"p":"abcd","role":"assistant"}',
      '{"p":"abcd","role":"assistant"}',
    ]);
    const message = "event stream: a bad message CRC in the frame at byte 258";
    expect(() => decoder.push(new Uint8Array(0))).toThrow(message);
    expect(() => decoder.push(VECTOR_129)).toThrow(message);
    expect(() => decoder.end()).toThrow(message);
  });

  it("cancels the body when a frame is bad", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(prelude(15, 0));
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = createEventStreamReader(body);
    await expect(reader.read()).rejects.toThrow(StreamError);
    expect(cancelled).toBe(true);
  });

  it("never throws anything but StreamError, and always ends, whatever bytes are changed", async () => {
    const capture = CAPTURES["redacted-thinking-stream"];
    const mutation = fc.array(
      fc.record({
        at: fc.nat({ max: capture.length - 1 }),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      { minLength: 1, maxLength: 8 },
    );
    await fc.assert(
      fc.asyncProperty(mutation, cutPoints(capture.length), async (changes, cuts) => {
        const copy = capture.slice();
        for (const { at, byte } of changes) copy[at] = byte;
        const whole = errorOf(() => decodeFrames(copy));
        if (whole !== undefined) expect(whole).toBeInstanceOf(StreamError);
        const chunked = await readAll(splitBytes(copy, cuts)).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (chunked !== undefined) expect(chunked).toBeInstanceOf(StreamError);
        expect(chunked === undefined).toBe(whole === undefined);
      }),
      { numRuns: 300 },
    );
  });
});

function fixCRCs(frame: Uint8Array): void {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  view.setUint32(8, zlib.crc32(frame.subarray(0, 8)));
  view.setUint32(frame.length - 4, zlib.crc32(frame.subarray(0, frame.length - 4)));
}
