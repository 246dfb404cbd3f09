/**
 * Tool-call ids for a server that takes only ids of a fixed length of letters and digits
 * (Mistral: "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9", a 400;
 * langchain-ai/langchain#24668). An id of that form (the server's own) goes as it is; another
 * (a call another provider made) goes as a hash of it, so a call and its result, which carry
 * the same id, get the same one on every request, and the history keeps the id it had.
 * @module
 */

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `id` as `length` letters and digits: itself when it is one, else 53 bits of a hash of it
 * (cyrb53) in base 62, padded. Two ids of a request meet on one only by a hash collision
 * (about 1 in 2^53 for a pair).
 */
export function fixedCallId(id: string, length: number): string {
  if (id.length === length && /^[a-zA-Z0-9]*$/.test(id)) return id;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  let n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  let out = "";
  for (let i = 0; i < length; i++) {
    out = DIGITS[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}
