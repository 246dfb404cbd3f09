import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import {
  createEventStreamReader,
  createFrameDecoder,
  decodeFrames,
} from "../../src/transport/event-stream.js";
import { bodyOf } from "../providers/bedrock/frames.js";
import { ADAPTERS, type Adapter } from "./adapters.js";
import { accumulate, call } from "./calls.js";
import { startEmulator } from "./emulator.js";

const bedrock = ADAPTERS.find((a) => a.name === "bedrock") as Adapter;
const { headers, pieces } = bedrock.body("stream");
const good = pieces.slice(0, Math.floor(pieces.length / 2));
const goodBytes = good.reduce((n, p) => n + p.length, 0);

/** The next recorded frame with its message CRC flipped. */
const badCRC = pieces[good.length]!.slice();
badCRC[badCRC.length - 1]! ^= 0xff;

/** A prelude that claims a 2 GiB frame, with a correct prelude CRC. */
const oversized = new Uint8Array(12);
new DataView(oversized.buffer).setUint32(0, 0x7fffffff);
new DataView(oversized.buffer).setUint32(8, zlib.crc32(oversized.subarray(0, 8)));

const CASES: [string, Uint8Array, RegExp][] = [
  ["a bad message CRC", badCRC, new RegExp(`a bad message CRC in the frame at byte ${goodBytes}$`)],
  [
    "an impossible length",
    oversized,
    new RegExp(`an impossible length 2147483647 in the frame at byte ${goodBytes}$`),
  ],
];

const REASONING =
  "The user is asking for the largest city in their country. To answer this, I first need to " +
  "determine what country the user is from. I can use the `get_user_country` function to " +
  "retrieve this information.\n\nOnce I have the user's country, I can then provide " +
  "information about the largest city in that country.";

const oneRead = (bad: Uint8Array) => new Uint8Array(Buffer.concat([...good, bad]));

describe.each(CASES)(
  "a frame with %s in the same read as good frames before it",
  (_what, bad, message) => {
    it("is handed out by the decoder after the good frames, on the next push or at the end", () => {
      const decoder = createFrameDecoder();
      const frames = decoder.push(oneRead(bad));
      expect(frames.map((f) => f.payload.length)).toEqual(
        decodeFrames(new Uint8Array(Buffer.concat(good))).map((f) => f.payload.length),
      );
      expect(() => decoder.push(new Uint8Array(0))).toThrow(message);
      // The failure stays: nothing after a bad frame can be trusted.
      expect(() => decoder.push(good[0]!)).toThrow(message);
      expect(() => decoder.end()).toThrow(message);
      expect(() => decodeFrames(oneRead(bad))).toThrow(message);
    });

    it("hands out the good frames first and fails on the next read, cancelling the body", async () => {
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(oneRead(bad));
        },
        cancel() {
          cancelled = true;
        },
      });
      const reader = createEventStreamReader(body);
      expect(await reader.read()).toHaveLength(good.length);
      const error = await reader.read().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StreamError);
      expect((error as Error).message).toMatch(message);
      expect(cancelled).toBe(true);
    });

    it("fails at the end of a body whose last read held it", async () => {
      const reader = createEventStreamReader(bodyOf([oneRead(bad)]));
      expect(await reader.read()).toHaveLength(good.length);
      await expect(reader.read()).rejects.toThrow(message);
    });

    it("leaves the stream's partial with what those frames carried", async () => {
      const emulator = await startEmulator();
      const route = emulator.route([
        { status: 200, headers, chunks: [oneRead(bad)], after: "hang" },
      ]);
      const result = await call(bedrock.create(route.url, {}), "stream");
      expect(await route.outcomes()).toEqual(["closed"]);
      await emulator.close();
      expect(result.error).toBeInstanceOf(StreamError);
      expect((result.error as Error).message).toMatch(message);
      expect(result.responseError).toBe(result.error);
      // The good half is messageStart and the eight reasoning deltas, before the signature.
      expect(accumulate(result.deltas)).toEqual([{ type: "thinking", text: REASONING }]);
      const partial = (result.error as StreamError).partial;
      expect(partial?.message).toEqual({
        role: "assistant",
        content: [{ type: "thinking", text: REASONING, provider: "bedrock" }],
        interrupted: true,
      });
    });
  },
);
