import { StreamError } from "../core/errors.js";
import { type CRC32Jump, crc32, crc32Apply, crc32Jump, crc32Update } from "./crc32.js";
import type { RecordReader } from "./sse.js";

/**
 * Decoding of AWS event streams (`application/vnd.amazon.eventstream`), the binary framing of
 * Bedrock's ConverseStream. Each frame: uint32 total length, uint32 headers length, uint32
 * CRC-32 of those 8 bytes, the headers, the payload, uint32 CRC-32 of everything before it.
 * All integers are big-endian.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */

/** A header value: the format's ten value types (0-9) map to these. */
export type EventStreamHeaderValue = boolean | number | bigint | string | Uint8Array | Date;

/**
 * One decoded frame: its headers (`:message-type`, `:event-type`, ...) and its raw payload.
 * Frames that repeat a header block share one frozen headers object.
 */
export interface EventStreamMessage {
  headers: Readonly<Record<string, EventStreamHeaderValue>>;
  payload: Uint8Array;
}

/** Feeds bytes in any chunking and hands back the frames each chunk completed. */
export interface FrameDecoder {
  /**
   * The frames completed by this chunk (often none or one); throws `StreamError` on a bad frame,
   * or, when the chunk completed good frames before it, returns those and throws on the next call.
   */
  push(chunk: Uint8Array): EventStreamMessage[];
  /** Declares the end of the bytes; throws `StreamError` for a bad or unfinished frame. */
  end(): void;
}

/** The largest frame we accept (AWS event-stream implementations use the same cap). */
export const MAX_FRAME_LENGTH = 16 * 1024 * 1024;
const PRELUDE_LENGTH = 12;
const MIN_FRAME_LENGTH = 16;

/**
 * Creates a decoder that keeps no buffer between frames: a frame that lies inside one chunk
 * is decoded in place (its payload is a view of the chunk); only a frame that spans chunks is
 * copied, once, into a buffer of its exact length.
 */
export function createFrameDecoder(): FrameDecoder {
  let offset = 0; // stream offset of the next frame (the pending one, if any)
  let pending: Uint8Array | undefined;
  let filled = 0;
  let sized = false; // pending has its frame's full length (not just room for the prelude)

  const complete = (frame: Uint8Array, at: number, total: number, out: EventStreamMessage[]) => {
    out.push(decodeFrame(frame, at, total, offset));
    offset += total;
  };

  /** Copies from the chunk into the pending frame; returns how many bytes it took. */
  const fill = (chunk: Uint8Array, out: EventStreamMessage[]): number => {
    let pos = 0;
    let frame = pending as Uint8Array;
    if (!sized) {
      pos = Math.min(PRELUDE_LENGTH - filled, chunk.length);
      frame.set(chunk.subarray(0, pos), filled);
      filled += pos;
      if (filled < PRELUDE_LENGTH) return pos;
      const full = new Uint8Array(checkPrelude(frame, 0, offset));
      full.set(frame);
      pending = frame = full;
      sized = true;
    }
    const take = Math.min(frame.length - filled, chunk.length - pos);
    frame.set(chunk.subarray(pos, pos + take), filled);
    filled += take;
    if (filled === frame.length) {
      pending = undefined;
      complete(frame, 0, frame.length, out);
    }
    return pos + take;
  };

  const keep = (rest: Uint8Array) => {
    sized = rest.length >= PRELUDE_LENGTH;
    pending = new Uint8Array(sized ? checkPrelude(rest, 0, offset) : PRELUDE_LENGTH);
    pending.set(rest);
    filled = rest.length;
  };

  /** Decodes the frames of one chunk into `out`; a bad frame throws, leaving those before it. */
  const decode = (chunk: Uint8Array, out: EventStreamMessage[]): void => {
    let pos = pending ? fill(chunk, out) : 0;
    if (pending) return;
    while (chunk.length - pos >= PRELUDE_LENGTH) {
      const total = checkPrelude(chunk, pos, offset);
      if (chunk.length - pos < total) break;
      complete(chunk, pos, total, out);
      pos += total;
    }
    if (pos < chunk.length) keep(chunk.subarray(pos));
  };

  // A bad frame is final: nothing after it can be framed. When good frames came before it in
  // the same chunk, they are handed out first and the failure waits for the next call.
  let failure: unknown;

  return {
    push(chunk) {
      if (failure !== undefined) throw failure;
      const out: EventStreamMessage[] = [];
      try {
        decode(chunk, out);
      } catch (err) {
        failure = err;
        if (out.length === 0) throw err;
      }
      return out;
    },
    end() {
      if (failure !== undefined) throw failure;
      if (!pending) return;
      const expected = sized ? `${pending.length}` : "at least 16";
      throw new StreamError(
        `event stream: the body ended inside the frame at byte ${offset} (${filled} of ${expected} bytes)`,
      );
    },
  };
}

/** Decodes a whole event-stream body at once (tests, benchmarks); throws `StreamError`. */
export function decodeFrames(bytes: Uint8Array): EventStreamMessage[] {
  const decoder = createFrameDecoder();
  const out = decoder.push(bytes);
  decoder.end();
  return out;
}

/**
 * Reads an event-stream body in one reader loop, one batch of frames per network chunk that
 * completed any. A bad frame or a body that ends mid-frame is a `StreamError` (after the good
 * frames of the same chunk, on the next read); the body is cancelled then.
 */
export function createEventStreamReader(
  body: ReadableStream<Uint8Array>,
): RecordReader<EventStreamMessage> {
  const reader = body.getReader();
  const decoder = createFrameDecoder();
  const none = new Uint8Array(0);
  let ended = false;
  const cancel = async () => {
    ended = true;
    await reader.cancel().catch(() => {});
  };
  return {
    async read() {
      try {
        // A bad frame that came after good ones in the last chunk fails now, not after a wait.
        if (!ended) decoder.push(none);
        while (!ended) {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            decoder.end();
            return undefined;
          }
          const messages = decoder.push(value);
          if (messages.length > 0) return messages;
        }
        return undefined;
      } catch (err) {
        await cancel();
        throw err;
      }
    },
    cancel,
  };
}

function frameError(what: string, offset: number): StreamError {
  return new StreamError(`event stream: ${what} in the frame at byte ${offset}`);
}

function u32(b: Uint8Array, i: number): number {
  return (
    (((b[i] as number) << 24) |
      ((b[i + 1] as number) << 16) |
      ((b[i + 2] as number) << 8) |
      (b[i + 3] as number)) >>>
    0
  );
}

function u16(b: Uint8Array, i: number): number {
  return ((b[i] as number) << 8) | (b[i + 1] as number);
}

/** Checks the 12-byte prelude at `at` and returns the frame's total length. */
function checkPrelude(b: Uint8Array, at: number, offset: number): number {
  if (crc32(b, at, at + 8) !== u32(b, at + 8)) throw frameError("a bad prelude CRC", offset);
  const total = u32(b, at);
  if (total < MIN_FRAME_LENGTH || total > MAX_FRAME_LENGTH) {
    throw frameError(`an impossible length ${total}`, offset);
  }
  const headersLength = u32(b, at + 4);
  if (headersLength > total - MIN_FRAME_LENGTH) {
    throw frameError(
      `headers (${headersLength} bytes) longer than the frame (${total} bytes)`,
      offset,
    );
  }
  return total;
}

function decodeFrame(b: Uint8Array, at: number, total: number, offset: number): EventStreamMessage {
  const end = at + total;
  const headersStart = at + PRELUDE_LENGTH;
  const headersEnd = headersStart + u32(b, at + 4);
  // The prelude CRC was checked (`checkPrelude`), so it is the register after the first 8 bytes.
  let crc = crc32Update(~u32(b, at + 8), b, at + 8, headersStart);
  const known = knownBlock(b, headersStart, headersEnd);
  if (known) {
    // A header block seen before: its bytes are compared already, so their CRC is a jump.
    known.jump ??= crc32Jump(b, headersStart, headersEnd);
    crc = crc32Update(crc32Apply(crc, known.jump), b, headersEnd, end - 4);
  } else {
    crc = crc32Update(crc, b, headersStart, end - 4);
  }
  if ((crc ^ -1) >>> 0 !== u32(b, end - 4)) throw frameError("a bad message CRC", offset);
  return {
    headers: known ? known.headers : newBlock(b, headersStart, headersEnd, offset),
    payload: b.subarray(headersEnd, end - 4),
  };
}

/**
 * A recently decoded header block: its bytes (as a view), its primitive-only headers (frozen,
 * shared by every frame that repeats the block) and, from its second sighting, its CRC jump.
 */
interface HeaderBlock {
  bytes: DataView;
  headers: Readonly<Record<string, EventStreamHeaderValue>>;
  jump?: CRC32Jump;
}

/** Recently decoded header blocks, by length. */
const HEADER_BLOCKS: (HeaderBlock | undefined)[] = [];
const HEADER_SLOTS = 32;
let view: DataView | undefined;

/**
 * Every frame of a stream repeats one of a few header blocks (":event-type" contentBlockDelta,
 * ":content-type" application/json, ":message-type" event): a block equal byte for byte to one
 * decoded before shares its headers and skips its CRC bytes. Compared four bytes at a time,
 * this takes about a third of decoding the six strings again (Bedrock bench body, 40k frames,
 * Node 20).
 */
function knownBlock(b: Uint8Array, start: number, end: number): HeaderBlock | undefined {
  const length = end - start;
  const known = HEADER_BLOCKS[length % HEADER_SLOTS];
  if (known !== undefined && known.bytes.byteLength === length && sameBytes(known.bytes, b, start))
    return known;
  return undefined;
}

/** Decodes a header block not seen lately, and keeps it when it holds only plain values. */
function newBlock(
  b: Uint8Array,
  start: number,
  end: number,
  offset: number,
): Readonly<Record<string, EventStreamHeaderValue>> {
  const headers = decodeHeaders(b, start, end, offset);
  // Only blocks of plain values are shared: a Uint8Array or Date value could be changed.
  if (end - start <= 512 && Object.values(headers).every((v) => typeof v !== "object")) {
    HEADER_BLOCKS[(end - start) % HEADER_SLOTS] = {
      bytes: new DataView(b.slice(start, end).buffer),
      headers: Object.freeze(headers),
    };
  }
  return headers;
}

function sameBytes(known: DataView, b: Uint8Array, start: number): boolean {
  if (
    view?.buffer !== b.buffer ||
    view.byteOffset !== b.byteOffset ||
    view.byteLength !== b.length
  ) {
    view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }
  const length = known.byteLength;
  let i = 0;
  for (; i + 4 <= length; i += 4) if (known.getInt32(i) !== view.getInt32(start + i)) return false;
  for (; i < length; i++) if (known.getUint8(i) !== view.getUint8(start + i)) return false;
  return true;
}

function decodeHeaders(
  b: Uint8Array,
  start: number,
  end: number,
  offset: number,
): Record<string, EventStreamHeaderValue> {
  const headers: Record<string, EventStreamHeaderValue> = {};
  let i = start;
  while (i < end) {
    const nameLength = b[i] as number;
    if (i + nameLength + 2 > end) throw frameError("a header that runs past the headers", offset);
    const name = readString(b, i + 1, i + 1 + nameLength);
    i += nameLength + 1;
    const type = b[i++] as number;
    const size = valueSize(b, i, type, end);
    if (size < 0) throw frameError(`a header of unknown type ${type}`, offset);
    if (i + size > end) throw frameError("a header that runs past the headers", offset);
    const value = readValue(b, i, type, size);
    // A header named "__proto__" is just a header, not a prototype.
    if (name === "__proto__") Object.defineProperty(headers, name, { value, enumerable: true });
    else headers[name] = value;
    i += size;
  }
  return headers;
}

/** How many bytes a header value of `type` at `i` takes; -1 for an unknown type. */
function valueSize(b: Uint8Array, i: number, type: number, end: number): number {
  switch (type) {
    case 0:
    case 1:
      return 0;
    case 2:
      return 1;
    case 3:
      return 2;
    case 4:
      return 4;
    case 5:
    case 8:
      return 8;
    case 6:
    case 7:
      // A length prefix cut off by the end of the headers reads as too long, and fails `need`.
      return i + 2 > end ? 2 : 2 + u16(b, i);
    case 9:
      return 16;
    default:
      return -1;
  }
}

function readValue(b: Uint8Array, i: number, type: number, size: number): EventStreamHeaderValue {
  switch (type) {
    case 0:
      return true;
    case 1:
      return false;
    case 2:
      return ((b[i] as number) << 24) >> 24;
    case 3:
      return (u16(b, i) << 16) >> 16;
    case 4:
      return u32(b, i) | 0;
    case 5:
      return readInt64(b, i);
    case 6:
      return b.subarray(i + 2, i + size);
    case 7:
      return readString(b, i + 2, i + size);
    case 8:
      return new Date(Number(readInt64(b, i)));
    default:
      return readUuid(b, i);
  }
}

function readInt64(b: Uint8Array, i: number): bigint {
  return BigInt.asIntN(64, (BigInt(u32(b, i)) << 32n) | BigInt(u32(b, i + 4)));
}

function readUuid(b: Uint8Array, i: number): string {
  let hex = "";
  for (let k = 0; k < 16; k++) hex += (b[i + k] as number).toString(16).padStart(2, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let utf8: TextDecoder | undefined;

/** Header names and values; a block seen before is not decoded again (`knownBlock`). */
function readString(b: Uint8Array, start: number, end: number): string {
  utf8 ??= new TextDecoder();
  return utf8.decode(b.subarray(start, end));
}
