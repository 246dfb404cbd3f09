import { describe, expect, it, vi } from "vitest";
import { abortReason, createAttemptSignal, sleep } from "../../src/transport/abort.js";
import { rejection } from "../helpers/errors.js";

describe("abortReason", () => {
  it("is the signal's reason", () => {
    const reason = new Error("stop");
    expect(abortReason(AbortSignal.abort(reason))).toBe(reason);
  });

  it("is an AbortError DOMException on runtimes that predate reason", () => {
    const reason = abortReason({ aborted: true, reason: undefined } as AbortSignal);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe("AbortError");
  });
});

describe("sleep", () => {
  it("waits about the given time", async () => {
    const started = performance.now();
    await sleep(25);
    expect(performance.now() - started).toBeGreaterThanOrEqual(20);
  });

  it("rejects at once with the reason when the signal is already aborted", async () => {
    const reason = new Error("already");
    expect(await rejection(sleep(10_000, AbortSignal.abort(reason)))).toBe(reason);
  });

  it("rejects with the reason as soon as the signal aborts", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pending = rejection(sleep(10_000, controller.signal));
    const reason = new Error("now");
    setTimeout(() => controller.abort(reason), 5);
    expect(await pending).toBe(reason);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("removes its abort listener once the time is up", async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    await sleep(1, controller.signal);
    expect(remove).toHaveBeenCalledTimes(1);
  });
});

describe("createAttemptSignal", () => {
  it("aborts with the caller's reason when the caller aborts", () => {
    const caller = new AbortController();
    const attempt = createAttemptSignal(caller.signal);
    const reason = new Error("caller");
    caller.abort(reason);
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.signal.reason).toBe(reason);
    expect(attempt.timedOut).toBe(false);
  });

  it("aborts with a TimeoutError DOMException after timeoutMs and says it timed out", async () => {
    const attempt = createAttemptSignal(undefined, 10);
    await new Promise((r) => setTimeout(r, 40));
    expect(attempt.signal.aborted).toBe(true);
    expect((attempt.signal.reason as DOMException).name).toBe("TimeoutError");
    expect(attempt.timedOut).toBe(true);
  });

  it.each([
    ["clearTimeout stops the timer but keeps following the caller", "clearTimeout", true],
    ["release stops both the timer and following the caller", "release", false],
  ] as const)("%s", async (_, stop, follows) => {
    const caller = new AbortController();
    const attempt = createAttemptSignal(caller.signal, 10);
    attempt[stop]();
    await new Promise((r) => setTimeout(r, 40));
    expect(attempt.signal.aborted).toBe(false);
    caller.abort(new Error("later"));
    expect(attempt.signal.aborted).toBe(follows);
    expect(attempt.timedOut).toBe(false);
  });

  it("has no timer without timeoutMs", async () => {
    const attempt = createAttemptSignal(undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(attempt.signal.aborted).toBe(false);
    attempt.release();
  });
});
