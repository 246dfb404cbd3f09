/**
 * Images and files from bytes: base64 in every runtime (web-standard `btoa` and `atob` only),
 * and the media type of common formats read from their first bytes. Nothing here reads a file:
 * pass the bytes.
 */
import { GolemError } from "./errors.js";
import type { FilePart, ImagePart } from "./types.js";

/** Base64 of `bytes`, in every runtime (`btoa` over chunks, so large inputs do not overflow). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

/** The bytes of base64 `data` (throws on text that is not base64). */
export function base64ToBytes(data: string): Uint8Array {
  const bin = atob(data);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Magic numbers: the first bytes of each format (`-1` matches any byte). */
const SIGNATURES: readonly [string, number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
  ["image/webp", [0x52, 0x49, 0x46, 0x46, -1, -1, -1, -1, 0x57, 0x45, 0x42, 0x50]],
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

/**
 * The media type of PNG, JPEG, GIF, WebP and PDF bytes, read from their first bytes, or
 * `undefined` for anything else (pass the type yourself then).
 * @example detectMediaType(bytes) // "image/png"
 */
export function detectMediaType(bytes: Uint8Array): string | undefined {
  for (const [type, magic] of SIGNATURES) {
    if (magic.every((b, i) => b < 0 || bytes[i] === b)) return type;
  }
  return undefined;
}

/**
 * An image part holding `bytes` as base64 `data`. `mediaType` defaults to what
 * {@link detectMediaType} reads from the bytes; bytes it does not know need one.
 * @example { role: "user", content: [imagePart(png), { type: "text", text: "What is this?" }] }
 */
export function imagePart(bytes: Uint8Array, mediaType?: string): ImagePart {
  return { type: "image", mediaType: mediaTypeOf(bytes, mediaType), data: bytesToBase64(bytes) };
}

/**
 * A file part (a PDF, plain text, ...) holding `bytes` as base64 `data`, with an optional
 * `filename`. `mediaType` defaults to what {@link detectMediaType} reads from the bytes.
 */
export function filePart(bytes: Uint8Array, mediaType?: string, filename?: string): FilePart {
  const part: FilePart = {
    type: "file",
    mediaType: mediaTypeOf(bytes, mediaType),
    data: bytesToBase64(bytes),
  };
  if (filename !== undefined) part.filename = filename;
  return part;
}

function mediaTypeOf(bytes: Uint8Array, given: string | undefined): string {
  const type = given ?? detectMediaType(bytes);
  if (!type) throw new GolemError('unknown media type: pass mediaType (e.g. "text/plain")');
  return type;
}
