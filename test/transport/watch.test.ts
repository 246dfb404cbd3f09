import { describe, expect, it } from "vitest";
import { ConfigError, TimeoutError } from "../../src/core/errors.js";
import { resolveCallOptions } from "../../src/transport/options.js";
import type { RecordReader } from "../../src/transport/sse.js";
import { watchReader } from "../../src/transport/watch.js";

/** A reader whose reads settle only when the test says so; cancelling ends the pending read. */
function scriptedReader() {
  let pending: ((batch: string[] | undefined) => void) | undefined;
  const state = { cancelled: 0 };
  const reader: RecordReader<string> = {
    read: () =>
      new Promise((resolve) => {
        pending = resolve;
      }),
    async cancel() {
      state.cancelled++;
      pending?.(undefined);
    },
  };
  const send = (batch: string[] | undefined) => pending?.(batch);
  return { reader, send, state };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("watchReader", () => {
  it("ends a read the server leaves waiting past idleTimeoutMs in a TimeoutError, and cancels the body", async () => {
    const { reader, state } = scriptedReader();
    const watched = watchReader(reader, { provider: "test", idleTimeoutMs: 50 });
    const error = await watched.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("test: the stream sent nothing for 50 ms");
    expect(state.cancelled).toBe(1);
    // Every later read says the same, without waiting again.
    await expect(watched.read()).rejects.toBe(error);
  });

  it("does not count the time the caller spends between reads as silence", async () => {
    const { reader, send } = scriptedReader();
    const watched = watchReader(reader, { provider: "test", idleTimeoutMs: 60 });
    const first = watched.read();
    send(["a"]);
    await expect(first).resolves.toEqual(["a"]);
    await wait(150);
    const second = watched.read();
    send(["b"]);
    await expect(second).resolves.toEqual(["b"]);
    const end = watched.read();
    send(undefined);
    await expect(end).resolves.toBeUndefined();
  });

  it("ends the call at its deadline even while records keep arriving", async () => {
    const { reader, send } = scriptedReader();
    const deadlineAt = Date.now() + 80;
    const limits = { provider: "test", idleTimeoutMs: 1000, deadlineAt, deadlineMs: 80 };
    const watched = watchReader(reader, limits);
    const feeder = setInterval(() => send(["x"]), 10);
    let error: unknown;
    try {
      for (;;) await watched.read();
    } catch (e) {
      error = e;
    } finally {
      clearInterval(feeder);
    }
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(
      "test: the call did not finish within its deadline of 80 ms",
    );
    expect(Date.now()).toBeGreaterThanOrEqual(deadlineAt);
  });

  it("hands the reader back unwatched when there is no limit at all", () => {
    const { reader } = scriptedReader();
    expect(watchReader(reader, { provider: "test", idleTimeoutMs: Number.POSITIVE_INFINITY })).toBe(
      reader,
    );
  });
});

describe("the time limits of a config", () => {
  it("default the idle limit to ten minutes and leave the deadline off", () => {
    const resolved = resolveCallOptions("p", {});
    expect(resolved.idleTimeoutMs).toBe(600_000);
    expect(resolved.deadlineMs).toBeUndefined();
  });

  it("take Infinity to turn the idle limit off, but not the deadline", () => {
    expect(resolveCallOptions("p", { idleTimeoutMs: Infinity }).idleTimeoutMs).toBe(Infinity);
    expect(() => resolveCallOptions("p", { deadlineMs: Infinity })).toThrow(
      "p: `deadlineMs` must be a positive number, got Infinity",
    );
  });

  it.each([
    ["idleTimeoutMs", 0],
    ["idleTimeoutMs", -5],
    ["idleTimeoutMs", "600"],
    ["deadlineMs", Number.NaN],
  ])("refuse %s: %s", (option, value) => {
    expect(() => resolveCallOptions("p", { [option]: value })).toThrow(ConfigError);
  });
});
