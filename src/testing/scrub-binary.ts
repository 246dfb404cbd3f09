import { decodeFrames, type EventStreamMessage } from "../transport/event-stream.js";
import { base64ToBytes, bytesToBase64, type Cassette, concatBytes } from "./cassette.js";
import { CassetteSecretError } from "./errors.js";
import { encodeFrame } from "./frames.js";
import { holdsSecret, type ScrubRules, scrubText } from "./redact.js";

/**
 * A binary body is only base64 in the cassette text, where a credential echoed inside an
 * event-stream frame cannot be found. So each binary body is searched as text; one that holds
 * a secret is decoded, its string headers and payloads scrubbed, and re-encoded with fresh
 * CRCs (one chunk per frame: the arrival boundaries of that body are lost, the bytes are not).
 * A body that holds a secret and cannot be re-encoded is a {@link CassetteSecretError}.
 */
export function scrubBinaryBodies(
  cassette: Cassette,
  secrets: readonly string[],
  rules: ScrubRules,
): void {
  for (const [i, { response }] of cassette.interactions.entries()) {
    if (!response.chunksBase64) continue;
    const bytes = concatBytes(response.chunksBase64.map(base64ToBytes));
    const text = new TextDecoder().decode(bytes);
    if (!holdsSecret(text, secrets) && scrubText(text, [], rules) === text) continue;
    response.chunksBase64 = reencode(bytes, secrets, rules, i);
  }
}

function reencode(
  bytes: Uint8Array,
  secrets: readonly string[],
  rules: ScrubRules,
  interaction: number,
): string[] {
  const refuse = (why: string): never => {
    throw new CassetteSecretError(
      `interaction ${interaction + 1}: its binary body holds a credential and ${why}; no cassette was made`,
    );
  };
  let frames: EventStreamMessage[] = [];
  try {
    frames = decodeFrames(bytes);
  } catch (err) {
    refuse(`is not a whole event stream (${(err as Error).message})`);
  }
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return frames.map((frame) => {
    const headers = Object.entries(frame.headers).map(([name, value]) => {
      if (typeof value !== "string") refuse(`has a header (${name}) that is not a string`);
      return [name, scrubText(value as string, secrets, rules)] as const;
    });
    const payload = scrubText(decoder.decode(frame.payload), secrets, rules);
    return bytesToBase64(encodeFrame(headers, encoder.encode(payload)));
  });
}
