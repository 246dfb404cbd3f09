import { bytesToBase64, type CassetteResponse } from "./cassette.js";

/** How a response body is kept: SSE as text chunks, event streams as base64, JSON parsed. */
export type BodyKind = "sse" | "binary" | "json" | "text";

/** The kind of body a content type announces. */
export function bodyKind(contentType: string): BodyKind {
  if (contentType.includes("text/event-stream")) return "sse";
  if (contentType.includes("application/vnd.amazon.eventstream")) return "binary";
  if (contentType.includes("json")) return "json";
  return "text";
}

/** Stores the chunks that arrived on the response, once (a later call changes nothing). */
export function storeBody(res: CassetteResponse, kind: BodyKind, chunks: Uint8Array[]): void {
  if (res.body !== undefined || res.text !== undefined || res.chunks || res.chunksBase64) return;
  if (kind === "binary") {
    res.chunksBase64 = chunks.map(bytesToBase64);
    return;
  }
  const decoder = new TextDecoder();
  if (kind === "sse") {
    // Text chunks keep the arrival boundaries; a character split across two chunks moves
    // whole into the later one, so the joined text is exact.
    res.chunks = chunks.map((c) => decoder.decode(c, { stream: true }));
    const tail = decoder.decode();
    if (tail) res.chunks.push(tail);
    return;
  }
  const text = chunks.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode();
  if (kind === "json" && text !== "") {
    try {
      res.body = JSON.parse(text);
      return;
    } catch {
      // A JSON content type with a body that is not JSON: keep the text.
    }
  }
  if (text !== "") res.text = text;
}

/**
 * A body that hands the consumer the very chunks that arrive and keeps a copy of each;
 * `done` runs once when the body ends, breaks or is cancelled.
 */
export function teeBody(
  body: ReadableStream<Uint8Array>,
  done: (chunks: Uint8Array[]) => void,
): ReadableStream<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done(chunks);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
          return;
        }
        chunks.push(value.slice());
        controller.enqueue(value);
      } catch (err) {
        finish();
        controller.error(err);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}
