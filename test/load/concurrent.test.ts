import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelResponse } from "../../src/core/types.js";
import { ADAPTERS, type Adapter } from "../faults/adapters.js";
import { call, expected } from "../faults/calls.js";
import { type Emulator, startEmulator } from "../faults/emulator.js";

const CALLS = 500;
/** Generous: a call holds its final message plus a few small buffers, far below this. */
const MAX_RSS_GROWTH_PER_CALL = 1024 * 1024;

let emulator: Emulator;
const wanted = new Map<string, ModelResponse>();

beforeAll(async () => {
  emulator = await startEmulator();
  for (const a of ADAPTERS) wanted.set(a.name, await expected(a, "stream"));
});

afterAll(async () => {
  await emulator.close();
});

/** Samples the resident set size until stopped; returns the peak seen. */
function watchRSS(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

describe("load", () => {
  it(`runs ${CALLS} concurrent streaming calls across the adapters, each exactly right`, async () => {
    const plan: Adapter[] = Array.from(
      { length: CALLS },
      (_, i) => ADAPTERS[i % ADAPTERS.length] as Adapter,
    );
    const routes = plan.map((a) => {
      const { status, headers, pieces } = a.body("stream");
      return emulator.route([{ status, headers, chunks: pieces }]);
    });
    const before = process.memoryUsage().rss;
    const watch = watchRSS();
    const started = Date.now();
    const results = await Promise.all(
      plan.map((a, i) => call(a.create((routes[i] as (typeof routes)[number]).url, {}), "stream")),
    );
    const took = Date.now() - started;
    const peak = watch.stop();

    results.forEach((r, i) => {
      const a = plan[i] as Adapter;
      expect(r.error, `${a.name} call ${i}`).toBeUndefined();
      expect(r.response).toEqual(wanted.get(a.name));
    });
    const outcomes = (await Promise.all(routes.map((r) => r.outcomes()))).flat();
    expect(outcomes).toEqual(Array(CALLS).fill("finished"));
    expect(emulator.unexpected).toEqual([]);

    const perCall = Math.max(0, peak - before) / CALLS;
    console.info(
      `load: ${CALLS} streams in ${took} ms; RSS ${mb(before)} -> peak ${mb(peak)} (${(perCall / 1024).toFixed(1)} KB per call)`,
    );
    expect(perCall).toBeLessThan(MAX_RSS_GROWTH_PER_CALL);
  });
});

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
