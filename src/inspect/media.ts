import { digestOf } from "./digest.js";
import type { PartView } from "./view.js";

/** Image types a browser shows from a `data:` URL without running anything (no SVG). */
const THUMBNAIL_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Larger inline images are shown by digest only, so one image cannot make the page huge. */
const MAX_THUMBNAIL = 512 * 1024;

/**
 * An image or file as the page shows it: inline data as a `data:` thumbnail (an image of a
 * safe type, valid base64, not too large) and always by digest; a URL only as text, never
 * loaded (the page makes no request).
 */
export function mediaView(
  mediaType: string,
  data: string | undefined,
  url: string | undefined,
  filename?: string,
): NonNullable<PartView["media"]> {
  const out: NonNullable<PartView["media"]> = { mediaType };
  if (filename !== undefined) out.filename = filename;
  if (url !== undefined) out.url = url;
  if (data !== undefined) {
    out.data = digestOf(data);
    const type = mediaType.toLowerCase();
    if (THUMBNAIL_TYPES.has(type) && data.length <= MAX_THUMBNAIL && BASE64.test(data)) {
      out.thumbnail = `data:${type};base64,${data}`;
    }
  }
  return out;
}
