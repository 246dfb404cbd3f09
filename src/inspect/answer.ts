/**
 * A cassette's recorded answer read by golem's own wire code, so the inspector knows no wire
 * format itself: a JSON body through the wire's `parseResponse`, a streamed body through the
 * wire's stream machine, fed the records the transport parses from the recorded chunks (SSE
 * text, or Converse's binary event-stream frames). What comes out is golem's `ModelResponse`:
 * its message, usage, model and input transformations, as `generate` and `stream` return them.
 */
import { APIError, type APIErrorFields } from "../core/errors.js";
import { base64ToBytes } from "../core/media.js";
import type { ModelResponse } from "../core/types.js";
import type { StreamMachine } from "../send/model-stream.js";
import type { CassetteResponse } from "../testing/cassette.js";
import { createFrameDecoder, type EventStreamMessage } from "../transport/event-stream.js";
import type { SSERecord } from "../transport/sse.js";
import { sseRecords } from "../transport/sse-text.js";
import { parseResponse as cohereAnswer } from "../wires/cohere/response.js";
import { createStreamState as cohereStream } from "../wires/cohere/stream.js";
import { parseResponse as converseAnswer } from "../wires/converse/response.js";
import { createStreamState as converseStream } from "../wires/converse/stream.js";
import { parseResponse as geminiAnswer } from "../wires/generate-content/response.js";
import { createStreamState as geminiStream } from "../wires/generate-content/stream.js";
import { parseResponse as messagesAnswer } from "../wires/messages/response.js";
import { createStreamState as messagesStream } from "../wires/messages/stream.js";
import { resolveServer } from "../wires/openai-chat/dialect.js";
import { contentParser } from "../wires/openai-chat/response.js";
import { serverOf } from "../wires/openai-chat/servers.js";
import { createStreamState as chatStream } from "../wires/openai-chat/stream.js";
import { parseResponsesResponse } from "../wires/openai-responses/response.js";
import { createResponsesStreamState } from "../wires/openai-responses/stream.js";

const toError = (fields: APIErrorFields) => new APIError(fields);

/** The request an answer was made for: its URL and model, and the platform's tag. */
interface Asked {
  provider: string;
  url: string;
  model: string;
}

/** How one wire's answers are read: a JSON body, and a stream of SSE records or of frames. */
type WireReader = {
  /** The request URL's path ends like this (a count or models endpoint does not). */
  path: RegExp;
  json(body: unknown, asked: Asked): ModelResponse;
} & (
  | { sse(asked: Asked): StreamMachine<SSERecord> }
  | { frames(asked: Asked): StreamMachine<EventStreamMessage> }
);

/**
 * How a Chat Completions server writes reasoning into `content` (between tags, or as chunks),
 * as golem/openai resolves it: the server its URL's host names (else the generic one), for the
 * model asked.
 */
const chatServer = (asked: Asked) => resolveServer(serverOf(asked.url), asked.model);

/**
 * The wires by the path their requests go to. Reasoning item ids are kept (Responses), so the
 * page can show them; a Converse stream is read as one that may carry citations, which reads an
 * uncited text as the same text part (its pieces joined at the block's end).
 */
const WIRES: readonly WireReader[] = [
  {
    path: /\/converse(-stream)?$/,
    json: (body, a) => converseAnswer(body, a.provider),
    frames: (a) => converseStream(toError, undefined, a.provider, true),
  },
  {
    path: /:(stream)?generateContent$/i,
    json: (body, a) => geminiAnswer(body as Parameters<typeof geminiAnswer>[0], a.provider),
    sse: (a) => geminiStream(toError, undefined, a.provider),
  },
  {
    path: /\/chat\/completions$/,
    json: (body, a) => contentParser(chatServer(a))(body, a.provider),
    sse: (a) => chatStream(toError, undefined, a.provider, chatServer(a)),
  },
  {
    path: /\/responses$/,
    json: (body, a) => parseResponsesResponse(body, a.provider, true),
    sse: (a) =>
      createResponsesStreamState({ provider: a.provider, requestId: undefined, toError }, true),
  },
  {
    path: /\/v2\/chat$/,
    json: (body, a) => cohereAnswer(body as Parameters<typeof cohereAnswer>[0], a.provider),
    sse: (a) => cohereStream(toError, undefined, a.provider),
  },
  {
    path: /\/messages$|\/models\/(?!count-tokens:)[^/]+:(stream)?rawPredict$/i,
    json: (body, a) => messagesAnswer(body, a.provider),
    sse: (a) => messagesStream(toError, undefined, a.provider),
  },
];

/** The reader of the wire a request URL speaks, or `undefined` (a count or models endpoint). */
function wireOf(url: string): WireReader | undefined {
  const path = url.split(/[?#]/)[0] ?? "";
  return WIRES.find((w) => w.path.test(path));
}

/** A recorded answer as golem reads it: the response (whole, or what arrived), and why not whole. */
export interface RecordedAnswer {
  response?: ModelResponse;
  problem?: string;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Every record through the machine; what arrived, and the error, when the stream failed. */
function replay<R>(machine: StreamMachine<R>, records: () => Iterable<R>): RecordedAnswer {
  try {
    for (const record of records()) machine.push(record);
    return { response: machine.finish() };
  } catch (err) {
    return { response: machine.partial(), problem: messageOf(err) };
  }
}

/** Converse's frames, decoded from the recorded base64 chunks in the order they arrived. */
function* framesOf(chunks: readonly string[]): Generator<EventStreamMessage> {
  const decoder = createFrameDecoder();
  for (const chunk of chunks) yield* decoder.push(base64ToBytes(chunk));
  decoder.end();
}

/**
 * The answer to a request (its URL and body), read by the parser or stream machine of the wire
 * its URL speaks, under the platform's tag `provider`. Nothing for an error status or an
 * endpoint that is not a model call; a `problem` where the wire's code refused the answer or
 * the stream ended early.
 */
export function readAnswer(
  request: { url: string; body?: unknown },
  res: CassetteResponse,
  provider: string,
): RecordedAnswer {
  const wire = wireOf(request.url);
  if (!wire || res.status >= 400) return {};
  const model = (request.body as { model?: unknown } | undefined)?.model;
  const asked = { provider, url: request.url, model: typeof model === "string" ? model : "" };
  try {
    if (res.chunks) {
      const text = res.chunks.join("");
      if ("sse" in wire) return replay(wire.sse(asked), () => sseRecords(text));
      return { problem: "a text stream where the wire streams binary event-stream frames" };
    }
    if (res.chunksBase64) {
      const chunks = res.chunksBase64;
      if ("frames" in wire) return replay(wire.frames(asked), () => framesOf(chunks));
      return { problem: "a binary stream where the wire streams server-sent events" };
    }
    if (res.body === undefined) return {};
    return { response: wire.json(res.body, asked) };
  } catch (err) {
    return { problem: messageOf(err) };
  }
}
