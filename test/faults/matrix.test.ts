import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type APIError, GolemError, type StreamError } from "../../src/core/errors.js";
import { partsOf } from "../../src/core/parts.js";
import type { ModelResponse } from "../../src/core/types.js";
import { VARIANT_NAMES } from "../variants.js";
import {
  ADAPTERS,
  type Adapter,
  type Mode,
  OPENAI_RESPONSES,
  WITHOUT_FAULT_ADAPTER,
} from "./adapters.js";
import { accumulate, type CallResult, call, expected, withoutTags } from "./calls.js";
import { type Emulator, startEmulator } from "./emulator.js";
import { type Expected, FAULTS, type Fault } from "./faults.js";

let emulator: Emulator;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const baselines = new Map<string, Promise<ModelResponse>>();
/** Every wire: the five adapters, and OpenAI's over the Responses API too. */
const WIRES: Adapter[] = [...ADAPTERS, OPENAI_RESPONSES];
const labelOf = (a: Adapter) => a.label ?? a.name;

beforeAll(async () => {
  emulator = await startEmulator();
  process.on("unhandledRejection", onUnhandled);
});

afterAll(async () => {
  // A rejection nobody handled is reported after the microtasks of its turn: give it one.
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off("unhandledRejection", onUnhandled);
  await emulator.close();
  expect(unhandled).toEqual([]);
  expect(emulator.unexpected).toEqual([]);
});

function baseline(adapter: Adapter, mode: Mode): Promise<ModelResponse> {
  const key = `${labelOf(adapter)}/${mode}`;
  let p = baselines.get(key);
  if (!p) {
    p = expected(adapter, mode);
    baselines.set(key, p);
  }
  return p;
}

type Case = [label: string, fault: Fault, mode: Mode];

function casesOf(adapter: Adapter): Case[] {
  return FAULTS.filter((f) => !f.adapters || f.adapters.includes(adapter.name)).flatMap((f) =>
    f.modes.map((mode): Case => [`${mode}: ${f.name}`, f, mode]),
  );
}

/** Every adapter meets every fault that applies to it; the count is reported by the last test. */
const counted = WIRES.reduce((n, a) => n + casesOf(a).length, 0);

async function checkError(
  result: CallResult,
  want: Extract<Expected, { ok: false }>,
  adapter: Adapter,
  fault: Fault,
  mode: Mode,
) {
  const error = result.error;
  expect(error, `resolved with ${JSON.stringify(result.response)?.slice(0, 200)}`).toBeInstanceOf(
    want.error,
  );
  if (!(error instanceof GolemError)) return;
  if (mode === "stream") expect(result.responseError).toBe(error);
  if (want.status !== undefined) {
    expect(error).toBeInstanceOf(adapter.APIError);
    expect((error as APIError).status).toBe(want.status);
    expect((error as APIError).provider).toBe(adapter.name);
  }
  const partial = (error as StreamError | APIError).partial;
  if (want.partial) {
    // Something arrived before the break, and `partial` holds exactly that.
    expect(result.deltas.length).toBeGreaterThan(0);
    expect(partial).toBeDefined();
    expect(accumulate(result.deltas)).toEqual(
      withoutTags(partsOf(partial?.message ?? { role: "assistant", content: [] })),
    );
  } else if (mode === "generate") {
    expect(partial).toBeUndefined();
  }
  if (fault.check) fault.check(error as APIError, adapter);
}

describe.each(WIRES.map((a): [string, Adapter] => [labelOf(a), a]))(
  "%s against the emulator's faults",
  (_name, adapter) => {
    it.concurrent.for(casesOf(adapter))("%s ends as documented", async ([, fault, mode]) => {
      const body = adapter.body(mode);
      const route = emulator.route(fault.answers(adapter, mode, body));
      const model = adapter.create(route.url, {
        maxRetries: 1,
        timeoutMs: 5000,
        ...fault.transport,
      });
      const want = fault.expected(adapter, mode);
      const result = await call(model, mode);
      if (want.ok) {
        expect(result.error).toBeUndefined();
        expect(result.response).toEqual(await baseline(adapter, mode));
      } else {
        await checkError(result, want, adapter, fault, mode);
      }
      expect(route.seen).toHaveLength(want.requests);
      // Every exchange is over: finished, or closed by golem (no body left unread and open).
      expect(await route.outcomes()).toEqual(want.outcomes);
    });
  },
);

describe("the fault matrix", () => {
  it("covers every adapter with every fault that applies to it", () => {
    expect(counted).toBeGreaterThanOrEqual(150);
  });

  it("has an adapter, or a reason it has none, for every variant of the registry", () => {
    const covered = [...ADAPTERS.map((a) => a.name), ...Object.keys(WITHOUT_FAULT_ADAPTER)];
    expect(covered.sort()).toEqual([...VARIANT_NAMES].sort());
  });
});
