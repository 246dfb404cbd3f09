import type { Delta, Model, ModelRequest, ModelResponse } from "../../src/core/types.js";
import type { Adapter, Mode } from "./adapters.js";

/** The one request every emulated call sends; the emulator answers it from a cassette. */
export const REQUEST: ModelRequest = {
  messages: [{ role: "user", content: "What's the weather in Florence, Italy?" }],
};

/** What became of one call: its response, or its error (and a stream's `response` rejection). */
export interface CallResult {
  response?: ModelResponse;
  error?: unknown;
  /** A stream's `response` promise when the iteration failed: it must reject with the same error. */
  responseError?: unknown;
  deltas: Delta[];
}

/** Runs one call to its end, collecting a stream's deltas. */
export async function call(model: Model, mode: Mode, signal?: AbortSignal): Promise<CallResult> {
  const deltas: Delta[] = [];
  const opts = signal ? { signal } : {};
  if (mode === "generate") {
    try {
      return { response: await model.generate(REQUEST, opts), deltas };
    } catch (error) {
      return { error, deltas };
    }
  }
  const stream = model.stream(REQUEST, opts);
  try {
    for await (const d of stream) deltas.push(d);
    return { response: await stream.response, deltas };
  } catch (error) {
    const responseError = await stream.response.then(
      () => "resolved",
      (e: unknown) => e,
    );
    return { error, responseError, deltas };
  }
}

/** What the adapter makes of the recorded answer when nothing goes wrong (no network). */
export async function expected(adapter: Adapter, mode: Mode): Promise<ModelResponse> {
  const b = adapter.body(mode);
  const whole = new Blob(b.pieces as BlobPart[]);
  const fetch = async () => new Response(whole, { status: b.status, headers: b.headers });
  const { response, error } = await call(adapter.create("http://127.0.0.1:9", { fetch }), mode);
  if (!response) throw error;
  return response;
}

/** The text and thinking the deltas carried, as the message they would make. */
export function accumulate(deltas: readonly Delta[]): { content: string; thinking: string[] } {
  let content = "";
  const thinking: string[] = [];
  for (const d of deltas) {
    if (d.text) content += d.text;
    if (d.thinking?.text) {
      thinking[d.thinking.index] = (thinking[d.thinking.index] ?? "") + d.thinking.text;
    }
  }
  return { content, thinking };
}
