import type { Delta, Model, ModelRequest, ModelResponse } from "../../src/core/types.js";
import { concatBytes } from "../../src/testing/index.js";
import { bodyFetch } from "../contract/adapters.js";
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
  const fetch = bodyFetch([concatBytes(b.pieces)], { status: b.status, headers: b.headers });
  const { response, error } = await call(adapter.create("http://127.0.0.1:9", { fetch }), mode);
  if (!response) throw error;
  return response;
}

/** The parts the deltas add up to (the contract table's accumulator). */
export { accumulate, withoutTags } from "../contract/deltas.js";
