import { afterEach, beforeEach, expect } from "vitest";

/**
 * Every test of the calling file also proves that no promise was left rejected without a
 * handler: rejections are collected while it runs and, after `settleMs` for stray ones to
 * surface, must be none.
 */
export function failOnUnhandledRejections(settleMs = 10): void {
  let unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled = [];
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
  });
}
