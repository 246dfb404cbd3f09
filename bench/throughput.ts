/**
 * Streaming throughput: each adapter reading its generated body, iterating every delta against
 * the API floor and awaiting only `response` against the plain floor (floors.ts), over the same
 * bytes; Bedrock's event-stream decoding alone against its CRC-checking floor. All in one
 * process, interleaved (see measure.ts).
 */

import { textOf, thinkingOf } from "../src/core/parts.js";
import type { Message } from "../src/core/types.js";
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
import {
  apiFloor,
  apiKeepText,
  checkedFrames,
  type EventSource,
  frameFloor,
  framePayloads,
  keepText,
  payloadFloor,
  perChunkEvents,
  separatorOf,
  sseChunkFloor,
  sseWholeFloor,
  wholeBodyEvents,
} from "./floors.js";
import { compare, fastestPerRound, type Summary, summarize } from "./measure.js";
import { benchModel, responseOnly, streamAll } from "./models.js";

/** A body in 16 KiB chunks, and a fetch that serves it afresh to every request. */
export function servedBody(provider: Provider) {
  const bytes = body(provider, BENCH_SPEC);
  const chunks = chunked(bytes);
  const fetch = async () => streamResponse(chunks, contentType(provider));
  return { bytes, chunks, fetch };
}

type Variant = readonly [string, () => unknown];

/** The floors of a provider's body, each a form of the least work over the same bytes. */
export interface Floors {
  /** How many events every floor must parse. */
  events: number;
  /** The plain floor's forms; the faster in a round is the floor. */
  plain: Variant[];
  /** The same forms, every event handed out through `for await`. */
  api: Variant[];
  /** Lines kept for reference, not part of any floor. */
  reference: Variant[];
  /** The keep-the-text floor: the per-chunk floor that also keeps the reasoning and answer text. */
  keep: Variant;
  /** The API floor that keeps the text: the same, every event handed out through `for await`. */
  apiKeep: Variant;
}

/** A floor run that throws unless it parsed every event of the body. */
function counted(name: string, events: number, run: () => number | Promise<number>): Variant {
  return [
    name,
    async () => {
      const n = await run();
      if (n !== events) throw new Error(`${name} parsed ${n} of ${events} events`);
    },
  ];
}

/** The length of the reasoning and answer text a body holds. */
function textLength(provider: Provider): number {
  const want = expected(provider, BENCH_SPEC).message;
  return textOf(want).length + thinkingOf(want).reduce((n, b) => n + (b.text?.length ?? 0), 0);
}

/** A run of {@link keepText} that throws unless it kept the body's whole text. */
function keeping(provider: Provider, source: () => EventSource): Variant {
  const length = textLength(provider);
  return [
    "floor + keep the text",
    () => {
      const { thinking, text } = keepText(provider, source());
      if (thinking.length + text.length !== length)
        throw new Error(`${provider}: kept the wrong text`);
    },
  ];
}

/** A run of {@link apiKeepText} that throws unless it kept the body's whole text. */
function apiKeeping(provider: Provider, source: () => EventSource): Variant {
  const length = textLength(provider);
  return [
    "API floor + keep the text",
    async () => {
      const { thinking, text } = await apiKeepText(provider, source());
      if (thinking.length + text.length !== length)
        throw new Error(`${provider}: kept the wrong text`);
    },
  ];
}

/** The floors of a provider's body served in `chunks`. */
export function floorsOf(provider: Provider, chunks: readonly Uint8Array[]): Floors {
  if (provider === "bedrock") {
    const whole = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      whole.set(c, at);
      at += c.length;
    }
    const payloads = framePayloads(whole);
    const events = payloads.length;
    return {
      events,
      plain: [counted("frames + both CRCs (zlib.crc32)", events, () => frameFloor(chunks))],
      api: [counted("API floor", events, () => apiFloor(checkedFrames(chunks)))],
      reference: [counted("pre-cut payloads, no CRC", events, () => payloadFloor(payloads))],
      keep: keeping(provider, () => checkedFrames(chunks)),
      apiKeep: apiKeeping(provider, () => checkedFrames(chunks)),
    };
  }
  const separator = separatorOf(provider);
  const events = sseWholeFloor(chunks, separator);
  return {
    events,
    plain: [
      counted("whole body", events, () => sseWholeFloor(chunks, separator)),
      counted("per chunk", events, () => sseChunkFloor(chunks, separator)),
    ],
    api: [
      counted("API whole body", events, () => apiFloor(wholeBodyEvents(chunks, separator))),
      counted("API per chunk", events, () => apiFloor(perChunkEvents(chunks, separator))),
    ],
    reference: [],
    keep: keeping(provider, () => perChunkEvents(chunks, separator)),
    apiKeep: apiKeeping(provider, () => perChunkEvents(chunks, separator)),
  };
}

/** One body's streaming figures, every ratio per round against floors of the same round. */
export interface StreamResult {
  provider: Provider;
  bytes: number;
  events: number;
  /** Every variant as measured (its medians; `ratio` against the first, of no meaning). */
  measured: Summary[];
  /** Round by round the faster plain form. */
  floor: Summary;
  /** Round by round the faster API form. */
  apiFloor: Summary;
  /** golem iterating every delta, against the API floor. */
  every: Summary;
  /** golem iterating every delta, against the plain floor. */
  everyVsFloor: Summary;
  /** golem awaiting only `response`, against the plain floor. */
  response: Summary;
  /** The floor that keeps the text, against the plain floor. */
  keep: Summary;
  /** golem awaiting only `response`, against the floor that keeps the text (goal ≥ 0.9×). */
  responseVsKeep: Summary;
  /** The API floor that keeps the text, against the API floor. */
  apiKeep: Summary;
  /** golem iterating every delta, against the API floor that keeps the text (goal ≥ 0.9×). */
  everyVsApiKeep: Summary;
}

/** The floors, golem iterating every delta, golem awaiting only `response`, in one set of rounds. */
export async function streamingBench(provider: Provider, rounds: number): Promise<StreamResult> {
  const { bytes, chunks, fetch } = servedBody(provider);
  const floors = floorsOf(provider, chunks);
  const model = benchModel(provider, fetch);
  const want = expected(provider, BENCH_SPEC);
  const check = (message: Message) => {
    if (textOf(message) !== textOf(want.message)) throw new Error(`${provider}: wrong message`);
  };
  const golem: Variant[] = [
    ["golem every delta", async () => check((await streamAll(model)).response.message)],
    ["golem response only", async () => check((await responseOnly(model)).message)],
  ];
  const { plain, api, reference, keep, apiKeep } = floors;
  const variants = [...plain, ...api, ...reference, keep, apiKeep, ...golem];
  const measured = await compare(variants, rounds, { rotate: true });
  const plainRuns = measured.slice(0, plain.length);
  const apiRuns = measured.slice(plain.length, plain.length + api.length);
  const [kept, apiKept, every, response] = measured.slice(-4) as [
    Summary,
    Summary,
    Summary,
    Summary,
  ];
  const floor = fastestPerRound(plainRuns);
  const apiBase = fastestPerRound(apiRuns);
  return {
    provider,
    bytes: bytes.length,
    events: floors.events,
    measured,
    floor: summarize("floor", floor, floor),
    apiFloor: summarize("API floor", apiBase, floor),
    every: summarize(every.name, every.samples, apiBase),
    everyVsFloor: summarize(every.name, every.samples, floor),
    response: summarize(response.name, response.samples, floor),
    keep: summarize(kept.name, kept.samples, floor),
    responseVsKeep: summarize(response.name, response.samples, kept.samples),
    apiKeep: summarize(apiKept.name, apiKept.samples, apiBase),
    everyVsApiKeep: summarize(every.name, every.samples, apiKept.samples),
  };
}

/**
 * Bedrock frames decoded as the reader decodes them (16 KiB chunks, CRCs checked, headers read)
 * and their payloads parsed, against the floor (frames cut, both CRCs by `zlib.crc32`,
 * payloads parsed); parsing pre-cut payloads without any CRC is the reference line.
 */
export async function eventStreamBench(rounds: number): Promise<Summary[]> {
  const bytes = body("bedrock", BENCH_SPEC);
  const chunks = chunked(bytes);
  const payloads = framePayloads(bytes);
  const events = payloads.length;
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
    return n;
  };
  return compare(
    [
      counted("frames + both CRCs (zlib.crc32) + JSON.parse (floor)", events, () =>
        frameFloor(chunks),
      ),
      counted("golem event-stream decode + JSON.parse", events, decode),
      counted("pre-cut payloads JSON.parse, no CRC (reference)", events, () =>
        payloadFloor(payloads),
      ),
    ],
    rounds,
    { rotate: true },
  );
}
