import { crc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import {
  createEventStreamReader,
  decodeFrames,
  type EventStreamMessage,
} from "../../src/transport/event-stream.js";
import { frames } from "../faults/bodies.js";
import { applyEdits, bodyOf, bounded, byteEdits, chunked, cuts, fuzzStreams } from "./mutate.js";

const { fuzzed, bodies: BODIES } = fuzzStreams("fuzz/event-stream", "binary");

/** Decodes at once; returns the frames or the error. */
function decodeAll(bytes: Uint8Array): { frames?: EventStreamMessage[]; error?: unknown } {
  fuzzed.add();
  try {
    return { frames: decodeFrames(bytes) };
  } catch (error) {
    return { error };
  }
}

/** Reads through the reader in the given chunks; returns the frames or the error. */
async function readAll(
  chunks: readonly Uint8Array[],
): Promise<{ frames: EventStreamMessage[]; error?: unknown }> {
  fuzzed.add();
  const reader = createEventStreamReader(bodyOf(chunks));
  const out: EventStreamMessage[] = [];
  try {
    for (let batch = await reader.read(); batch; batch = await reader.read()) out.push(...batch);
    return { frames: out };
  } catch (error) {
    return { frames: out, error };
  }
}

function checkFrames(list: readonly EventStreamMessage[]): void {
  for (const f of list) {
    expect(f.payload).toBeInstanceOf(Uint8Array);
    expect(typeof f.headers).toBe("object");
  }
}

/** A frame's headers section (name length, name, type, value...) with valid CRCs around it. */
const headerBytes = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 40 }),
    fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.uint8Array({ maxLength: 20 }),
      )
      .map(([name, type, value]) => {
        const n = new TextEncoder().encode(name);
        return new Uint8Array([n.length, ...n, type, ...value]);
      }),
  ),
  { maxLength: 4 },
);

/**
 * Frames whose CRCs are right (node's zlib computes them, not the decoder's own) but whose
 * headers are anything at all.
 */
function rawFrame(headers: Uint8Array, payload: Uint8Array): Uint8Array {
  const total = 16 + headers.length + payload.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headers.length);
  out.set(headers, 12);
  out.set(payload, 12 + headers.length);
  view.setUint32(8, crc32(out.subarray(0, 8)));
  view.setUint32(total - 4, crc32(out.subarray(0, total - 4)));
  return out;
}

describe("the event-stream decoder on bad input", () => {
  it("decodes random bytes into frames or a StreamError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        const { frames: list, error } = decodeAll(bytes);
        if (error !== undefined) expect(error).toBeInstanceOf(StreamError);
        else checkFrames(list ?? []);
      }),
      { numRuns: 1000 },
    );
  });

  it("decodes random mutations of every recorded Bedrock stream into frames or a StreamError", () => {
    expect(BODIES.length).toBeGreaterThanOrEqual(5);
    fc.assert(
      fc.property(fc.constantFrom(...BODIES), byteEdits, (body, edits) => {
        const { frames: list, error } = decodeAll(applyEdits(body.bytes, edits));
        if (error !== undefined) expect(error).toBeInstanceOf(StreamError);
        else checkFrames(list ?? []);
      }),
      { numRuns: 600 },
    );
  });

  it("decodes frames with valid CRCs and arbitrary headers into frames or a StreamError", () => {
    fc.assert(
      fc.property(headerBytes, fc.uint8Array({ maxLength: 64 }), (parts, payload) => {
        const headers = new Uint8Array(parts.flatMap((p) => [...p]));
        const { frames: list, error } = decodeAll(rawFrame(headers, payload));
        if (error !== undefined) expect(error).toBeInstanceOf(StreamError);
        else {
          expect(list).toHaveLength(1);
          expect([...(list?.[0]?.payload ?? [])]).toEqual([...payload]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("reads mutated bodies in any chunking to frames or a StreamError, without hanging", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODIES),
        byteEdits,
        fc.array(fc.integer({ min: 1, max: 20_000 }), { maxLength: 12 }),
        async (body, edits, offsets) => {
          const bytes = applyEdits(body.bytes, edits);
          const whole = decodeAll(bytes);
          const read = await bounded(readAll(chunked(bytes, offsets)), 2000, body.name);
          // Chunking changes nothing: the same frames, and an error exactly when decoding fails.
          expect(read.error === undefined).toBe(whole.error === undefined);
          if (read.error !== undefined) expect(read.error).toBeInstanceOf(StreamError);
          else expect(read.frames.length).toBe(whole.frames?.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps every good frame when frames are dropped, repeated or reordered", async () => {
    const recorded = BODIES.map((b) => frames(b.bytes));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...recorded),
        fc.array(fc.nat(), { maxLength: 40 }),
        cuts(4000),
        async (list, picks, offsets) => {
          const chosen = picks.map((p) => list[p % list.length] as Uint8Array);
          const bytes = new Uint8Array(chosen.flatMap((f) => [...f]));
          const read = await bounded(readAll(chunked(bytes, offsets)), 2000, "reordered");
          expect(read.error).toBeUndefined();
          expect(read.frames).toHaveLength(chosen.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
