import { vi } from "vitest";

/**
 * Runs `start()` with `setTimeout` faked and moves fake time on in `stepMs` steps until the
 * work settles, so a test of a retry that waits (a server's 34.4 s retry hint) takes no real
 * time. Returns the outcome and how much fake time passed; `Date` stays real.
 */
export async function inFakeTime<T>(
  start: () => Promise<T>,
  stepMs = 100,
): Promise<{ value: T; elapsedMs: number }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    let settled = false;
    const work = start().finally(() => {
      settled = true;
    });
    work.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    let elapsedMs = 0;
    await vi.advanceTimersByTimeAsync(0);
    while (!settled) {
      await vi.advanceTimersByTimeAsync(stepMs);
      elapsedMs += stepMs;
      if (elapsedMs > 10 * 60_000) throw new Error("inFakeTime: no end within 10 fake minutes");
    }
    return { value: await work, elapsedMs };
  } finally {
    vi.useRealTimers();
  }
}
