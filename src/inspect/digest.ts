import { hashText } from "../core/hash.js";

/**
 * What the page shows of a signature or an encrypted payload: a short hash and the length,
 * never the value (a payload is opaque and may be large; a short hash is enough to tell two
 * apart, or to match one with the same value in a request body).
 */
export interface Digest {
  /** The first 8 characters of golem's fast text hash (not a cryptographic hash). */
  hash: string;
  /** The value's length in characters. */
  length: number;
}

/** The {@link Digest} of a signature or payload. */
export function digestOf(value: string): Digest {
  return { hash: hashText(value).slice(0, 8).padStart(8, "0"), length: value.length };
}

/** `sha·1a2b3c4d, 344 chars`: how a digest reads on the page. */
export function digestLabel(d: Digest): string {
  return `#${d.hash}, ${d.length} chars`;
}

/**
 * Keys whose string values are signatures, encrypted payloads or inline bytes, in every wire's
 * JSON: shown as a digest wherever provider JSON is shown (a provider part, a request body).
 */
const OPAQUE_KEYS = new Set([
  "signature",
  "thoughtSignature",
  "thought_signature",
  "encrypted_content",
  "encryptedContent",
  "redactedContent",
  "redacted",
  "data",
  "bytes",
]);

/** Longer strings are cut in JSON shown on the page (the whole value is in the source file). */
const MAX_JSON_STRING = 4000;

/**
 * `value` as indented JSON with every opaque value (a key in {@link OPAQUE_KEYS}) replaced by
 * its digest, and very long strings cut, so no payload reaches the page through raw JSON.
 */
export function safeJSON(value: unknown): string {
  return JSON.stringify(hideOpaque(value), null, 2) ?? "undefined";
}

function hideOpaque(value: unknown, key?: string): unknown {
  if (typeof value === "string") {
    if (key !== undefined && OPAQUE_KEYS.has(key)) return `<${digestLabel(digestOf(value))}>`;
    if (value.length > MAX_JSON_STRING) {
      return `${value.slice(0, MAX_JSON_STRING)}… <${value.length - MAX_JSON_STRING} more chars>`;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => hideOpaque(v));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = hideOpaque(v, k);
  return out;
}
