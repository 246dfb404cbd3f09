/**
 * The recorder's own small view of AWS event-stream frames (`application/vnd.amazon.eventstream`),
 * enough to scrub a Bedrock stream and write it back: frames whose headers are all strings,
 * CRCs checked and rewritten. (golem/bedrock's decoder knows every header type; the recorder
 * refuses a frame it cannot write back, so it does not need to, and stays small; its CRC-32
 * is the plain bytewise one, as `testing` imports `core` only, and scrubbing is not hot.)
 * Each frame: uint32 total length, uint32 headers length, CRC-32 of those 8 bytes, the
 * headers, the payload, CRC-32 of everything before it; big-endian.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */

/** One frame: its headers in wire order, and its payload. */
export interface StringFrame {
  headers: [name: string, value: string][];
  payload: Uint8Array;
}

const STRING_TYPE = 7;

/** Reads the frames of a whole event stream; throws an Error saying why it is not one. */
export function readStringFrames(bytes: Uint8Array): StringFrame[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const frames: StringFrame[] = [];
  for (let at = 0; at < bytes.length; ) {
    const total = at + 12 <= bytes.length ? view.getUint32(at) : 0;
    const end = at + total;
    if (total < 16 || end > bytes.length) throw new Error(`no whole frame at byte ${at}`);
    const headersEnd = at + 12 + view.getUint32(at + 4);
    const crcsGood =
      crc32(bytes, at, at + 8) === view.getUint32(at + 8) &&
      crc32(bytes, at, end - 4) === view.getUint32(end - 4);
    if (headersEnd > end - 4 || !crcsGood) throw new Error(`a bad frame at byte ${at}`);
    const headers: [string, string][] = [];
    for (let h = at + 12; h < headersEnd; ) {
      const nameEnd = h + 1 + (bytes[h] as number);
      const name = decoder.decode(bytes.subarray(h + 1, nameEnd));
      if (bytes[nameEnd] !== STRING_TYPE) throw new Error(`header ${name} is not a string`);
      const valueEnd = nameEnd + 3 + view.getUint16(nameEnd + 1);
      headers.push([name, decoder.decode(bytes.subarray(nameEnd + 3, valueEnd))]);
      h = valueEnd;
    }
    frames.push({ headers, payload: bytes.subarray(headersEnd, end - 4) });
    at = end;
  }
  return frames;
}

/** Encodes one frame whose headers are all strings, with both CRCs. */
export function encodeFrame(frame: StringFrame): Uint8Array {
  const encoder = new TextEncoder();
  const encoded = frame.headers.map(([n, v]) => [encoder.encode(n), encoder.encode(v)] as const);
  const headersLength = encoded.reduce((n, [k, v]) => n + 4 + k.length + v.length, 0);
  const total = 16 + headersLength + frame.payload.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(out, 0, 8));
  let at = 12;
  for (const [name, value] of encoded) {
    out[at] = name.length;
    out.set(name, at + 1);
    at += 1 + name.length;
    out[at] = STRING_TYPE;
    view.setUint16(at + 1, value.length);
    out.set(value, at + 3);
    at += 3 + value.length;
  }
  out.set(frame.payload, at);
  view.setUint32(total - 4, crc32(out, 0, total - 4));
  return out;
}

let table: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3, as zlib) of `bytes[start, end)`; the table is built on first use. */
function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) {
    crc = (table[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
