import * as z from "zod/mini";
import { describeIssue, formatPath } from "../core/issue.js";

// Every zod call below is marked pure: built at module top level, the schemas would otherwise
// keep zod's core in any bundle that imports golem/testing, even one that only replays.
const headersSchema = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.string(),
);

const requestSchema = /* @__PURE__ */ z.object({
  method: /* @__PURE__ */ z.string(),
  url: /* @__PURE__ */ z.string(),
  headers: headersSchema,
  /** The JSON body as sent (absent for a request without one). */
  body: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
});

const responseSchema = /* @__PURE__ */ z
  .object({
    /** What `new Response()` accepts. */
    status: /* @__PURE__ */ z.int().check(/* @__PURE__ */ z.gte(200), /* @__PURE__ */ z.lte(599)),
    headers: headersSchema,
    /** A JSON body. */
    body: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
    /** A body that is not JSON (an HTML error page from a proxy), served as is. */
    text: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    /** A streamed text body (SSE), exactly as the chunks arrived. */
    chunks: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
    /** A streamed binary body (AWS event stream), each chunk base64. */
    chunksBase64: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  })
  .check(
    /* @__PURE__ */ z.refine(
      (r) =>
        [r.body, r.text, r.chunks, r.chunksBase64].filter((part) => part !== undefined).length <= 1,
      "a response has at most one of body, text, chunks and chunksBase64",
    ),
  );

/** The zod schema every cassette under `fixtures/` satisfies. */
export const cassetteSchema = /* @__PURE__ */ z.object({
  scenario: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  provider: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  streaming: /* @__PURE__ */ z.boolean(),
  /** How the file was made, from what: "captured …" or "synthesized …". */
  source: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  interactions: /* @__PURE__ */ z.array(
    /* @__PURE__ */ z.object({ request: requestSchema, response: responseSchema }),
  ),
});

/** A recorded exchange with a provider: requests made and responses served, in order. */
export type Cassette = z.infer<typeof cassetteSchema>;
export type CassetteInteraction = Cassette["interactions"][number];
export type CassetteRequest = CassetteInteraction["request"];
export type CassetteResponse = CassetteInteraction["response"];

/** Checks a cassette (JSON text or parsed JSON); throws an Error naming the bad field. */
export function parseCassette(json: string | unknown): Cassette {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new Error(`Not a cassette: not JSON: ${(cause as Error).message}`, { cause });
    }
  }
  const result = cassetteSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (!issue) throw new Error("Not a cassette");
    throw new Error(
      `Not a cassette: ${formatPath(issue.path) || "$"}: ${describeIssue(issue, value)}`,
    );
  }
  return result.data;
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

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

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
