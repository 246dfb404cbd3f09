import { base64ToBytes, bytesToBase64, concatBytes } from "../../src/testing/cassette.js";
import type { Cassette } from "../../src/testing/index.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import { encodeFrame } from "../import/event-stream.js";
import { scrubText } from "./redact.js";

/**
 * `scrubText` sees a binary body only as base64, where a credential echoed inside an event
 * stream frame cannot be found. So each binary body is searched as text; one that holds a
 * secret is decoded, its string headers and payloads scrubbed, and re-encoded with fresh CRCs
 * (one chunk per frame: the arrival boundaries of that body are lost, the bytes are not).
 * A body that holds a secret but cannot be re-encoded stops the capture.
 */
export function scrubBinaryBodies(cassette: Cassette, secrets: readonly string[]): void {
  const live = secrets.filter((s) => s.length >= 8);
  for (const [i, { response }] of cassette.interactions.entries()) {
    if (!response.chunksBase64) continue;
    const bytes = concatBytes(response.chunksBase64.map(base64ToBytes));
    const text = new TextDecoder().decode(bytes);
    if (!live.some((s) => text.includes(s))) continue;
    response.chunksBase64 = reencode(bytes, live, i);
  }
}

function reencode(bytes: Uint8Array, secrets: readonly string[], interaction: number): string[] {
  const refuse = (why: string): never => {
    throw new Error(
      `interaction ${interaction + 1}: its binary body holds a credential and ${why}; no cassette was written`,
    );
  };
  let frames: ReturnType<typeof decodeFrames> = [];
  try {
    frames = decodeFrames(bytes);
  } catch (err) {
    refuse(`is not a whole event stream (${(err as Error).message})`);
  }
  const decoder = new TextDecoder();
  return frames.map((frame) => {
    const headers = Object.entries(frame.headers).map(([name, value]) => {
      if (typeof value !== "string") refuse(`has a header (${name}) that is not a string`);
      return [name, scrubText(value as string, secrets, false)] as const;
    });
    const payload = scrubText(decoder.decode(frame.payload), secrets, false);
    return bytesToBase64(encodeFrame({ headers, payload }));
  });
}
