/**
 * The floors the adapters are measured against: the least work that gets every event of the
 * same bytes parsed. No one form is least on every body, so each is measured and the faster
 * one in a round is that round's floor:
 *
 * - SSE, whole body: decode all chunks into one string, split on blank lines, `JSON.parse`
 *   each `data:`. One pass of `split`, but the whole body lives as one string.
 * - SSE, per chunk: decode each chunk, cut events with `indexOf`, `JSON.parse` each `data:`.
 *   An event longer than a chunk is kept in pieces, so the buffer work stays linear.
 * - Bedrock: cut frames from the chunks, check the prelude and message CRC-32 with the
 *   fastest CRC this platform has (Node's native `zlib.crc32`), decode and `JSON.parse` each
 *   payload. `payloadFloor` (pre-cut payloads, no CRC) is kept only as a reference line: it is
 *   work no correct client can get away with.
 *
 * The API floor adds to a floor the least a per-delta async iterator costs: one small object
 * per event, handed out through `for await` with an already-resolved promise. That is the
 * limit for `for await (const delta of stream)`.
 *
 * `keepText` is a reference, not a floor of any goal: the per-chunk floor that also keeps the
 * answer and the reasoning, as any client returning the final message must. It shows what
 * keeping the text costs on its own (the floors keep nothing).
 */
import { crc32 } from "node:zlib";
import { createTextBuffer } from "../src/send/model-stream.js";

/** Hands out the `data:` text of each event of a body, one at a time; undefined at the end. */
export interface EventSource {
  next(): string | undefined;
}

/** The blank line that ends an event in a provider's SSE body (Gemini sends CRLF). */
export function separatorOf(provider: string): string {
  return provider === "gemini" ? "\r\n\r\n" : "\n\n";
}

/** An event's JSON data, or undefined for an event without data and for `[DONE]`. */
function dataOf(event: string): string | undefined {
  const at = event.indexOf("data: ");
  if (at < 0) return undefined;
  const data = event.slice(at + 6);
  return data === "[DONE]" ? undefined : data;
}

/** The whole-body form: every chunk decoded into one string, then split on `separator`. */
export function wholeBodyEvents(chunks: readonly Uint8Array[], separator: string): EventSource {
  const decoder = new TextDecoder();
  let text = "";
  for (const c of chunks) text += decoder.decode(c, { stream: true });
  text += decoder.decode();
  const events = text.split(separator);
  let i = 0;
  return {
    next() {
      while (i < events.length) {
        const data = dataOf(events[i++] as string);
        if (data !== undefined) return data;
      }
      return undefined;
    },
  };
}

/** Past this many characters without a separator, the text so far is set aside as a piece. */
const PIECE = 64 * 1024;

/** The per-chunk form: each chunk decoded as it comes, events cut with `indexOf`. */
export function perChunkEvents(chunks: readonly Uint8Array[], separator: string): EventSource {
  const decoder = new TextDecoder();
  const keep = separator.length - 1;
  let text = "";
  let at = 0;
  // Where the separator search resumes: a separator can only end past what was searched.
  let from = 0;
  // The start of an event longer than PIECE, set aside so that it is not copied again.
  const pieces: string[] = [];
  let i = 0;
  return {
    next() {
      for (;;) {
        const end = text.indexOf(separator, from);
        if (end >= 0) {
          let event = text.slice(at, end);
          if (pieces.length > 0) {
            event = pieces.join("") + event;
            pieces.length = 0;
          }
          at = from = end + separator.length;
          const data = dataOf(event);
          if (data !== undefined) return data;
          continue;
        }
        if (i > chunks.length) return undefined;
        const chunk = chunks[i++];
        const decoded = chunk
          ? decoder.decode(chunk, { stream: true })
          : `${decoder.decode()}${separator}`;
        let rest = text.slice(at);
        if (rest.length > PIECE) {
          pieces.push(rest.slice(0, rest.length - keep));
          rest = rest.slice(rest.length - keep);
        }
        from = Math.max(0, rest.length - keep);
        text = rest + decoded;
        at = 0;
      }
    },
  };
}

/** Parses every event's data; returns how many. */
export function parseAll(events: EventSource): number {
  let parsed = 0;
  for (let data = events.next(); data !== undefined; data = events.next()) {
    JSON.parse(data);
    parsed++;
  }
  return parsed;
}

/** The SSE floor in its whole-body form; returns how many events it parsed. */
export function sseWholeFloor(chunks: readonly Uint8Array[], separator: string): number {
  return parseAll(wholeBodyEvents(chunks, separator));
}

/** The SSE floor in its per-chunk form; returns how many events it parsed. */
export function sseChunkFloor(chunks: readonly Uint8Array[], separator: string): number {
  return parseAll(perChunkEvents(chunks, separator));
}

/**
 * The payloads of an event-stream body, cut from its chunks as they come, both CRCs checked
 * with `zlib.crc32`; a frame split across chunks is copied into one array first.
 */
export function checkedFrames(chunks: readonly Uint8Array[]): EventSource {
  const decoder = new TextDecoder();
  let buffer: Uint8Array = new Uint8Array(0);
  let view = new DataView(buffer.buffer);
  let at = 0;
  let i = 0;
  return {
    next() {
      for (;;) {
        const left = buffer.length - at;
        if (left >= 12) {
          const total = view.getUint32(at);
          if (left >= total) {
            if (crc32(buffer.subarray(at, at + 8)) !== view.getUint32(at + 8)) {
              throw new Error("prelude CRC mismatch");
            }
            const end = at + total - 4;
            if (crc32(buffer.subarray(at, end)) !== view.getUint32(end)) {
              throw new Error("message CRC mismatch");
            }
            const payload = buffer.subarray(at + 12 + view.getUint32(at + 4), end);
            at += total;
            return decoder.decode(payload);
          }
        }
        const chunk = chunks[i++];
        if (chunk === undefined) {
          if (left > 0) throw new Error("the body ends inside a frame");
          return undefined;
        }
        if (left === 0) buffer = chunk;
        else {
          const joined = new Uint8Array(left + chunk.length);
          joined.set(buffer.subarray(at));
          joined.set(chunk, left);
          buffer = joined;
        }
        view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        at = 0;
      }
    },
  };
}

/** The Bedrock floor: frames cut, CRCs checked, payloads parsed; returns how many. */
export function frameFloor(chunks: readonly Uint8Array[]): number {
  return parseAll(checkedFrames(chunks));
}

/** Reference only: decodes and parses pre-cut payloads (no CRC); returns how many. */
export function payloadFloor(payloads: readonly Uint8Array[]): number {
  const decoder = new TextDecoder();
  for (const p of payloads) JSON.parse(decoder.decode(p));
  return payloads.length;
}

/** The payloads of an event-stream body, cut out by the length fields alone (big-endian). */
export function framePayloads(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const total = view.getUint32(at);
    const headers = view.getUint32(at + 4);
    out.push(bytes.subarray(at + 12 + headers, at + total - 4));
    at += total;
  }
  return out;
}

/** The least a delta costs a caller: one small object, holding the parsed event. */
export interface FloorDelta {
  event: unknown;
}

const DONE: IteratorResult<FloorDelta> = Object.freeze({ done: true, value: undefined });

/** The events parsed one per `next()`, each handed out in its own object, already resolved. */
export function floorDeltas(events: EventSource): AsyncIterable<FloorDelta> {
  const iterator: AsyncIterator<FloorDelta> = {
    next() {
      const data = events.next();
      if (data === undefined) return Promise.resolve(DONE);
      return Promise.resolve({ done: false, value: { event: JSON.parse(data) } });
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

/** An API floor: every event through `for await`, as a caller reads deltas; returns how many. */
export async function apiFloor(events: EventSource): Promise<number> {
  let n = 0;
  for await (const _ of floorDeltas(events)) n++;
  return n;
}

/** Where a parsed event of a provider's body carries reasoning or answer text. */
type TextPicker = (event: never, keep: (thinking: boolean, text: unknown) => void) => void;

interface AnyEvent {
  type?: string;
  index?: number;
  /** An object in every body but Responses, where it is the piece of text itself. */
  delta?: string & {
    text?: unknown;
    thinking?: unknown;
    reasoningContent?: { text?: unknown };
    content?: unknown;
    reasoning_content?: unknown;
  };
  candidates?: { content?: { parts?: { text?: unknown; thought?: boolean }[] } }[];
  choices?: { delta?: { content?: unknown; reasoning_content?: unknown } }[];
}

const PICKERS: Record<string, TextPicker> = {
  anthropic: (e: AnyEvent, keep) => {
    if (e.type === "content_block_delta")
      keep(e.delta?.text === undefined, e.delta?.text ?? e.delta?.thinking);
  },
  bedrock: (e: AnyEvent, keep) => {
    const reasoning = e.delta?.reasoningContent;
    keep(reasoning !== undefined, reasoning ? reasoning.text : e.delta?.text);
  },
  gemini: (e: AnyEvent, keep) => {
    for (const part of e.candidates?.[0]?.content?.parts ?? [])
      keep(part.thought === true, part.text);
  },
  responses: (e: AnyEvent, keep) => {
    if (e.type === "response.reasoning_summary_text.delta") keep(true, e.delta);
    else if (e.type === "response.output_text.delta") keep(false, e.delta);
  },
  openai: (e: AnyEvent, keep) => {
    const delta = e.choices?.[0]?.delta;
    keep(true, delta?.reasoning_content);
    keep(false, delta?.content);
  },
};

/** Collects a body's reasoning and answer text from its parsed events, as golem joins them. */
function textKeeper(provider: string) {
  const pick = PICKERS[provider === "azure" ? "openai" : provider] as TextPicker;
  const thinking = createTextBuffer();
  const text = createTextBuffer();
  const keep = (isThinking: boolean, piece: unknown) => {
    if (typeof piece === "string" && piece !== "") (isThinking ? thinking : text).append(piece);
  };
  return {
    add: (event: unknown) => pick(event as never, keep),
    texts: () => ({ thinking: thinking.text(), text: text.text() }),
  };
}

/**
 * The keep-the-text floor: parses every event and keeps its reasoning and answer text (joined
 * as golem joins them, `createTextBuffer`, the cheapest of the ways tried); returns both texts.
 * The least a client that returns the message can do, so `response` only is measured against it.
 */
export function keepText(
  provider: string,
  events: EventSource,
): { thinking: string; text: string } {
  const kept = textKeeper(provider);
  for (let data = events.next(); data !== undefined; data = events.next()) {
    kept.add(JSON.parse(data));
  }
  return kept.texts();
}

/**
 * The API floor that keeps the text: every event through `for await` as {@link apiFloor} hands
 * it out, its reasoning and answer text kept as {@link keepText} keeps them. The least a client
 * that streams every delta and returns the message can do: golem's every-delta figure's floor.
 */
export async function apiKeepText(
  provider: string,
  events: EventSource,
): Promise<{ thinking: string; text: string }> {
  const kept = textKeeper(provider);
  for await (const delta of floorDeltas(events)) kept.add(delta.event);
  return kept.texts();
}
