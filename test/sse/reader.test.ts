import { describe, expect, it } from "vitest";
import { GolemError, StreamError } from "../../src/core/errors.js";
import type { Delta } from "../../src/core/types.js";
import {
  EventStreamError,
  EventStreamResponseError,
  readModelStream,
  readRunStream,
} from "../../src/sse/index.js";
import { splitBytes } from "../../src/testing/index.js";

const encoder = new TextEncoder();

const delta = (i: number): Delta => ({ type: "text", index: 0, text: `piece ${i} é "q" \\ ` });
const event = (name: string, data: unknown) =>
  `event: ${name}\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
const RESPONSE = { message: { role: "assistant", content: "x" }, usage: {}, stopReason: "end" };
const ERROR = { name: "APIError", message: "overloaded", status: 529, type: "overloaded_error" };

/** A body of `text` in chunks cut at `cuts`, and whether its reader cancelled it. */
function bodyOf(text: string, cuts: number[] = []) {
  const chunks = splitBytes(encoder.encode(text), cuts);
  const seen = { cancelled: false, pulls: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[seen.pulls++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

/** Every delta a reader hands out, and what ended the iteration (undefined: its end). */
async function iterate(body: ReadableStream<Uint8Array>) {
  const read = readModelStream(body);
  const deltas: Delta[] = [];
  let error: unknown;
  try {
    for await (const d of read) deltas.push(d);
  } catch (err) {
    error = err;
  }
  return { deltas, error, response: await read.response.catch((e: unknown) => e) };
}

const DELTAS = Array.from({ length: 50 }, (_, i) => delta(i));
const WHOLE = DELTAS.map((d) => event("delta", d)).join("") + event("response", RESPONSE);

describe("readModelStream: the events of a body, one at a time", () => {
  it.each([
    ["one chunk", []],
    ["1-byte chunks", Array.from({ length: WHOLE.length }, (_, i) => i + 1)],
    ["7-byte chunks", Array.from({ length: WHOLE.length / 7 }, (_, i) => 7 * (i + 1))],
  ])("hands out every delta in order, then the response (%s)", async (_, cuts) => {
    const { body, seen } = bodyOf(WHOLE, cuts);
    const got = await iterate(body);
    expect(got.deltas).toEqual(DELTAS);
    expect(got.error).toBeUndefined();
    expect(got.response).toEqual(RESPONSE);
    // Read to its final event, the body is not cancelled.
    expect(seen.cancelled).toBe(false);
  });

  // Each error comes after two deltas; a delta after it is never handed out.
  const before = event("delta", delta(0)) + event("delta", delta(1));
  const after = event("delta", delta(9));
  it.each([
    ["an error event", `${before}${event("error", ERROR)}${after}`, EventStreamError],
    ["bad JSON", `${before}${event("delta", "{bad")}${after}`, StreamError],
    [
      "an event cut off by the end of the body",
      `${before}event: delta\ndata: {"type":"te`,
      StreamError,
    ],
    [
      "a delta whose data is not an object",
      `${before}${event("delta", "null")}${after}`,
      StreamError,
    ],
    ["a response event whose data is null", `${before}${event("response", "null")}`, StreamError],
    ["an error event whose data is null", `${before}${event("error", "null")}`, EventStreamError],
    ["an end without the response", before, StreamError],
  ])("after %s: the deltas before it, then the error, also as response", async (_, text, type) => {
    const got = await iterate(bodyOf(text).body);
    expect(got.deltas).toEqual([delta(0), delta(1)]);
    expect(got.error).toBeInstanceOf(type);
    expect(got.response).toBe(got.error);
  });

  it("an error event mid-body cancels the rest of the body", async () => {
    const rest = DELTAS.map((d) => event("delta", d)).join("");
    const { body, seen } = bodyOf(event("error", ERROR) + rest, [200, 400, 600]);
    const got = await iterate(body);
    expect(got.error).toBeInstanceOf(EventStreamError);
    expect(seen.cancelled).toBe(true);
  });

  it("a consumer that stops early cancels the body and rejects response", async () => {
    const { body, seen } = bodyOf(WHOLE, [100, 200, 300]);
    const read = readModelStream(body);
    for await (const d of read) {
      expect(d).toEqual(DELTAS[0]);
      break;
    }
    expect(seen.cancelled).toBe(true);
    await expect(read.response).rejects.toMatchObject({ name: "AbortError" });
  });

  it("awaiting only response reads every event, and the deltas cannot be read after", async () => {
    const { body, seen } = bodyOf(WHOLE, [100, 200, 300]);
    const read = readModelStream(body);
    expect(await read.response).toEqual(RESPONSE);
    expect(seen.pulls).toBeGreaterThan(3);
    expect(() => read[Symbol.asyncIterator]()).toThrow(GolemError);
  });
});

/** A reader of either kind over `body`: its final promise, and the error its loop ends with. */
const READERS = [
  [
    "readRunStream",
    (body: Response | ReadableStream<Uint8Array>) => {
      const read = readRunStream(body);
      return { iterable: read as AsyncIterable<unknown>, final: read.result as Promise<unknown> };
    },
  ],
  [
    "readModelStream",
    (body: Response | ReadableStream<Uint8Array>) => {
      const read = readModelStream(body);
      return { iterable: read as AsyncIterable<unknown>, final: read.response as Promise<unknown> };
    },
  ],
] as const;

const HTML_PAGE =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>…</body></html>";
const NOT_A_STREAM: [string, number, string, string][] = [
  ["a 401 with a text body", 401, "text/plain; charset=utf-8", "Unauthorized"],
  ["a 500 HTML page", 500, "text/html", HTML_PAGE],
  ["a JSON error", 502, "application/json", '{"error":{"message":"upstream timed out"}}'],
  ["a 200 HTML page (a router's fallback)", 200, "text/html; charset=utf-8", HTML_PAGE],
  ["a 200 JSON answer", 200, "application/json", '{"ok":true}'],
];

describe.each(READERS)("%s of an answer that is no event stream", (_, read) => {
  it.each(NOT_A_STREAM)(
    "%s: an EventStreamResponseError with its status, content type and body",
    async (_, status, contentType, text) => {
      const response = () =>
        new Response(text, { status, headers: { "content-type": contentType } });
      const expected = { status, contentType, body: text };
      const error = await read(response()).final.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStreamResponseError);
      expect(error).toBeInstanceOf(EventStreamError);
      expect(error).toMatchObject(expected);
      expect((error as Error).message).toContain(String(status));
      expect((error as Error).message).toContain(contentType);
      // Iterating meets the same error.
      const { iterable, final } = read(response());
      const thrown = await (async () => {
        for await (const _ of iterable);
      })().catch((e: unknown) => e);
      expect(thrown).toMatchObject(expected);
      await expect(final).rejects.toBe(thrown);
    },
  );

  it("a body without a content type (a bare toEventStream in a Response) is read as events", async () => {
    const body = bodyOf(
      `${event("delta", delta(0))}${event("response", RESPONSE)}${event("result", { messages: [], output: "", usage: {}, steps: 0 })}`,
    ).body;
    const { final } = read(new Response(body));
    await expect(final).resolves.toBeTypeOf("object");
  });
});
