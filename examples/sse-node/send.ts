/**
 * golem/sse on a Node `http` server (Express too: its `res` is the same `ServerResponse`):
 * the recipe of docs/sse.md. golem/sse makes a web `Response`; Node writes to a
 * `ServerResponse`. Two lines of Node join them, and the client leaving stops the run.
 */
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/**
 * A signal that aborts when the client goes away before the response is finished. Listen on
 * the response, not the request: a request's `close` fires as soon as its body has been read.
 */
export function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Writes a web `Response` (as `eventStreamResponse` makes it) to a Node response: its status,
 * its headers, then its body as it comes. When the client goes away, `pipeline` destroys the
 * body's stream, which cancels it: `toEventStream` stops the run (or the model call).
 */
export async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    res.end();
    return;
  }
  try {
    // The DOM's ReadableStream type and Node's are the same object at run time.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch {
    // The client went away mid-stream (ERR_STREAM_PREMATURE_CLOSE): nothing is left to send.
  }
}
