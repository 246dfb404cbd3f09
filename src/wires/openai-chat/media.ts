import { BOTH, HTTP, type MediaPart, type MediaRule, mediaRule, USER } from "../../kit/media.js";

/** The image types both OpenAI APIs take. */
const IMAGES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/**
 * Chat Completions: images (20 MB each) and PDFs in user messages; a tool message is text only.
 * @see https://platform.openai.com/docs/guides/images-vision
 * @see https://platform.openai.com/docs/guides/pdf-files
 */
export const CHAT_MEDIA: readonly MediaRule[] = [
  mediaRule("image", IMAGES, 20, USER, HTTP),
  mediaRule("file", ["application/pdf"], 50, USER),
];

/** File name extensions by media type, for a file sent without a `filename` (OpenAI needs one). */
export const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/markdown": "md",
  "text/csv": "csv",
  "text/html": "html",
  "application/json": "json",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** A file's name: its own, or `file-<message>-<part>.<extension>`. */
export function filenameOf(p: MediaPart, index: number, j: number): string {
  return (p.type === "file" && p.filename) || `file-${index}-${j}.${EXTENSIONS[p.mediaType]}`;
}

/**
 * The Responses API: images (20 MB each) and files (50 MB: PDFs, text, office documents) in
 * user messages and in `function_call_output`, inline or from a URL.
 * @see https://platform.openai.com/docs/guides/images-vision
 * @see https://platform.openai.com/docs/guides/file-inputs
 */
export const RESPONSES_MEDIA: readonly MediaRule[] = [
  mediaRule("image", IMAGES, 20, BOTH, HTTP),
  mediaRule("file", /* @__PURE__ */ Object.keys(EXTENSIONS), 50, BOTH, HTTP),
];
