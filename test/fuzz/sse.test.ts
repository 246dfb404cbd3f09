import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { createSSEReader, type SSERecord } from "../../src/transport/sse.js";
import { applyEdits, bodyOf, bounded, byteEdits, chunked, cuts, fuzzStreams } from "./mutate.js";

const { fuzzed, bodies: BODIES } = fuzzStreams("fuzz/sse", "sse");

/** Reads a whole body; returns the records, or the error the reader threw. */
async function readAll(
  chunks: readonly Uint8Array[],
  maxBufferSize?: number,
): Promise<{ records: SSERecord[]; error?: unknown }> {
  fuzzed.add();
  const reader = createSSEReader(bodyOf(chunks), maxBufferSize);
  const records: SSERecord[] = [];
  try {
    for (let batch = await reader.read(); batch; batch = await reader.read()) {
      expect(batch.length).toBeGreaterThan(0);
      records.push(...batch);
    }
    return { records };
  } catch (error) {
    return { records, error };
  }
}

function checkRecords(records: SSERecord[]): void {
  for (const r of records) {
    expect(typeof r.data).toBe("string");
    if (r.event !== undefined) expect(typeof r.event).toBe("string");
  }
}

describe("createSSEReader on bad input", () => {
  it("reads random bytes in any chunking without throwing or hanging", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }).chain((b) => fc.tuple(fc.constant(b), cuts(b.length))),
        async ([bytes, offsets]) => {
          const { records, error } = await bounded(readAll(chunked(bytes, offsets)), 2000, "read");
          expect(error).toBeUndefined();
          checkRecords(records);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reads random mutations of every recorded SSE body without throwing or hanging", async () => {
    expect(BODIES.length).toBeGreaterThanOrEqual(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODIES),
        byteEdits,
        fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 12 }),
        async (body, edits, offsets) => {
          const bytes = applyEdits(body.bytes, edits);
          const { records, error } = await bounded(
            readAll(chunked(bytes, offsets)),
            2000,
            body.name,
          );
          expect(error).toBeUndefined();
          checkRecords(records);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("refuses a line past the buffer limit with a StreamError, never another error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODIES),
        byteEdits,
        fc.integer({ min: 16, max: 512 }),
        async (body, edits, limit) => {
          const bytes = applyEdits(body.bytes, edits);
          const { records, error } = await bounded(readAll([bytes], limit), 2000, body.name);
          if (error !== undefined) expect(error).toBeInstanceOf(StreamError);
          checkRecords(records);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("stops reading once cancelled, whatever it was fed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BODIES), byteEdits, async (body, edits) => {
        fuzzed.add();
        const reader = createSSEReader(bodyOf([applyEdits(body.bytes, edits)]));
        await reader.cancel();
        await reader.cancel();
        expect(await bounded(reader.read(), 1000, "read after cancel")).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
