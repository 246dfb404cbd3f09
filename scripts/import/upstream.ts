import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** A JSON value as the importer handles it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A recorded response body, in the form the capture kept it. */
export type RecordedBody =
  | { json: Json }
  | { text: string }
  | { bytes: Uint8Array }
  /** Vercel `.chunks.txt`: one JSON event per line, SSE framing removed. */
  | { lines: string[] };

/** One request/response pair of a capture, whatever tool recorded it. */
export interface Exchange {
  /** Absent when the capture stores no request (Vercel fixtures). */
  request?: { method: string; url: string; body: Json };
  response: { status: number; headers: Record<string, string>; body: RecordedBody };
}

/** The capture formats under fixtures/reference/ (README "Format notes"). */
export type CaptureFormat = "fantasy" | "pydantic" | "vercel";

/** Reads one capture file into exchanges. */
export function readCapture(root: string, file: string, format: CaptureFormat): Exchange[] {
  const text = readFileSync(join(root, file), "utf8");
  switch (format) {
    case "fantasy":
      return readFantasy(text);
    case "pydantic":
      return readPydantic(text);
    case "vercel":
      return [readVercel(file, text)];
  }
}

interface FantasyInteraction {
  request: { body: string; url: string; method: string };
  response: { body: string; headers: Record<string, string[]>; code: number };
}

/**
 * charmbracelet/fantasy (go-vcr v2): the request body is the exact JSON sent, the response
 * body the raw HTTP body (SSE text or JSON). Written by Go's YAML 1.2 emitter.
 */
function readFantasy(text: string): Exchange[] {
  const doc = parse(text) as { interactions: FantasyInteraction[] };
  return doc.interactions.map(({ request, response }) => {
    const headers = flattenHeaders(response.headers);
    const raw = response.body;
    return {
      request: { method: request.method, url: request.url, body: JSON.parse(request.body) },
      response: {
        status: response.code,
        headers,
        body: isJSON(headers) ? { json: JSON.parse(raw) } : { text: raw },
      },
    };
  });
}

interface PydanticInteraction {
  request: { method: string; uri: string; parsed_body?: Json; body?: string };
  response: {
    status: { code: number };
    headers: Record<string, unknown[]>;
    parsed_body?: Json;
    body?: { string: string | Uint8Array };
  };
}

/**
 * pydantic-ai (vcrpy + its json_body_serializer): JSON bodies as `parsed_body` (or a JSON
 * string in `body`), SSE as `body.string`, Bedrock's binary event stream as `!!binary`.
 * Written by PyYAML, so read as YAML 1.1 (whose schema has the `binary` tag).
 */
function readPydantic(text: string): Exchange[] {
  const doc = parse(text, { version: "1.1" }) as { interactions: PydanticInteraction[] };
  return doc.interactions.map(({ request, response }) => {
    const requestBody = request.parsed_body ?? JSON.parse(request.body ?? "null");
    const recorded = response.body?.string;
    let body: RecordedBody;
    if (response.parsed_body !== undefined) body = { json: response.parsed_body };
    else if (recorded instanceof Uint8Array) body = { bytes: new Uint8Array(recorded) };
    else body = { text: recorded ?? "" };
    return {
      request: { method: request.method, url: request.uri, body: requestBody },
      response: { status: response.status.code, headers: flattenHeaders(response.headers), body },
    };
  });
}

/**
 * vercel/ai fixtures: `.chunks.txt` holds one provider event per line, `.json` one
 * non-streamed body; neither stores the request or the response headers.
 */
function readVercel(file: string, text: string): Exchange {
  const body: RecordedBody = file.endsWith(".chunks.txt")
    ? { lines: text.split("\n").filter((line) => line !== "") }
    : { json: JSON.parse(text) };
  return { response: { status: 200, headers: {}, body } };
}

/** Lower-cased names, first value; pydantic stores some values as serialized Node Buffers. */
function flattenHeaders(headers: Record<string, unknown[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(headers)) {
    const value = values[0];
    if (typeof value === "string") out[name.toLowerCase()] = value;
    else if (isBufferJSON(value)) {
      out[name.toLowerCase()] = new TextDecoder().decode(new Uint8Array(value.data));
    }
  }
  return out;
}

function isBufferJSON(value: unknown): value is { type: "Buffer"; data: number[] } {
  return (
    typeof value === "object" && value !== null && (value as { type?: unknown }).type === "Buffer"
  );
}

function isJSON(headers: Record<string, string>): boolean {
  return (headers["content-type"] ?? "").includes("json");
}
