/**
 * The floors the adapters are measured against: the least work that gets every event of the
 * same bytes parsed. SSE: decode, split on blank lines, `JSON.parse` each `data:`. Bedrock:
 * `JSON.parse` of each frame's payload, the frames already cut out (no CRC, no headers).
 */

/** Decodes `chunks`, splits on `separator`, parses each event's data; returns how many. */
export function sseFloor(chunks: readonly Uint8Array[], separator: string): number {
  const decoder = new TextDecoder();
  let text = "";
  for (const c of chunks) text += decoder.decode(c, { stream: true });
  text += decoder.decode();
  let parsed = 0;
  for (const event of text.split(separator)) {
    const at = event.indexOf("data: ");
    if (at < 0) continue;
    const data = event.slice(at + 6);
    if (data !== "[DONE]") {
      JSON.parse(data);
      parsed++;
    }
  }
  return parsed;
}

/** The blank line that ends an event in a provider's SSE body (Gemini sends CRLF). */
export function separatorOf(provider: string): string {
  return provider === "gemini" ? "\r\n\r\n" : "\n\n";
}

/** Decodes and parses each payload; returns how many. */
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
