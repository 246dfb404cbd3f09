/**
 * Streaming throughput: each adapter reading its generated body (deltas + final message), and
 * response-only, against the floor over the same bytes; Bedrock's event-stream decoding alone
 * against `JSON.parse` of the payloads. All in one process, interleaved (see measure.ts).
 */
import { createFrameDecoder } from "../src/transport/event-stream.js";
import {
  BENCH_SPEC,
  body,
  chunked,
  contentType,
  expected,
  type Provider,
  streamResponse,
} from "./bodies.js";
import { framePayloads, payloadFloor, separatorOf, sseFloor } from "./floors.js";
import { compare, type Summary } from "./measure.js";
import { benchModel, responseOnly, streamAll } from "./models.js";

/** A body in 16 KiB chunks, and a fetch that serves it afresh to every request. */
export function servedBody(provider: Provider) {
  const bytes = body(provider, BENCH_SPEC);
  const chunks = chunked(bytes);
  const fetch = async () => streamResponse(chunks, contentType(provider));
  return { bytes, chunks, fetch };
}

/** The floor of a provider's body: a function doing the least work over the same bytes. */
export function floorOf(provider: Provider, chunks: readonly Uint8Array[]): () => number {
  if (provider === "bedrock") {
    const whole = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      whole.set(c, at);
      at += c.length;
    }
    const payloads = framePayloads(whole);
    return () => payloadFloor(payloads);
  }
  const separator = separatorOf(provider);
  return () => sseFloor(chunks, separator);
}

/** Floor, golem iterating every delta, golem awaiting only `response`. */
export async function streamingBench(provider: Provider, rounds: number): Promise<Summary[]> {
  const { chunks, fetch } = servedBody(provider);
  const model = benchModel(provider, fetch);
  const want = expected(provider, BENCH_SPEC);
  const check = (content: string) => {
    if (content.length !== want.message.content.length)
      throw new Error(`${provider}: wrong message`);
  };
  return compare(
    [
      [`${provider} floor`, floorOf(provider, chunks)],
      [
        `${provider} golem stream`,
        async () => check((await streamAll(model)).response.message.content),
      ],
      [
        `${provider} golem response only`,
        async () => check((await responseOnly(model)).message.content),
      ],
    ],
    rounds,
  );
}

/**
 * Bedrock frames decoded as the reader decodes them (16 KiB chunks, CRCs checked, headers read)
 * and their payloads parsed, against parsing the payloads alone.
 */
export async function eventStreamBench(rounds: number): Promise<Summary[]> {
  const bytes = body("bedrock", BENCH_SPEC);
  const chunks = chunked(bytes);
  const payloads = framePayloads(bytes);
  const decoder = new TextDecoder();
  const decode = () => {
    const frames = createFrameDecoder();
    let n = 0;
    for (const chunk of chunks) {
      for (const frame of frames.push(chunk)) {
        JSON.parse(decoder.decode(frame.payload));
        n++;
      }
    }
    frames.end();
    if (n !== payloads.length) throw new Error(`decoded ${n} of ${payloads.length} frames`);
  };
  return compare(
    [
      ["bedrock payloads JSON.parse (floor)", () => payloadFloor(payloads)],
      ["bedrock event-stream decode + JSON.parse", decode],
    ],
    rounds,
  );
}
