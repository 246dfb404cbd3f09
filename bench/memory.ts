/**
 * Memory while streaming a large (default 100 MB) body: the live heap is sampled (after a full
 * GC) every 4 MB of body read, and compared with what the final response alone keeps alive.
 * The memory budget (bench/README.md): a stream holds no more than the final message plus a
 * constant, so peak − final must stay small and must not grow with the body. Needs
 * `node --expose-gc`.
 */
import type { ModelResponse } from "../src/core/types.js";
import { type BodySpec, body, contentType, lazyBody, type Provider } from "./bodies.js";
import { benchModel, responseOnly, streamAll } from "./models.js";

const MB = 1024 * 1024;

/** What one memory run saw, in MiB of live V8 heap above the baseline. */
export interface MemoryResult {
  provider: Provider;
  mode: "stream" | "response";
  bodyMB: number;
  /** The final message's strings (text, thinking, signatures, arguments) as flat strings. */
  messageMB: number;
  /** The final response alone (kept alive, after a full GC). */
  finalMB: number;
  /** The largest live heap seen while the body was read. */
  peakMB: number;
  /** peak − message: what streaming held beyond the final message's own strings. */
  excessMB: number;
}

function liveHeap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc");
  gc();
  return process.memoryUsage().heapUsed;
}

/** A spec whose body is about `megabytes` MB for this provider. */
export function specOfSize(provider: Provider, megabytes: number): BodySpec {
  const sample = { thinking: 2000, text: 2000, seed: 7 };
  const perDelta = body(provider, sample).length / (sample.thinking + sample.text);
  const deltas = Math.round((megabytes * 1e6) / perDelta / 2);
  return { thinking: deltas, text: deltas, seed: 7 };
}

/** Streams a lazily made body of ~`megabytes` MB and reports the live heap it needed. */
export async function memoryBench(
  provider: Provider,
  mode: "stream" | "response",
  megabytes = 100,
): Promise<MemoryResult> {
  const spec = specOfSize(provider, megabytes);
  const baseline = liveHeap();
  let peak = 0;
  let read = 0;
  let nextSample = 0;
  const sample = (bytes: number) => {
    read = bytes;
    if (bytes < nextSample) return;
    nextSample = bytes + 4 * MB;
    peak = Math.max(peak, liveHeap() - baseline);
  };
  const fetch = async () =>
    new Response(lazyBody(provider, spec, sample), {
      status: 200,
      headers: { "content-type": contentType(provider) },
    });
  const model = benchModel(provider, fetch);
  let response: ModelResponse | undefined =
    mode === "stream" ? (await streamAll(model)).response : await responseOnly(model);
  const final = liveHeap() - baseline;
  peak = Math.max(peak, final);
  const message = messageBytes(response);
  response = undefined;
  if (message === 0) throw new Error(`${provider}: empty answer`);
  return {
    provider,
    mode,
    bodyMB: read / 1e6,
    messageMB: message / MB,
    finalMB: final / MB,
    peakMB: peak / MB,
    excessMB: (peak - message) / MB,
  };
}

/** Bytes of a string held flat by V8: one byte per character, two if any is above U+00FF. */
function flatBytes(s: string): number {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return 2 * s.length;
  return s.length;
}

function messageBytes(r: ModelResponse): number {
  const m = r.message;
  let n = flatBytes(m.content);
  for (const b of m.thinking ?? []) n += flatBytes(b.text ?? "") + flatBytes(b.signature ?? "");
  for (const c of m.toolCalls ?? []) n += flatBytes(c.arguments);
  return n;
}
