import { formatPath } from "../core/issue.js";
import { base64ToBytes, bytesToBase64 } from "../core/media.js";
import {
  array,
  boolean,
  type Check,
  integer,
  object,
  optional,
  type Problem,
  record,
  refine,
  string,
} from "../core/shape.js";
import type { StandardSchemaV1 } from "../core/standard-schema.js";

/** A recorded exchange with a provider: requests made and responses served, in order. */
export interface Cassette {
  scenario: string;
  provider: string;
  streaming: boolean;
  /** How the file was made, from what: "captured …" or "synthesized …". */
  source: string;
  interactions: CassetteInteraction[];
}

/** One request and the response served to it. */
export interface CassetteInteraction {
  request: CassetteRequest;
  response: CassetteResponse;
}

/** A request as golem made it. */
export interface CassetteRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body as sent (absent for a request without one). */
  body?: unknown;
}

/** A response as the provider sent it: at most one of `body`, `text`, `chunks`, `chunksBase64`. */
export interface CassetteResponse {
  /** What `new Response()` accepts: 200 to 599. */
  status: number;
  headers: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A body that is not JSON (an HTML error page from a proxy), served as is. */
  text?: string | undefined;
  /** A streamed text body (SSE), exactly as the chunks arrived. */
  chunks?: string[] | undefined;
  /** A streamed binary body (AWS event stream), each chunk base64. */
  chunksBase64?: string[] | undefined;
}

/**
 * Built on first use, so a bundle that only replays carries none of it. Objects are not
 * strict: a field the format does not know is left alone, as zod's `object` did (which
 * dropped it from its output; `parseCassette` now hands the checked value back as it is).
 */
let cassetteCheck: Check | undefined;

function buildCassetteCheck(): Check {
  const headers = record(string());
  const strings = optional(array(string()));
  // `body` is any JSON, so it is not checked.
  const request = object({ method: string(), url: string(), headers });
  const response = refine(
    object({
      status: integer(200, 599),
      headers,
      text: optional(string()),
      chunks: strings,
      chunksBase64: strings,
    }),
    (r: CassetteResponse) =>
      [r.body, r.text, r.chunks, r.chunksBase64].filter((part) => part !== undefined).length <= 1,
    "a response has at most one of body, text, chunks and chunksBase64",
  );
  return object({
    scenario: string(1),
    provider: string(1),
    streaming: boolean,
    source: string(1),
    interactions: array(object({ request, response })),
  });
}

function cassetteProblem(value: unknown): Problem | undefined {
  cassetteCheck ??= buildCassetteCheck();
  return cassetteCheck(value);
}

/**
 * The check every cassette under `fixtures/` passes, as a Standard Schema (synchronous), so it
 * plugs into anything that takes one; {@link parseCassette} runs the same check.
 */
export const cassetteSchema: StandardSchemaV1<Cassette> = {
  "~standard": {
    version: 1,
    vendor: "golem",
    validate(value) {
      const found = cassetteProblem(value);
      return found
        ? { issues: [{ message: found.reason, path: found.path }] }
        : { value: value as Cassette };
    },
  },
};

/**
 * Checks a cassette (JSON text or parsed JSON) and returns it (parsed JSON as given, not a
 * copy); throws an Error naming the bad field.
 */
export function parseCassette(json: string | unknown): Cassette {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new Error(`Not a cassette: not JSON: ${(cause as Error).message}`, { cause });
    }
  }
  const found = cassetteProblem(value);
  if (found) throw new Error(`Not a cassette: ${formatPath(found.path) || "$"}: ${found.reason}`);
  return value as Cassette;
}

/** The whole response body of an interaction as bytes (chunks joined). */
export function responseBytes(res: CassetteResponse): Uint8Array {
  return concatBytes(responseChunks(res));
}

/** The response body as the chunks it arrived in. */
export function responseChunks(res: CassetteResponse): Uint8Array[] {
  const encoder = new TextEncoder();
  if (res.chunksBase64) return res.chunksBase64.map(base64ToBytes);
  if (res.chunks) return res.chunks.map((c) => encoder.encode(c));
  if (res.text !== undefined) return [encoder.encode(res.text)];
  if (res.body !== undefined) return [encoder.encode(JSON.stringify(res.body))];
  return [];
}

export { base64ToBytes, bytesToBase64 };

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Splits bytes at the given offsets (sorted, deduplicated, out-of-range ignored). */
export function splitBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets)].filter((o) => o > 0 && o < bytes.length).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    out.push(bytes.subarray(start, cut));
    start = cut;
  }
  out.push(bytes.subarray(start));
  return out;
}
