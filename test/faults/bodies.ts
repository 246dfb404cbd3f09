import { type CassetteResponse, responseBytes } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";
import type { Body, Mode } from "./adapters.js";

const encoder = new TextEncoder();

/** Splits an SSE body into its events, each with its own blank line, bytes untouched. */
export function sseEvents(body: Uint8Array): Uint8Array[] {
  const text = new TextDecoder().decode(body);
  const out: Uint8Array[] = [];
  const re = /\r\n\r\n|\n\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(encoder.encode(text.slice(start, m.index + m[0].length)));
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push(encoder.encode(text.slice(start)));
  return out;
}

/** Splits an AWS event-stream body into its frames by their length prefixes. */
export function frames(body: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  for (let at = 0; at < body.length; ) {
    const total = view.getUint32(at);
    out.push(body.slice(at, at + total));
    at += total;
  }
  return out;
}

/** A JSON body in four pieces, so a drip has something to drip. */
function jsonPieces(body: Uint8Array): Uint8Array[] {
  const size = Math.ceil(body.length / 4);
  const out: Uint8Array[] = [];
  for (let at = 0; at < body.length; at += size) out.push(body.slice(at, at + size));
  return out;
}

function bodyOf(
  provider: string,
  scenario: string,
  interaction: number,
  split: (b: Uint8Array) => Uint8Array[],
): Body {
  const res = loadCassette(provider, scenario).interactions[interaction]?.response as
    | CassetteResponse
    | undefined;
  if (!res) throw new Error(`${provider}/${scenario} has no interaction ${interaction}`);
  return { status: res.status, headers: res.headers, pieces: split(responseBytes(res)) };
}

/** The recorded answers an adapter meets: a JSON body for generate, a stream for stream. */
export function bodies(
  provider: string,
  generate: string,
  stream: [string, number],
  split: (b: Uint8Array) => Uint8Array[],
) {
  const g = bodyOf(provider, generate, 0, jsonPieces);
  const s = bodyOf(provider, stream[0], stream[1], split);
  return (mode: Mode) => (mode === "generate" ? g : s);
}
