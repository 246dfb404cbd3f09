/**
 * Mistral's reasoning as content chunks. An answer's `content` (and a stream delta's, which is
 * a string or such a list) is a list of `{ type: "thinking", thinking: [{ type: "text", text }],
 * signature? }` and `{ type: "text", text }` chunks in the order the model wrote them, and an
 * assistant message takes them back in the same form (https://docs.mistral.ai/capabilities/reasoning/;
 * `ThinkChunk`, `TextChunk`, `AssistantMessage.content` and `DeltaMessage.content` in
 * @mistralai/mistralai 2.7.0's models/components). Other chunk types (references, images)
 * are not read.
 * @module
 */
import type { ThinkPiece } from "../../kit/think-tags.js";
import type { ContentChunk } from "./wire.js";

/** A run of content: its kind and text, and a thinking chunk's signature when it has one. */
export interface ContentPiece extends ThinkPiece {
  signature?: string;
}

type Loose = { type?: unknown; text?: unknown; thinking?: unknown; signature?: unknown } | null;

const textOf = (c: Loose) =>
  c?.type === "text" && typeof c.text === "string" ? c.text : undefined;

/** A content list's text and thinking chunks as pieces, in order (a thinking chunk's texts joined). */
export function readChunks(content: readonly unknown[]): ContentPiece[] {
  const out: ContentPiece[] = [];
  for (const c of content as Loose[]) {
    const text = textOf(c);
    if (text !== undefined) out.push({ kind: "text", text });
    else if (c?.type === "thinking" && Array.isArray(c.thinking)) {
      const piece: ContentPiece = {
        kind: "thinking",
        text: (c.thinking as Loose[]).map((t) => textOf(t) ?? "").join(""),
      };
      if (typeof c.signature === "string" && c.signature !== "") piece.signature = c.signature;
      out.push(piece);
    }
  }
  return out;
}

/** Pieces as the content list they came in: each thinking part one chunk, its signature kept. */
export function writeChunks(pieces: readonly ContentPiece[]): ContentChunk[] {
  const out: ContentChunk[] = [];
  for (const { kind, text, signature } of pieces) {
    if (kind === "text") {
      if (text !== "") out.push({ type: "text", text });
    } else if (text !== "" || signature !== undefined) {
      out.push({
        type: "thinking",
        thinking: [{ type: "text", text }],
        ...(signature !== undefined && { signature }),
      });
    }
  }
  return out;
}
