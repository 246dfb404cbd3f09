import { bytesToBase64 } from "../../src/testing/cassette.js";
import type { CassetteInteraction } from "../../src/testing/index.js";
import { RESPONSE_HEADERS, redactHeaders, redactURL } from "./redact.js";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Wraps a fetch so every exchange is recorded exactly: the request as golem built it, and the
 * response body as the chunks that arrived (SSE as text, binary event streams as base64).
 * The adapter reads the very same bytes it would have read without the recorder.
 */
export function recordingFetch(base: Fetch): { fetch: Fetch; interactions: CassetteInteraction[] } {
  const interactions: CassetteInteraction[] = [];
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    const requestHeaders: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      if (k !== "content-length") requestHeaders[k] = v;
    });
    const response = await base(input, init);
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      if (RESPONSE_HEADERS.has(k)) headers[k] = v;
    });
    const interaction: CassetteInteraction = {
      request: {
        method: request.method,
        url: redactURL(request.url),
        headers: redactHeaders(requestHeaders),
        body: text === "" ? undefined : JSON.parse(text),
      },
      response: { status: response.status, headers },
    };
    interactions.push(interaction);
    if (!response.body) return response;
    const kind = bodyKind(response.headers.get("content-type") ?? "");
    const chunks: Uint8Array[] = [];
    const reader = response.body.getReader();
    const finish = () => store(interaction, kind, chunks);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
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
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch, interactions };
}

type BodyKind = "sse" | "binary" | "json" | "text";

function bodyKind(contentType: string): BodyKind {
  if (contentType.includes("text/event-stream")) return "sse";
  if (contentType.includes("application/vnd.amazon.eventstream")) return "binary";
  if (contentType.includes("json")) return "json";
  return "text";
}

function store(interaction: CassetteInteraction, kind: BodyKind, chunks: Uint8Array[]): void {
  const res = interaction.response;
  if (res.body !== undefined || res.text !== undefined || res.chunks || res.chunksBase64) return;
  if (kind === "binary") {
    res.chunksBase64 = chunks.map(bytesToBase64);
    return;
  }
  if (kind === "sse") {
    // Text chunks keep the arrival boundaries; a character split across two chunks moves
    // whole into the later one, so the joined text is exact.
    const decoder = new TextDecoder();
    res.chunks = chunks.map((c) => decoder.decode(c, { stream: true }));
    const tail = decoder.decode();
    if (tail) res.chunks.push(tail);
    return;
  }
  const decoder = new TextDecoder();
  const text = chunks.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode();
  if (kind === "json") {
    try {
      res.body = JSON.parse(text);
      return;
    } catch {
      // A JSON content type with a body that is not JSON: keep the text.
    }
  }
  res.text = text;
}
