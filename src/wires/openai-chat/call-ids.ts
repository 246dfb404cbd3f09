/**
 * Tool-call ids for a server that takes only ids of a fixed length of letters and digits
 * (Mistral: "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9", a 400;
 * langchain-ai/langchain#24668). An id of that form (the server's own) goes as it is; another
 * (a call another provider made) goes as a hash of it, so a call and its result, which carry
 * the same id, get the same one on every request, and the history keeps the id it had.
 * @module
 */
import { hashText } from "../../core/hash.js";

/**
 * `id` as `length` letters and digits: itself when it is one, else the last `length` base-36
 * digits of core's 53-bit hash of it, padded. Two ids of a request meet on one only by a hash
 * collision (for 9 digits, about 1 in 36^9, 2^46, for a pair).
 */
export function fixedCallId(id: string, length: number): string {
  if (id.length === length && /^[a-zA-Z0-9]*$/.test(id)) return id;
  return hashText(id).padStart(length, "0").slice(-length);
}
