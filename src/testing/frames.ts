import { crc32 } from "../transport/crc32.js";

const STRING_TYPE = 7;

/**
 * Encodes one AWS event-stream frame whose headers are all strings: total and header
 * lengths, the prelude CRC-32, the headers, the payload, the message CRC-32 (big-endian).
 * The recorder uses it to write back a Bedrock stream it had to scrub.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */
export function encodeFrame(
  headers: readonly (readonly [name: string, value: string])[],
  payload: Uint8Array,
): Uint8Array {
  const encoder = new TextEncoder();
  const encoded = headers.map(([name, value]) => [encoder.encode(name), encoder.encode(value)]);
  const headersLength = encoded.reduce(
    (n, [k, v]) => n + 1 + (k?.length ?? 0) + 3 + (v?.length ?? 0),
    0,
  );
  const total = 12 + headersLength + payload.length + 4;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(out, 0, 8));
  let at = 12;
  for (const [name = new Uint8Array(), value = new Uint8Array()] of encoded) {
    out[at++] = name.length;
    out.set(name, at);
    at += name.length;
    out[at++] = STRING_TYPE;
    view.setUint16(at, value.length);
    at += 2;
    out.set(value, at);
    at += value.length;
  }
  out.set(payload, at);
  view.setUint32(total - 4, crc32(out, 0, total - 4));
  return out;
}
