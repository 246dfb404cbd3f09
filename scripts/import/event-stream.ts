import { crc32 } from "node:zlib";

/** A frame to encode: string headers in wire order, and a UTF-8 payload. */
export interface FrameSpec {
  headers: readonly (readonly [name: string, value: string])[];
  payload: string;
}

const STRING_TYPE = 7;

/**
 * Encodes one `application/vnd.amazon.eventstream` frame: total and header lengths, prelude
 * CRC32, headers (all of type string), payload, message CRC32.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */
export function encodeFrame(frame: FrameSpec): Uint8Array {
  const encoder = new TextEncoder();
  const headers = Buffer.concat(
    frame.headers.map(([name, value]) => {
      const n = encoder.encode(name);
      const v = encoder.encode(value);
      const head = Buffer.alloc(1 + n.length + 3);
      head[0] = n.length;
      head.set(n, 1);
      head[1 + n.length] = STRING_TYPE;
      head.writeUInt16BE(v.length, 2 + n.length);
      return Buffer.concat([head, v]);
    }),
  );
  const payload = encoder.encode(frame.payload);
  const total = 12 + headers.length + payload.length + 4;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(total, 0);
  out.writeUInt32BE(headers.length, 4);
  out.writeUInt32BE(crc32(out.subarray(0, 8)), 8);
  out.set(headers, 12);
  out.set(payload, 12 + headers.length);
  out.writeUInt32BE(crc32(out.subarray(0, total - 4)), total - 4);
  return new Uint8Array(out);
}

/** The byte length of the first `count` frames of an event stream (read from their preludes). */
export function framesLength(bytes: Uint8Array, count: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 4 > bytes.length) throw new Error(`the event stream has fewer than ${count} frames`);
    at += view.getUint32(at);
  }
  return at;
}
