import { afterEach, describe, expect, it } from "vitest";
import type { CancelledStream } from "../../src/core/cancel.js";
import { APIError, GolemError, HistoryError, StreamError } from "../../src/core/errors.js";
import type { Delta, ModelResponse, ModelStream } from "../../src/core/types.js";
import {
  createModelStream,
  NO_DELTAS,
  type StreamMachine,
  type StreamSession,
} from "../../src/send/model-stream.js";
import type { RecordReader } from "../../src/transport/sse.js";
import { collect } from "../contract/adapters.js";
import { rejection } from "../helpers/errors.js";

/** Records are commands: "text:a" yields a text delta, "stop" completes, "throw-…" throws. */
function fakeMachine(): StreamMachine<string> {
  let text = "";
  let complete = false;
  const partial = (): ModelResponse => ({
    message: { role: "assistant", content: text },
    usage: { inputTokens: 1, outputTokens: text.length },
    stopReason: complete ? "end_turn" : "",
  });
  return {
    push(record) {
      if (record.startsWith("text:")) {
        const parts = record.slice(5).split(",");
        text += parts.join("");
        return parts.map((t) => ({ text: t }));
      }
      if (record === "thinking") return [{ thinking: { index: 0, text: "hm" } }];
      if (record === "stop") complete = true;
      if (record === "throw-type") return (undefined as unknown as { x: Delta[] }).x;
      if (record === "throw-syntax") return JSON.parse("{");
      if (record === "throw-api") {
        throw new APIError({
          provider: "fake",
          status: 200,
          type: "overloaded_error",
          message: "busy",
          retryable: true,
        });
      }
      if (record === "throw-stream") throw new StreamError("bad frame");
      if (record === "throw-stream-with-partial") {
        throw new StreamError("bad frame", { ...partial(), stopReason: "mine" });
      }
      if (record === "throw-golem") throw new HistoryError("not a stream problem");
      return NO_DELTAS;
    },
    finish() {
      if (!complete) throw new StreamError("the stream ended early", partial());
      return partial();
    },
    partial,
  };
}

interface FakeReader extends RecordReader<string> {
  reads: number;
  cancels: number;
}

/** Serves the batches in order; `hang` makes the read after them wait for the signal. */
function fakeReader(
  batches: string[][],
  opts: { hang?: AbortSignal; fail?: unknown } = {},
): FakeReader {
  let i = 0;
  let cancelled = false;
  const reader: FakeReader = {
    reads: 0,
    cancels: 0,
    async read() {
      reader.reads++;
      if (cancelled) return undefined;
      const batch = batches[i++];
      if (batch !== undefined) return batch;
      if (opts.fail !== undefined) throw opts.fail;
      const signal = opts.hang;
      if (signal) {
        // Like a fetch body: it errors with the signal's reason when the request is aborted.
        return new Promise<never>((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
        );
      }
      return undefined;
    },
    async cancel() {
      reader.cancels++;
      cancelled = true;
    },
  };
  return reader;
}

interface Harness {
  stream: ModelStream;
  reader: FakeReader;
  opens: number;
  releases: number;
}

function harness(
  batches: string[][],
  opts: { signal?: AbortSignal; hang?: boolean; fail?: unknown; openError?: unknown } = {},
): Harness {
  const reader = fakeReader(batches, {
    ...(opts.hang && opts.signal ? { hang: opts.signal } : {}),
    ...(opts.fail !== undefined ? { fail: opts.fail } : {}),
  });
  const h: Harness = {
    reader,
    opens: 0,
    releases: 0,
    stream: createModelStream(async (): Promise<StreamSession<string>> => {
      h.opens++;
      if (opts.openError !== undefined) throw opts.openError;
      return { reader, machine: fakeMachine(), release: () => h.releases++ };
    }, opts.signal),
  };
  return h;
}

const tick = () => new Promise((r) => setTimeout(r, 10));

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

describe("createModelStream", () => {
  it("yields every delta in order, then response resolves with the final message", async () => {
    const h = harness([["text:a", "noop", "thinking"], ["noop"], ["text:b,c"], ["stop"]]);
    expect(await collect(h.stream)).toStrictEqual([
      { text: "a" },
      { thinking: { index: 0, text: "hm" } },
      { text: "b" },
      { text: "c" },
    ]);
    expect(await h.stream.response).toStrictEqual({
      message: { role: "assistant", content: "abc" },
      usage: { inputTokens: 1, outputTokens: 3 },
      stopReason: "end_turn",
    });
    expect(h.reader.reads).toBe(5);
    expect(h.reader.cancels).toBe(0);
    expect(h.releases).toBe(1);
    expect(h.opens).toBe(1);
  });

  it("makes no request until it is iterated or response is awaited", async () => {
    const h = harness([["text:a"], ["stop"]]);
    await tick();
    expect(h.opens).toBe(0);
    const final = await h.stream.response;
    expect(h.opens).toBe(1);
    expect(final.message.content).toBe("a");
  });

  it("awaiting only response drains the whole stream", async () => {
    const h = harness([["text:a"], ["text:b"], ["noop"], ["text:c", "stop"]]);
    const final = await h.stream.response;
    expect(final.message.content).toBe("abc");
    expect(h.reader.reads).toBe(5);
    expect(h.releases).toBe(1);
  });

  it("also drains when response is used through then or Promise.all", async () => {
    const h = harness([["text:a", "stop"]]);
    const [final] = await Promise.all([h.stream.response]);
    expect(final.message.content).toBe("a");
    expect(h.opens).toBe(1);
  });

  it("hands out the deltas that came before an error in the same batch, then rejects", async () => {
    const h = harness([["text:a", "text:b", "throw-api", "text:never"]]);
    const deltas: Delta[] = [];
    const err = await rejection(
      (async () => {
        for await (const d of h.stream) deltas.push(d);
      })(),
    );
    expect(deltas).toStrictEqual([{ text: "a" }, { text: "b" }]);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).partial?.message.content).toBe("ab");
    expect(h.reader.cancels).toBe(1);
  });

  it("rejects both the iteration and response with the error, with partial attached", async () => {
    const h = harness([["text:a"], ["throw-api"], ["stop"]]);
    const deltas: Delta[] = [];
    const err = await rejection(
      (async () => {
        for await (const d of h.stream) deltas.push(d);
      })(),
    );
    expect(deltas).toStrictEqual([{ text: "a" }]);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).partial?.message.content).toBe("a");
    expect(await rejection(h.stream.response)).toBe(err);
    expect(h.reader.cancels).toBe(1);
    expect(h.releases).toBe(1);
  });

  it("raises no unhandledRejection when the caller only iterates a failing stream", async () => {
    process.on("unhandledRejection", onUnhandled);
    const h = harness([["text:a"], ["throw-stream"]]);
    const err = await rejection(collect(h.stream));
    expect(err).toBeInstanceOf(StreamError);
    await tick();
    await tick();
    expect(unhandled).toStrictEqual([]);
  });

  it("raises no unhandledRejection when the caller breaks out and never looks at response", async () => {
    process.on("unhandledRejection", onUnhandled);
    const h = harness([["text:a", "text:b"], ["stop"]]);
    for await (const _ of h.stream) break;
    await tick();
    await tick();
    expect(unhandled).toStrictEqual([]);
  });

  it("breaking out cancels the reader and rejects response with an AbortError carrying partial", async () => {
    const h = harness([["text:a"], ["text:b"], ["text:c"], ["stop"]]);
    const seen: Delta[] = [];
    for await (const d of h.stream) {
      seen.push(d);
      if (seen.length === 2) break;
    }
    expect(seen).toStrictEqual([{ text: "a" }, { text: "b" }]);
    expect(h.reader.cancels).toBe(1);
    expect(h.releases).toBe(1);
    const err = await rejection(h.stream.response);
    expect(err).toBeInstanceOf(DOMException);
    expect(err).toMatchObject({
      name: "AbortError",
      message: "The stream was cancelled before it finished",
    });
    expect((err as CancelledStream).partial).toStrictEqual({
      message: { role: "assistant", content: "ab" },
      usage: { inputTokens: 1, outputTokens: 2 },
      stopReason: "",
    });
  });

  it("turns a TypeError from push into a StreamError with partial and cause", async () => {
    const h = harness([["text:a"], ["throw-type"]]);
    const err = await rejection(collect(h.stream));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toMatch(/^the stream broke off: /);
    expect((err as StreamError).cause).toBeInstanceOf(TypeError);
    expect((err as StreamError).partial?.message.content).toBe("a");
    expect(await rejection(h.stream.response)).toBe(err);
  });

  it("turns a JSON SyntaxError from push into a StreamError about bad JSON", async () => {
    const h = harness([["text:x", "throw-syntax"]]);
    const err = await rejection(h.stream.response);
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toMatch(/^bad JSON in the stream: /);
    expect((err as StreamError).cause).toBeInstanceOf(SyntaxError);
    expect((err as StreamError).partial?.message.content).toBe("x");
  });

  it("attaches partial to a StreamError from push that has none, and keeps one that has", async () => {
    const bare = await rejection(harness([["text:a", "throw-stream"]]).stream.response);
    expect((bare as StreamError).message).toBe("bad frame");
    expect((bare as StreamError).partial?.message.content).toBe("a");
    const own = await rejection(harness([["text:a", "throw-stream-with-partial"]]).stream.response);
    expect((own as StreamError).partial?.stopReason).toBe("mine");
  });

  it("passes on another golem error from push as is", async () => {
    const err = await rejection(harness([["throw-golem"]]).stream.response);
    expect(err).toBeInstanceOf(HistoryError);
    expect("partial" in (err as object)).toBe(false);
  });

  it("rejects with finish's StreamError when the stream ends early", async () => {
    const h = harness([["text:a"]]);
    const err = await rejection(collect(h.stream));
    expect((err as StreamError).message).toBe("the stream ended early");
    expect((err as StreamError).partial?.message.content).toBe("a");
    expect(await rejection(h.stream.response)).toBe(err);
  });

  it("turns a body that breaks into a StreamError with partial", async () => {
    const h = harness([["text:a"]], { fail: new TypeError("terminated") });
    const err = await rejection(collect(h.stream));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).message).toBe("the stream broke off: terminated");
    expect((err as StreamError).partial?.message.content).toBe("a");
  });

  it("rejects both with open's error as is when the request fails", async () => {
    const refused = new APIError({
      provider: "fake",
      status: 401,
      message: "bad key",
      retryable: false,
    });
    const h = harness([], { openError: refused });
    expect(await rejection(collect(h.stream))).toBe(refused);
    expect(await rejection(h.stream.response)).toBe(refused);
    expect(refused.partial).toBeUndefined();
  });

  it("rejects both with the signal's reason when aborted mid-stream", async () => {
    const controller = new AbortController();
    const h = harness([["text:a"]], { signal: controller.signal, hang: true });
    const seen: Delta[] = [];
    const reason = new Error("user stopped");
    const err = await rejection(
      (async () => {
        for await (const d of h.stream) {
          seen.push(d);
          setTimeout(() => controller.abort(reason), 5);
        }
      })(),
    );
    expect(seen).toStrictEqual([{ text: "a" }]);
    expect(err).toBe(reason);
    expect(await rejection(h.stream.response)).toBe(reason);
    expect(h.reader.cancels).toBe(1);
    expect(h.releases).toBe(1);
  });

  it("rejects with the signal's reason, without opening, when aborted before it starts", async () => {
    const reason = new Error("too late");
    const h = harness([["text:a", "stop"]], { signal: AbortSignal.abort(reason) });
    expect(await rejection(collect(h.stream))).toBe(reason);
    expect(await rejection(h.stream.response)).toBe(reason);
    expect(h.opens).toBe(0);
  });

  it("stops with the signal's reason at the next batch even when the reader does not notice", async () => {
    const controller = new AbortController();
    const h = harness([["text:a"], ["text:b"], ["stop"]], { signal: controller.signal });
    const reason = new Error("stop now");
    const seen: Delta[] = [];
    const err = await rejection(
      (async () => {
        for await (const d of h.stream) {
          seen.push(d);
          controller.abort(reason);
        }
      })(),
    );
    expect(seen).toStrictEqual([{ text: "a" }]);
    expect(err).toBe(reason);
    expect(h.reader.cancels).toBe(1);
  });

  it("can be iterated only once", async () => {
    const h = harness([["text:a", "stop"]]);
    await collect(h.stream);
    expect(() => h.stream[Symbol.asyncIterator]()).toThrow(GolemError);
    expect(() => h.stream[Symbol.asyncIterator]()).toThrow(
      "This stream is already being read; iterate it once, or await response",
    );
  });

  it("cannot be iterated once response is draining it", async () => {
    const h = harness([["text:a", "stop"]]);
    await h.stream.response;
    expect(() => h.stream[Symbol.asyncIterator]()).toThrow(GolemError);
  });

  it("ends the iteration for good once it is done", async () => {
    const h = harness([["text:a", "stop"]]);
    const it = h.stream[Symbol.asyncIterator]();
    expect(await it.next()).toStrictEqual({ done: false, value: { text: "a" } });
    expect(await it.next()).toStrictEqual({ done: true, value: undefined });
    expect(await it.next()).toStrictEqual({ done: true, value: undefined });
    expect(h.reader.reads).toBe(2);
  });
});
