import { HTTP, type MediaRule, mediaRule, USER } from "../../kit/media.js";

/**
 * Cohere's Chat API takes images in user messages only (`image_url`: a `data:` URL or an
 * `http(s)` URL): PNG, JPEG, WEBP and non-animated GIF, at most 20 MB of image data a request
 * (so 20 MB a part here); a tool result is text or documents, and no file type is taken.
 * @see https://docs.cohere.com/docs/image-inputs ("Limitations")
 */
export const COHERE_MEDIA: readonly MediaRule[] = [
  mediaRule("image", ["image/png", "image/jpeg", "image/webp", "image/gif"], 20, USER, HTTP),
];
