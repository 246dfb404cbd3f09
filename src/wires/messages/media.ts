import { BOTH, HTTP, type MediaRule, mediaRule } from "../../kit/media.js";

/**
 * What the Messages API takes, in user messages and inside `tool_result`: images (5 MB each,
 * https://platform.claude.com/docs/en/build-with-claude/vision), PDFs (32 MB per request,
 * https://platform.claude.com/docs/en/build-with-claude/pdf-support) and plain text documents,
 * which travel as text, so never as a URL.
 */
export const MEDIA: readonly MediaRule[] = [
  mediaRule("image", ["image/jpeg", "image/png", "image/gif", "image/webp"], 5, BOTH, HTTP),
  mediaRule("file", ["application/pdf"], 32, BOTH, HTTP),
  mediaRule("file", ["text/plain"], 32, BOTH),
];
