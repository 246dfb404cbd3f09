import { bytesToBase64 } from "../../src/testing/cassette.js";
import { RESPONSE_HEADERS } from "../../src/testing/redact.js";
import { applyEdits, type Edit } from "./edits.js";
import { encodeFrame, type FrameSpec, framesLength } from "./event-stream.js";
import { anthropicMessage, frameLines, geminiResponse, splitEvents } from "./sse.js";
import type { CaptureFormat, Exchange, Json, JsonObject, RecordedBody } from "./upstream.js";

/** One cassette made from a reference capture: where from, and how each exchange is adjusted. */
export interface Entry {
  provider: string;
  scenario: string;
  streaming: boolean;
  /** The cassette's `source`, word for word. */
  source: string;
  /** The file under fixtures/reference/ and the tool that wrote it. */
  capture: { file: string; format: CaptureFormat };
  interactions: readonly InteractionPlan[];
}

export interface InteractionPlan {
  request: RequestPlan;
  response: ResponsePlan;
}

/**
 * A request: the capture's exchange `recorded` with golem's `headers` (the recorded ones are
 * the other client's), its URL mapped by `url` and its body by `edits`; or one `written` by
 * hand (from the capture's exchanges, when it replays what they returned).
 */
export type RequestPlan =
  | {
      recorded: number;
      headers: Record<string, string>;
      url?: (url: string) => string;
      edits?: readonly Edit[];
    }
  | {
      written: {
        url: string;
        headers: Record<string, string>;
        body: Json | ((capture: readonly Exchange[]) => Json);
      };
    };

/**
 * A response: exchange `recorded`'s status and body in the given `shape`, keeping the
 * response headers `scripts/capture` keeps, with `headers` laid over them; or one `written`
 * by hand.
 */
export type ResponsePlan =
  | { recorded: number; shape: Shape; headers?: Record<string, string> }
  | {
      written: { status: number; headers: Record<string, string>; body?: Json; chunks?: string[] };
    };

/**
 * How a recorded body becomes the cassette's: `json` as recorded; SSE text `perEvent` (one
 * chunk per event) or `oneChunk`; binary `bytes` as one chunk; an SSE stream added up into the
 * non-streamed body (`anthropicMessage`, `geminiResponse`); Vercel lines re-framed as
 * `geminiSSE` (`dataSSE`: `\n\n` after each event, as Cohere), or encoded as Bedrock
 * event-stream frames (`bedrockFrames`, one chunk per frame); or the first `frames`
 * event-stream frames, then the frame `append` we encode.
 */
export type Shape =
  | "json"
  | "perEvent"
  | "oneChunk"
  | "bytes"
  | "anthropicMessage"
  | "geminiResponse"
  | "geminiSSE"
  | "dataSSE"
  | "bedrockFrames"
  | { frames: number; append: FrameSpec };

/** Builds the cassette an entry describes, as the JSON object written to fixtures/. */
export function buildCassette(entry: Entry, capture: readonly Exchange[]): JsonObject {
  return {
    scenario: entry.scenario,
    provider: entry.provider,
    streaming: entry.streaming,
    source: entry.source,
    interactions: entry.interactions.map((plan) => ({
      request: buildRequest(plan.request, capture),
      response: buildResponse(plan.response, capture),
    })),
  };
}

function buildRequest(plan: RequestPlan, capture: readonly Exchange[]): JsonObject {
  if ("written" in plan) {
    const { url, headers, body } = plan.written;
    return {
      method: "POST",
      url,
      headers,
      body: typeof body === "function" ? body(capture) : body,
    };
  }
  const recorded = exchange(capture, plan.recorded).request;
  if (!recorded) throw new Error(`exchange ${plan.recorded} stores no request`);
  return {
    method: recorded.method,
    url: plan.url ? plan.url(recorded.url) : recorded.url,
    headers: plan.headers,
    body: applyEdits(recorded.body, plan.edits ?? []),
  };
}

function buildResponse(plan: ResponsePlan, capture: readonly Exchange[]): JsonObject {
  if ("written" in plan) return plan.written as unknown as JsonObject;
  const { status, headers, body } = exchange(capture, plan.recorded).response;
  const kept = Object.fromEntries(Object.entries(headers).filter(([k]) => RESPONSE_HEADERS.has(k)));
  return { status, headers: { ...kept, ...plan.headers }, ...shapeBody(plan.shape, body) };
}

function shapeBody(shape: Shape, body: RecordedBody): JsonObject {
  if (typeof shape === "object") {
    const bytes = bytesOf(body);
    const head = bytes.subarray(0, framesLength(bytes, shape.frames));
    return { chunksBase64: [bytesToBase64(head), bytesToBase64(encodeFrame(shape.append))] };
  }
  switch (shape) {
    case "json":
      return { body: "json" in body ? body.json : JSON.parse(textOf(body)) };
    case "perEvent":
      return { chunks: splitEvents(textOf(body)) };
    case "oneChunk":
      return { chunks: [textOf(body)] };
    case "bytes":
      return { chunksBase64: [bytesToBase64(bytesOf(body))] };
    case "anthropicMessage":
      return { body: anthropicMessage(textOf(body)) };
    case "geminiResponse":
      return { body: geminiResponse(textOf(body)) };
    case "geminiSSE":
      return { chunks: frameLines(linesOf(body), "\r\n\r\n") };
    case "dataSSE":
      return { chunks: frameLines(linesOf(body), "\n\n") };
    case "bedrockFrames":
      return {
        chunksBase64: linesOf(body).map((line) => bytesToBase64(encodeFrame(eventFrame(line)))),
      };
  }
}

/** A Vercel line `{"<eventType>": payload}` as the event frame Bedrock would have sent. */
function eventFrame(line: string): FrameSpec {
  const event = JSON.parse(line) as Record<string, unknown>;
  const [type, payload] = Object.entries(event)[0] ?? [];
  if (type === undefined) throw new Error(`not a Bedrock event line: ${line}`);
  return {
    headers: [
      [":event-type", type],
      [":content-type", "application/json"],
      [":message-type", "event"],
    ],
    payload: JSON.stringify(payload),
  };
}

function textOf(body: RecordedBody): string {
  if ("text" in body) return body.text;
  throw wrongBody(body, "text");
}

function bytesOf(body: RecordedBody): Uint8Array {
  if ("bytes" in body) return body.bytes;
  throw wrongBody(body, "bytes");
}

function linesOf(body: RecordedBody): string[] {
  if ("lines" in body) return body.lines;
  throw wrongBody(body, "lines");
}

function wrongBody(body: RecordedBody, wanted: string): Error {
  return new Error(`the recorded body has no ${wanted} (it has ${Object.keys(body).join()})`);
}

function exchange(capture: readonly Exchange[], i: number): Exchange {
  const found = capture[i];
  if (!found) throw new Error(`the capture has no exchange ${i}`);
  return found;
}
