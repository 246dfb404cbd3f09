/**
 * Encodes AWS event-stream frames for the Bedrock benchmark bodies: string headers only, CRCs
 * from Node's zlib (an implementation independent of golem's `crc32`).
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */
import { crc32 } from "node:zlib";

const encoder = new TextEncoder();

/** One frame: prelude (lengths + CRC), string headers (type 7), payload, message CRC. */
export function encodeFrame(headers: Record<string, string>, payload: Uint8Array): Uint8Array {
  const encoded = Object.entries(headers).map(([name, value]) => {
    const n = encoder.encode(name);
    const v = encoder.encode(value);
    const h = new Uint8Array(1 + n.length + 1 + 2 + v.length);
    h[0] = n.length;
    h.set(n, 1);
    h[1 + n.length] = 7;
    new DataView(h.buffer).setUint16(2 + n.length, v.length);
    h.set(v, 4 + n.length);
    return h;
  });
  const headersLength = encoded.reduce((sum, h) => sum + h.length, 0);
  const total = 12 + headersLength + payload.length + 4;
  const frame = new Uint8Array(total);
  const view = new DataView(frame.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(frame.subarray(0, 8)));
  let at = 12;
  for (const h of encoded) {
    frame.set(h, at);
    at += h.length;
  }
  frame.set(payload, at);
  view.setUint32(total - 4, crc32(frame.subarray(0, total - 4)));
  return frame;
}
