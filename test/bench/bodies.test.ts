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
} from "../../bench/bodies.js";
import { framePayloads, payloadFloor, separatorOf, sseFloor } from "../../bench/floors.js";
import { specOfSize } from "../../bench/memory.js";
import { benchModel, responseOnly } from "../../bench/models.js";
import {
  anthropicSdkAccumulating,
  anthropicSdkRaw,
  googleGenAI,
  vercelStreamText,
} from "../../bench/peers.js";
import { textOf } from "../../src/core/parts.js";
import type { Model, ModelResponse } from "../../src/core/types.js";
import { decodeFrames } from "../../src/transport/event-stream.js";

/**
 * The benchmarks measure correct code on correct inputs: every generated body parses through
 * its adapter into exactly the response the generator says it holds, under any chunking; the
 * floors parse every event of the same bytes; the peers read the same answer.
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
  const signatureDelta = provider === "anthropic" || provider === "bedrock" ? 1 : 0;
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
  // anthropic: message_start, 2 block starts, 2 stops, 600 deltas + the signature, message_delta,
  // message_stop; gemini: 600 chunks + the finishing one; openai: a role chunk, 600, the
  // finishing chunk ([DONE] is not JSON); azure: also prompt_filter_results and a usage chunk.
  it.each([
    ["anthropic", 608],
    ["gemini", 601],
    ["openai", 602],
    ["azure", 603],
  ] as const)("parse every JSON event of the %s body (%i)", (provider, events) => {
    const chunks = chunked(body(provider, SMALL), 1000);
    expect(sseFloor(chunks, separatorOf(provider))).toBe(events);
  });

  it("parses the very payloads the frame decoder hands out, of every Bedrock frame", () => {
    const bytes = body("bedrock", SMALL);
    const payloads = framePayloads(bytes);
    expect(payloads).toEqual(decodeFrames(bytes).map((f) => f.payload));
    expect(payloadFloor(payloads)).toBe(SMALL.thinking + SMALL.text + 6);
  });
});

describe("the other clients", () => {
  const answer = textOf(expected("anthropic", SMALL).message).length;
  const anthropicFetch = serve(body("anthropic", SMALL), "anthropic");

  it("the Anthropic SDK's raw stream reads the whole answer", async () => {
    expect(await anthropicSdkRaw(anthropicFetch)()).toBe(answer);
  });

  it("the Anthropic SDK's messages.stream() accumulates the whole answer", async () => {
    expect(await anthropicSdkAccumulating(anthropicFetch)()).toBe(answer);
  });

  it("ai's streamText over @ai-sdk/anthropic reads the whole answer", async () => {
    (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
    expect(await vercelStreamText(anthropicFetch)()).toBe(answer);
  });

  it("@google/genai reads the whole Gemini answer", async () => {
    const fetch = serve(body("gemini", SMALL), "gemini");
    expect(await googleGenAI(fetch)()).toBe(textOf(expected("gemini", SMALL).message).length);
  });
});
