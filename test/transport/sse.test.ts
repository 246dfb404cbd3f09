import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { splitBytes } from "../../src/testing/cassette.js";
import { createSSEReader, type SSERecord } from "../../src/transport/sse.js";
import { cutPoints } from "../helpers/cassettes.js";

const encoder = new TextEncoder();

function bodyOf(chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
    },
  });
}

async function readBatches(body: ReadableStream<Uint8Array>): Promise<SSERecord[][]> {
  const reader = createSSEReader(body);
  const batches: SSERecord[][] = [];
  for (let batch = await reader.read(); batch; batch = await reader.read()) batches.push(batch);
  return batches;
}

async function readRecords(chunks: readonly Uint8Array[]): Promise<SSERecord[]> {
  return (await readBatches(bodyOf(chunks))).flat();
}

/** A record as a plain object without the fields the stream did not set. */
function plain(r: SSERecord): Partial<SSERecord> {
  const out: Partial<SSERecord> = {};
  if (r.event !== undefined) out.event = r.event;
  if (r.id !== undefined) out.id = r.id;
  out.data = r.data;
  return out;
}

// Every line ending, comments, multi-line data, multi-byte characters, ignorable fields, an
// event with no data, and a last event without its blank line.
const MIXED =
  ": comment at the start\n" +
  "event: message_start\n" +
  'data: {"type":"message_start"}\n\n' +
  "event: delta\r\n" +
  "data: 思考 🧠 first line\r\n" +
  "data: second line\r\n\r\n" +
  ": keep-alive\r\r" +
  "id: 7\r" +
  "data: cr only 👩‍👩‍👧 e\u0301\r\r" +
  "retry: 1000\n" +
  "unknown: field\n" +
  "data:no-space\n" +
  "data\n" +
  "\n" +
  "event: ping\n\n" +
  "data: last without blank line ✓";

const MIXED_RECORDS = [
  { event: "message_start", data: '{"type":"message_start"}' },
  { event: "delta", data: "思考 🧠 first line\nsecond line" },
  { id: "7", data: "cr only 👩‍👩‍👧 e\u0301" },
  { data: "no-space\n" },
  { data: "last without blank line ✓" },
];

const BODIES: [string, string, Partial<SSERecord>[]][] = [
  ["mixed line ends, comments and multi-byte data", MIXED, MIXED_RECORDS],
  ["CR line ends ending in a CR", "data: a\r\rdata: b 🧠\r", [{ data: "a" }, { data: "b 🧠" }]],
  [
    "CRLF line ends ending in a CRLF without the blank line",
    "event: x\r\ndata: 一\r\n\r\nevent: y\r\ndata: 二\r\n",
    [
      { event: "x", data: "一" },
      { event: "y", data: "二" },
    ],
  ],
  [
    "LF line ends ending in one LF",
    "data: {}\n\ndata: [1,\ndata: 2]\n",
    [{ data: "{}" }, { data: "[1,\n2]" }],
  ],
];

describe("createSSEReader", () => {
  it.each(BODIES)("reads %s in one chunk", async (_, text, expected) => {
    const records = await readRecords([encoder.encode(text)]);
    expect(records.map(plain)).toStrictEqual(expected);
  });

  it.each(BODIES)(
    "reads %s identically when split at every single byte offset",
    async (_, text, expected) => {
      const bytes = encoder.encode(text);
      const whole = await readRecords([bytes]);
      expect(whole.map(plain)).toStrictEqual(expected);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const records = await readRecords([bytes.subarray(0, cut), bytes.subarray(cut)]);
        expect(records, `split at byte ${cut}`).toStrictEqual(whole);
      }
    },
  );

  it.each(BODIES)("reads %s identically one byte per chunk", async (_, text) => {
    const bytes = encoder.encode(text);
    const whole = await readRecords([bytes]);
    const bytewise = Array.from(bytes, (_b, i) => bytes.subarray(i, i + 1));
    expect(await readRecords(bytewise)).toStrictEqual(whole);
  });

  it("reads the mixed body identically under random chunkings", async () => {
    const bytes = encoder.encode(MIXED);
    const whole = await readRecords([bytes]);
    await fc.assert(
      fc.asyncProperty(cutPoints(bytes.length), async (cuts) => {
        expect(await readRecords(splitBytes(bytes, cuts))).toStrictEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("returns one batch per chunk that completed records, and no empty batches", async () => {
    const batches = await readBatches(
      bodyOf(["data: a\n\ndata: b\n\n", "data: c", "\n", "\n", ": ping\n\n"]),
    );
    expect(batches.map((b) => b.map((r) => r.data))).toStrictEqual([["a", "b"], ["c"]]);
  });

  it("gives undefined at the end of the body, and again after", async () => {
    const reader = createSSEReader(bodyOf([]));
    expect(await reader.read()).toBeUndefined();
    expect(await reader.read()).toBeUndefined();
  });

  it("refuses a line longer than the buffer limit with a StreamError, every time it is read", async () => {
    const reader = createSSEReader(
      bodyOf(["data: ", "x".repeat(100), "y".repeat(100), "\n\n"]),
      64,
    );
    const first = await reader.read().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(StreamError);
    expect((first as StreamError).message).toBe(
      "An event-stream line is longer than 64 characters",
    );
    expect(await reader.read().catch((e: unknown) => e)).toBe(first);
  });

  it("passes on the body's own error", async () => {
    const broken = new TypeError("terminated");
    const event = encoder.encode("data: a\n\n");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(event);
      },
      pull(controller) {
        controller.error(broken);
      },
    });
    const reader = createSSEReader(body);
    expect((await reader.read())?.map((r) => r.data)).toStrictEqual(["a"]);
    expect(await reader.read().catch((e: unknown) => e)).toBe(broken);
  });

  it("cancel() cancels the body, and is safe to call twice", async () => {
    const cancelled: unknown[] = [];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode("data: more\n\n"));
      },
      cancel(reason) {
        cancelled.push(reason);
      },
    });
    const reader = createSSEReader(body);
    await reader.read();
    await reader.cancel();
    await reader.cancel();
    expect(cancelled).toHaveLength(1);
    expect(await reader.read()).toBeUndefined();
  });
});

// Events as a generator sees them: each with one line-end style for all its lines.
const value = fc.string({ unit: "binary", maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, "_"));
const lineEnd = fc.constantFrom("\n", "\r\n", "\r");
const event = fc.record({
  name: fc.option(
    value.filter((s) => s !== "" && !s.startsWith(" ")),
    { nil: undefined },
  ),
  data: fc.array(value, { maxLength: 3 }),
  comment: fc.option(value, { nil: undefined }),
  end: lineEnd,
});

describe("createSSEReader on generated streams", () => {
  it("yields exactly the events written, under any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 2000 }), { maxLength: 30 }),
        async (events, blankAtEnd, cuts) => {
          let text = "";
          const expected: Partial<SSERecord>[] = [];
          events.forEach((e, i) => {
            const lines = [
              ...(e.comment === undefined ? [] : [`:${e.comment}`]),
              ...(e.name === undefined ? [] : [`event: ${e.name}`]),
              ...e.data.map((d) => `data: ${d}`),
            ];
            const last = i === events.length - 1;
            text += lines.map((l) => l + e.end).join("") + (last && !blankAtEnd ? "" : e.end);
            if (e.data.length > 0) {
              expected.push(
                e.name === undefined
                  ? { data: e.data.join("\n") }
                  : { event: e.name, data: e.data.join("\n") },
              );
            }
          });
          const records = await readRecords(splitBytes(encoder.encode(text), cuts));
          expect(records.map(plain)).toStrictEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
