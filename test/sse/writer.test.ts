import { describe, expect, it } from "vitest";
import { APIError, ConnectionError, TimeoutError } from "../../src/core/errors.js";
import type { Delta, ModelResponse, ModelStream } from "../../src/core/types.js";
import {
  defaultErrorEvent,
  type ErrorEventData,
  type EventStreamOptions,
  eventStreamResponse,
  toEventStream,
} from "../../src/sse/index.js";
import { textResponse } from "../helpers/responses.js";

const RESPONSE = textResponse("ab", { inputTokens: 1, outputTokens: 2 }, "end_turn");
const delta = (text: string): Delta => ({ type: "text", index: 0, text });
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A model stream whose items come from `steps`: a delta at hand (an already-resolved
 * promise), `"wait"` (the next item comes a timer later, as one behind a network read), or an
 * error.
 */
function scripted(steps: (Delta | "wait" | Error)[], response: Promise<ModelResponse>) {
  let i = 0;
  const next = (): Promise<IteratorResult<Delta>> => {
    const step = steps[i++];
    if (step === undefined) return Promise.resolve({ done: true, value: undefined });
    if (step instanceof Error) return Promise.reject(step);
    if (step !== "wait") return Promise.resolve({ done: false, value: step });
    return new Promise((resolve) => setTimeout(() => resolve(next()), 1));
  };
  response.catch(() => {});
  const stream: ModelStream = { response, [Symbol.asyncIterator]: () => ({ next }) };
  return stream;
}

const decoder = new TextDecoder();

describe("toEventStream: the items at hand go out together, never waiting for more", () => {
  it("sends what is at hand before an item that is not there yet, then the rest", async () => {
    const stream = scripted(
      [delta("a"), delta("b"), "wait", delta("c")],
      Promise.resolve(RESPONSE),
    );
    const reader = toEventStream(stream).getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(
      event("delta", delta("a")) + event("delta", delta("b")),
    );
    const second = await reader.read();
    expect(decoder.decode(second.value)).toBe(
      event("delta", delta("c")) + event("response", RESPONSE),
    );
    expect((await reader.read()).done).toBe(true);
  });

  const busy = () => Object.assign(new Error("busy"), { status: 529 });
  it.each([
    [
      "an item that fails",
      [delta("a"), "wait", delta("b"), busy()],
      () => Promise.resolve(RESPONSE),
    ],
    ["a response that fails", [delta("a"), "wait", delta("b")], () => Promise.reject(busy())],
  ] as const)(
    "after %s: the deltas before it, then one error event, then the end",
    async (_, steps, response) => {
      const stream = scripted([...steps], response());
      const reader = toEventStream(stream).getReader();
      let text = "";
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        text += decoder.decode(r.value);
      }
      const error = { name: "Error", message: "failed on the server (status 529)", status: 529 };
      expect(text).toBe(
        event("delta", delta("a")) + event("delta", delta("b")) + event("error", error),
      );
    },
  );
});

/** Everything a stream sends, as text. */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  for (let r = await reader.read(); !r.done; r = await reader.read())
    text += decoder.decode(r.value);
  return text;
}
/** A model stream with no deltas whose response fails with `error`. */
const failing = (error: unknown) => scripted([], Promise.reject(error));

const REQUEST_ID = "req_011CVZ3fDf8Xq";
const UPSTREAM = "llm-proxy.internal.example:8443";
const overloaded = () =>
  new APIError({
    provider: "anthropic",
    status: 529,
    type: "overloaded_error",
    message: "Overloaded",
    requestId: REQUEST_ID,
    retryable: true,
  });
const unreachable = () =>
  new ConnectionError(`anthropic: could not reach ${UPSTREAM} (ECONNREFUSED) after 3 tries`);

describe("the error event a browser sees", () => {
  it.each([
    [
      "an APIError: its class, status and type, not its request id",
      overloaded,
      {
        name: "APIError",
        message: "failed on the server (status 529, overloaded_error)",
        status: 529,
        type: "overloaded_error",
      },
    ],
    [
      "a ConnectionError: its class, not the upstream host",
      unreachable,
      { name: "ConnectionError", message: "failed on the server" },
    ],
    [
      "a TimeoutError",
      () => new TimeoutError(`no answer from ${UPSTREAM} within 1000 ms`),
      { name: "TimeoutError", message: "failed on the server" },
    ],
    [
      "a thrown string",
      () => `secret at ${UPSTREAM}`,
      { name: "Error", message: "failed on the server" },
    ],
  ])("by default, %s", async (_, make, expected: ErrorEventData) => {
    const text = await textOf(toEventStream(failing(make())));
    expect(text).toBe(event("error", expected));
    expect(text).not.toContain(REQUEST_ID);
    expect(text).not.toContain(UPSTREAM);
    expect(defaultErrorEvent(make())).toStrictEqual(expected);
  });

  const shaped: [string, EventStreamOptions["errorEvent"], ErrorEventData][] = [
    [
      "what errorEvent returns, in place of the default",
      (err) => ({ ...defaultErrorEvent(err), message: "The assistant is busy, try again." }),
      {
        name: "APIError",
        message: "The assistant is busy, try again.",
        status: 529,
        type: "overloaded_error",
      },
    ],
    [
      "the whole message, when errorEvent passes it on",
      (err) => ({ name: (err as Error).name, message: (err as Error).message }),
      {
        name: "APIError",
        message: `anthropic 529 overloaded_error: Overloaded (request id ${REQUEST_ID})`,
      },
    ],
    [
      "the default, when errorEvent throws",
      () => {
        throw new Error("the hook broke");
      },
      defaultErrorEvent(overloaded()),
    ],
    [
      "the default, when errorEvent returns no name or message",
      () => ({ status: 1 }) as unknown as ErrorEventData,
      defaultErrorEvent(overloaded()),
    ],
  ];
  it.each(shaped)("with errorEvent, %s", async (_, errorEvent, expected) => {
    const options = errorEvent ? { errorEvent } : {};
    expect(await textOf(toEventStream(failing(overloaded()), options))).toBe(
      event("error", expected),
    );
    const response = eventStreamResponse(failing(overloaded()), { ...options, status: 200 });
    expect(await textOf(response.body as ReadableStream<Uint8Array>)).toBe(
      event("error", expected),
    );
  });

  it("errorEvent hears the error itself, to log it on the server", async () => {
    const heard: unknown[] = [];
    const error = overloaded();
    await textOf(
      toEventStream(failing(error), {
        errorEvent: (err) => {
          heard.push(err);
          return defaultErrorEvent(err);
        },
      }),
    );
    expect(heard).toEqual([error]);
    expect(heard[0]).toBe(error);
  });
});
