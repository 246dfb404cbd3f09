import { describe, expect, it } from "vitest";
import { createLazyPromise } from "../../src/core/lazy-promise.js";

describe("createLazyPromise", () => {
  it("starts its work on the first await, once", async () => {
    let starts = 0;
    const lazy = createLazyPromise<number>(() => {
      starts++;
      lazy.resolve(42);
    });
    expect(starts).toBe(0);
    expect(await lazy.promise).toBe(42);
    expect(await lazy.promise).toBe(42);
    expect(starts).toBe(1);
  });

  it("starts on then, catch and finally too, and is still a Promise", async () => {
    for (const use of [
      (p: Promise<number>) => p.then(() => {}),
      (p: Promise<number>) => p.catch(() => {}),
      (p: Promise<number>) => p.finally(() => {}),
    ]) {
      let started = false;
      const lazy = createLazyPromise<number>(() => {
        started = true;
        lazy.resolve(1);
      });
      expect(lazy.promise).toBeInstanceOf(Promise);
      await use(lazy.promise);
      expect(started).toBe(true);
    }
  });

  it("never becomes an unhandled rejection when nobody awaits it", async () => {
    const seen: unknown[] = [];
    const onUnhandled = (reason: unknown) => seen.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const lazy = createLazyPromise<number>(() => {});
      lazy.reject(new Error("nobody listens"));
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([]);
      await expect(lazy.promise).rejects.toThrow("nobody listens");
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
