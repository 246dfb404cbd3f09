import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CancelledStream } from "../../src/core/cancel.js";
import { partsOf } from "../../src/core/parts.js";
import type { Delta } from "../../src/core/types.js";
import { ADAPTERS, type Adapter, type Mode } from "./adapters.js";
import { accumulate, call, REQUEST, withoutTags } from "./calls.js";
import { type Answer, type Emulator, startEmulator, wait } from "./emulator.js";

let emulator: Emulator;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  emulator = await startEmulator();
  process.on("unhandledRejection", onUnhandled);
});

afterAll(async () => {
  await wait(50);
  process.off("unhandledRejection", onUnhandled);
  await emulator.close();
  expect(unhandled).toEqual([]);
  expect(emulator.unexpected).toEqual([]);
});

/** The caller's own reason, so the test sees that exactly this abort ended the call. */
function abortReason(label: string): Error {
  return new Error(`caller gave up: ${label}`);
}

const ok = (a: Adapter, mode: Mode): Answer => {
  const b = a.body(mode);
  return { status: b.status, headers: b.headers, chunks: b.pieces };
};

/** Runs `act` once the call is under way and measures how soon the call ends after the abort. */
async function abortedCall(
  a: Adapter,
  mode: Mode,
  answers: Answer[],
  when: (route: ReturnType<Emulator["route"]>) => Promise<unknown>,
) {
  const route = emulator.route(answers);
  const controller = new AbortController();
  const reason = abortReason(`${a.name} ${mode}`);
  const running = call(a.create(route.url, { timeoutMs: 5000 }), mode, controller.signal);
  await when(route);
  const abortedAt = Date.now();
  controller.abort(reason);
  const result = await running;
  return { result, reason, route, took: Date.now() - abortedAt };
}

const cases = ADAPTERS.flatMap((a) =>
  (["generate", "stream"] as const).map((mode): [string, Adapter, Mode] => [
    `${a.name} ${mode}`,
    a,
    mode,
  ]),
);

describe.each(cases)("%s honours the caller's abort", (_label, a, mode) => {
  it.concurrent("before anything is sent: no request at all", async () => {
    const route = emulator.route([ok(a, mode)]);
    const reason = abortReason("early");
    const result = await call(a.create(route.url, {}), mode, AbortSignal.abort(reason));
    expect(result.error).toBe(reason);
    expect(route.seen).toHaveLength(0);
  });

  it.concurrent("while waiting for the headers", async () => {
    const { result, reason, route, took } = await abortedCall(a, mode, [{ silent: true }], (r) =>
      r.arrived(0),
    );
    expect(result.error).toBe(reason);
    if (mode === "stream") expect(result.responseError).toBe(reason);
    expect(took).toBeLessThan(1000);
    expect(await route.outcomes()).toEqual(["closed"]);
  });

  it.concurrent("during a slow drip of the body", async () => {
    const drip = { ...ok(a, mode), dripMs: 100 };
    const { result, reason, route, took } = await abortedCall(a, mode, [drip], async (r) => {
      await (await r.arrived(0)).started;
      await wait(30);
    });
    expect(result.error).toBe(reason);
    if (mode === "stream") expect(result.responseError).toBe(reason);
    expect(took).toBeLessThan(1000);
    expect(await route.outcomes()).toEqual(["closed"]);
  });

  it.concurrent("during the wait before a retry", async () => {
    const { headers, body } = a.errorAnswer(429, "slow down");
    const limited: Answer = {
      status: 429,
      headers: { ...headers, "retry-after-ms": "10000" },
      chunks: [new TextEncoder().encode(body)],
    };
    const { result, reason, route, took } = await abortedCall(
      a,
      mode,
      [limited, ok(a, mode)],
      async (r) => {
        await (await r.arrived(0)).outcome;
        await wait(30);
      },
    );
    expect(result.error).toBe(reason);
    expect(took).toBeLessThan(1000);
    expect(route.seen).toHaveLength(1);
    expect(await route.outcomes()).toEqual(["finished"]);
  });
});

describe.each(ADAPTERS.map((a): [string, Adapter] => [a.name, a]))(
  "%s stream left early by the caller",
  (_name, a) => {
    it.concurrent("cancels the body and rejects response with what had arrived", async () => {
      const route = emulator.route([{ ...ok(a, "stream"), dripMs: 50 }]);
      const stream = a.create(route.url, {}).stream(REQUEST);
      const deltas: Delta[] = [];
      for await (const d of stream) {
        deltas.push(d);
        break;
      }
      const error = await stream.response.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ name: "AbortError" });
      const partial = (error as CancelledStream).partial;
      expect(accumulate(deltas)).toEqual(
        withoutTags(partsOf(partial?.message ?? { role: "assistant", content: [] })),
      );
      expect(await route.outcomes()).toEqual(["closed"]);
    });
  },
);
