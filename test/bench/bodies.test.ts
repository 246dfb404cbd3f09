import { describe, expect, it } from "vitest";
import {
  BENCH_SPEC,
  type BodySpec,
  body,
  chunked,
  contentType,
  expected,
  lazyBody,
  PROVIDERS,
  type Provider,
  streamResponse,
  wireEvents,
} from "../../bench/bodies.js";
import {
  apiFloor,
  apiKeepText,
  checkedFrames,
  type EventSource,
  floorDeltas,
  frameFloor,
  framePayloads,
  keepText,
  payloadFloor,
  perChunkEvents,
  separatorOf,
  sseChunkFloor,
  sseWholeFloor,
  wholeBodyEvents,
} from "../../bench/floors.js";
import { specOfSize } from "../../bench/memory.js";
import { benchModel, responseOnly } from "../../bench/models.js";
import { textOf, thinkingOf } from "../../src/core/parts.js";
import type { Model, ModelResponse } from "../../src/core/types.js";
import { decodeFrames } from "../../src/transport/event-stream.js";

/**
 * The benchmarks measure correct code on correct inputs: every generated body parses through
 * its adapter into exactly the response the generator says it holds, under any chunking; the
 * floors parse every event of the same bytes. (The peers need the bench tool group, so the
 * bench itself checks their answers before it reports them.)
 */

const SMALL: BodySpec = { thinking: 300, text: 300, seed: 3 };

function serve(bytes: Uint8Array, provider: Provider, size = 16 * 1024) {
  const chunks = chunked(bytes, size);
  return async () => streamResponse(chunks, contentType(provider));
}

async function readBody(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Deltas a body makes, by type and part index: the thinking part (0) gets one per reasoning
 * piece plus the signature delta where the signature has its own event, the text part (1) one
 * per answer piece.
 */
function deltaCount(provider: Provider, spec: BodySpec): Record<string, number> {
  const signatureDelta = ["anthropic", "bedrock", "responses"].includes(provider) ? 1 : 0;
  return { "thinking 0": spec.thinking + signatureDelta, "text 1": spec.text };
}

/** Streams every delta, tallied as `"<type> <index>"`, then awaits the response. */
async function streamCounted(
  model: Model,
): Promise<{ response: ModelResponse; deltas: Record<string, number> }> {
  const stream = model.stream({
    messages: [{ role: "user", content: "What is the weather in Florence?" }],
  });
  const deltas: Record<string, number> = {};
  for await (const d of stream) {
    const key = `${d.type} ${d.index}`;
    deltas[key] = (deltas[key] ?? 0) + 1;
  }
  return { response: await stream.response, deltas };
}

describe.each(PROVIDERS)("the generated %s body", (provider) => {
  it("streams into exactly the expected response, every delta counted", async () => {
    const model = benchModel(provider, serve(body(provider, SMALL), provider));
    const { response, deltas } = await streamCounted(model);
    expect(response).toEqual(expected(provider, SMALL));
    expect(deltas).toStrictEqual(deltaCount(provider, SMALL));
  });

  it.each([1, 7, 1000])(
    "gives the same response read in %i-byte chunks, and through response alone",
    async (size) => {
      const model = benchModel(provider, serve(body(provider, SMALL), provider, size));
      expect(await responseOnly(model)).toEqual(expected(provider, SMALL));
    },
  );

  it("is the full benchmark body, and parses into its expected response", async () => {
    const bytes = body(provider, BENCH_SPEC);
    expect(bytes.length).toBeGreaterThan(7_000_000);
    const { response, deltas } = await streamCounted(benchModel(provider, serve(bytes, provider)));
    expect(response).toEqual(expected(provider, BENCH_SPEC));
    expect(deltas).toStrictEqual(deltaCount(provider, BENCH_SPEC));
  });

  it("is made lazily with the very same bytes", async () => {
    expect(await readBody(lazyBody(provider, SMALL))).toEqual(body(provider, SMALL));
  });

  it("is about the asked size for the memory benchmark", () => {
    const spec = specOfSize(provider, 2);
    expect(body(provider, spec).length / 1e6).toBeCloseTo(2, 0);
  });
});

describe("the floors", () => {
  const decoder = new TextDecoder();
  const SSE = PROVIDERS.filter((p) => p !== "bedrock");

  /** The JSON data of each event the generator wrote, cut at its own event boundaries. */
  function writtenData(provider: Provider, spec: BodySpec): string[] {
    const separator = separatorOf(provider);
    return [...wireEvents(provider, spec)]
      .map((e) => decoder.decode(e))
      .map((e) => e.slice(e.indexOf("data: ") + 6, e.length - separator.length))
      .filter((data) => data !== "[DONE]");
  }

  function all(events: EventSource): string[] {
    const out: string[] = [];
    for (let d = events.next(); d !== undefined; d = events.next()) out.push(d);
    return out;
  }

  // anthropic: message_start, 2 block starts, 2 stops, 600 deltas + the signature, message_delta,
  // message_stop; gemini: 600 chunks + the finishing one; openai: a role chunk, 600, the
  // finishing chunk ([DONE] is not JSON); azure: also prompt_filter_results and a usage chunk.
  it.each([
    ["anthropic", 608],
    ["gemini", 601],
    ["openai", 602],
    ["azure", 603],
    // responses: created, in_progress, 2 items added, a summary part and a content part added,
    // 600 deltas, the text and the part done of each, 2 items done, completed.
    ["responses", 613],
  ] as const)("parse every JSON event of the %s body (%i), in either form", (provider, events) => {
    const chunks = chunked(body(provider, SMALL), 1000);
    const separator = separatorOf(provider);
    expect(sseWholeFloor(chunks, separator)).toBe(events);
    expect(sseChunkFloor(chunks, separator)).toBe(events);
  });

  describe.each(SSE)("of the %s body", (provider) => {
    const separator = separatorOf(provider);

    it.each([1, 7, 1000, 16 * 1024])(
      "hand out the data of every event, in order, from %i-byte chunks",
      (size) => {
        const chunks = chunked(body(provider, SMALL), size);
        const want = writtenData(provider, SMALL);
        expect(all(wholeBodyEvents(chunks, separator))).toEqual(want);
        expect(all(perChunkEvents(chunks, separator))).toEqual(want);
      },
    );

    it("parse every event of the full benchmark body, as the bench serves it", async () => {
      const chunks = chunked(body(provider, BENCH_SPEC));
      const events = writtenData(provider, BENCH_SPEC).length;
      expect(sseWholeFloor(chunks, separator)).toBe(events);
      expect(sseChunkFloor(chunks, separator)).toBe(events);
      expect(await apiFloor(perChunkEvents(chunks, separator))).toBe(events);
      expect(await apiFloor(wholeBodyEvents(chunks, separator))).toBe(events);
    });

    it("hand every parsed event to `for await` in its own object (the API floor)", async () => {
      const chunks = chunked(body(provider, SMALL), 7);
      const got: unknown[] = [];
      for await (const delta of floorDeltas(perChunkEvents(chunks, separator))) {
        got.push(delta.event);
      }
      expect(got).toEqual(writtenData(provider, SMALL).map((d) => JSON.parse(d)));
    });
  });

  it.each(PROVIDERS)(
    "keep exactly the reasoning and the answer of the %s body (both keep-the-text floors)",
    async (provider) => {
      const chunks = chunked(body(provider, SMALL), 7);
      const events = () =>
        provider === "bedrock"
          ? checkedFrames(chunks)
          : perChunkEvents(chunks, separatorOf(provider));
      const { message } = expected(provider, SMALL);
      const want = {
        thinking: thinkingOf(message)
          .map((b) => b.text ?? "")
          .join(""),
        text: textOf(message),
      };
      expect(keepText(provider, events())).toEqual(want);
      expect(await apiKeepText(provider, events())).toEqual(want);
    },
  );

  it("cut an event far longer than a chunk, without losing or repeating a character", () => {
    const big = JSON.stringify({ text: "ab\ncd🙂".repeat(40_000) });
    const text = `data: {"n":1}\n\ndata: ${big}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n`;
    const chunks = chunked(new TextEncoder().encode(text), 1000);
    expect(all(perChunkEvents(chunks, "\n\n"))).toEqual(['{"n":1}', big, '{"n":2}']);
    expect(all(wholeBodyEvents(chunks, "\n\n"))).toEqual(['{"n":1}', big, '{"n":2}']);
  });

  describe("of the Bedrock body", () => {
    const bytes = body("bedrock", SMALL);
    const frames = decodeFrames(bytes).map((f) => decoder.decode(f.payload));

    it.each([1, 7, 1000, 16 * 1024])(
      "cut every frame from %i-byte chunks and hand out its payload",
      (size) => {
        expect(all(checkedFrames(chunked(bytes, size)))).toEqual(frames);
        expect(frameFloor(chunked(bytes, size))).toBe(SMALL.thinking + SMALL.text + 6);
      },
    );

    it("check both CRCs: a changed payload byte or prelude byte is refused", () => {
      const payloadByte = new Uint8Array(bytes);
      payloadByte[40] = (payloadByte[40] as number) ^ 1;
      expect(() => frameFloor(chunked(payloadByte))).toThrow("message CRC");
      const preludeByte = new Uint8Array(bytes);
      preludeByte[6] = (preludeByte[6] as number) ^ 1;
      expect(() => frameFloor(chunked(preludeByte))).toThrow("prelude CRC");
    });

    it("parse every frame of the full benchmark body, in each floor", async () => {
      const full = body("bedrock", BENCH_SPEC);
      const events = decodeFrames(full).length;
      expect(frameFloor(chunked(full))).toBe(events);
      expect(await apiFloor(checkedFrames(chunked(full)))).toBe(events);
      expect(payloadFloor(framePayloads(full))).toBe(events);
    });

    it("cut out by length alone (the no-CRC reference) the very payloads the decoder hands out", () => {
      const payloads = framePayloads(bytes);
      expect(payloads).toEqual(decodeFrames(bytes).map((f) => f.payload));
      expect(payloadFloor(payloads)).toBe(SMALL.thinking + SMALL.text + 6);
    });
  });
});
