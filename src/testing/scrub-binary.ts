import { base64ToBytes, bytesToBase64, type Cassette, concatBytes } from "./cassette.js";
import { CassetteSecretError } from "./errors.js";
import { encodeFrame, readStringFrames, type StringFrame } from "./frames.js";
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
  let frames: StringFrame[] = [];
  try {
    frames = readStringFrames(bytes);
  } catch (err) {
    refuse(`is not an event stream the recorder can write back (${(err as Error).message})`);
  }
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return frames.map((frame) => {
    const headers = frame.headers.map(([name, value]): [string, string] => [
      name,
      scrubText(value, secrets, rules),
    ]);
    const payload = encoder.encode(scrubText(decoder.decode(frame.payload), secrets, rules));
    return bytesToBase64(encodeFrame({ headers, payload }));
  });
}
