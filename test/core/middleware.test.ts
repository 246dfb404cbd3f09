import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type CallHooks,
  ConfigError,
  type Delta,
  type Model,
  type ModelCall,
  type ModelResponse,
  wrapModel,
} from "../../src/index.js";
import { deltasOf, ScriptedModel } from "../agent/scripted-model.js";
import { runCassette } from "../contract/table.js";

const answer = (text: string): ModelResponse => ({
  message: {
    role: "assistant",
    content: [
      { type: "thinking", text: "hmm", signature: "sig-1" },
      { type: "text", text },
    ],
  },
  usage: { inputTokens: 3, outputTokens: 5 },
  stopReason: "end_turn",
});

/** A middleware that writes down what it hears, as lines. */
function recorder(): { log: string[]; middleware: (call: ModelCall) => CallHooks } {
  const log: string[] = [];
  return {
    log,
    middleware: (call) => {
      log.push(`call ${call.streaming ? "stream" : "generate"} ${call.request.messages.length}`);
      return {
        delta: (d) => log.push(`delta ${d.type} ${d.index}`),
        response: (r) => log.push(`response ${r.stopReason}`),
        error: (e) => log.push(`error ${(e as Error).message}`),
      };
    },
  };
}

const ask = { messages: [{ role: "user" as const, content: "hi" }] };

describe("wrapModel", () => {
  it("hears a generate call before it is sent, then its response, and returns it unchanged", async () => {
    const scripted = answer("ok");
    const inner = new ScriptedModel([{ response: scripted }]);
    const { log, middleware } = recorder();
    const model = wrapModel(inner, middleware);
    expect(log).toEqual([]);
    const response = await model.generate(ask);
    expect(response).toBe(scripted);
    expect(log).toEqual(["call generate 1", "response end_turn"]);
    expect(inner.requests[0]).toBe(ask);
  });

  it("hears each delta in order, then the response, and hands out the wrapped model's deltas", async () => {
    const inner = new ScriptedModel([{ response: answer("ok") }]);
    const { log, middleware } = recorder();
    const stream = wrapModel(inner, middleware).stream(ask);
    const seen: Delta[] = [];
    for await (const d of stream) seen.push(d);
    expect(seen).toEqual(deltasOf(answer("ok").message));
    expect((await stream.response).stopReason).toBe("end_turn");
    expect(log).toEqual([
      "call stream 1",
      "delta thinking 0",
      "delta thinking 0",
      "delta text 1",
      "response end_turn",
    ]);
  });

  it("keeps a stream lazy: nothing is called until it is read", async () => {
    const inner = new ScriptedModel([{ response: answer("ok") }]);
    const { log, middleware } = recorder();
    const stream = wrapModel(inner, middleware).stream(ask);
    await new Promise((r) => setTimeout(r, 5));
    expect(log).toEqual([]);
    expect(inner.calls).toHaveLength(0);
    await stream.response;
    expect(inner.calls).toHaveLength(1);
  });

  it("drains for the deltas when only the response is awaited and a delta hook listens", async () => {
    const inner = new ScriptedModel([{ response: answer("ok") }]);
    const { log, middleware } = recorder();
    await wrapModel(inner, middleware).stream(ask).response;
    expect(log.filter((l) => l.startsWith("delta"))).toHaveLength(3);
    expect(log.at(-1)).toBe("response end_turn");
  });

  it("awaits the wrapped response without making deltas when no delta hook listens", async () => {
    const scripted = answer("ok");
    let iterated = false;
    const inner: Model = {
      provider: "fake",
      model: "fake-1",
      generate: async () => scripted,
      stream: () => ({
        response: Promise.resolve(scripted),
        [Symbol.asyncIterator]() {
          iterated = true;
          return [][Symbol.iterator]() as unknown as AsyncIterator<Delta>;
        },
      }),
    };
    const heard: string[] = [];
    const model = wrapModel(inner, () => ({ response: (r) => heard.push(r.stopReason) }));
    expect(await model.stream(ask).response).toBe(scripted);
    expect(heard).toEqual(["end_turn"]);
    expect(iterated).toBe(false);
  });

  it("reports a failed call to error and rejects with the same error, generate and stream", async () => {
    const boom = new Error("overloaded");
    const inner = new ScriptedModel([
      { response: answer("x"), error: boom },
      { response: answer("x"), error: boom },
    ]);
    const { log, middleware } = recorder();
    const model = wrapModel(inner, middleware);
    await expect(model.generate(ask)).rejects.toBe(boom);
    const stream = model.stream(ask);
    await expect(
      (async () => {
        for await (const _ of stream) {
        }
      })(),
    ).rejects.toBe(boom);
    await expect(stream.response).rejects.toBe(boom);
    expect(log.filter((l) => l.startsWith("error"))).toEqual([
      "error overloaded",
      "error overloaded",
    ]);
  });

  it("refuses a call when the middleware throws: no request is sent", async () => {
    const inner = new ScriptedModel([{ response: answer("x") }]);
    const model = wrapModel(inner, () => {
      throw new Error("over budget");
    });
    await expect(model.generate(ask)).rejects.toThrow("over budget");
    await expect(model.stream(ask).response).rejects.toThrow("over budget");
    expect(inner.calls).toHaveLength(0);
  });

  it("closes the wrapped stream when the caller breaks out, and reports the cancellation", async () => {
    const inner = new ScriptedModel([{ response: answer("ok") }]);
    const { log, middleware } = recorder();
    const stream = wrapModel(inner, middleware).stream(ask);
    for await (const _ of stream) break;
    expect(inner.calls[0]?.stoppedEarly).toBe(true);
    await expect(stream.response).rejects.toThrow("stream cancelled");
    expect(log.at(-1)).toBe("error stream cancelled");
  });

  it("passes an abort through: the wrapped stream stops and the hooks hear the AbortError", async () => {
    const inner = new ScriptedModel([{ response: answer("ok"), hold: true }]);
    const { log, middleware } = recorder();
    const controller = new AbortController();
    const stream = wrapModel(inner, middleware).stream(ask, { signal: controller.signal });
    const reading = (async () => {
      for await (const _ of stream) {
      }
    })();
    setTimeout(() => controller.abort(), 20);
    await expect(reading).rejects.toThrow(/abort/i);
    expect(inner.calls[0]?.signal).toBe(controller.signal);
    expect(log.at(-1)).toMatch(/^error .*abort/i);
  });

  it("lets other members through to the wrapped model, called on it", async () => {
    class Counting extends ScriptedModel {
      readonly #perCall = 7;
      async countTokens() {
        return this.#perCall;
      }
    }
    const model = wrapModel(new Counting([]), () => undefined);
    expectTypeOf(model).toEqualTypeOf<Counting>();
    expect(model.provider).toBe("scripted");
    expect(await model.countTokens()).toBe(7);
  });

  it("hands out the very messages a cassette run makes: the wrapper changes no part", async () => {
    const plain = await runCassette("anthropic", "interleaved-tool-loop-stream");
    const seen: ModelResponse[] = [];
    const wrapped = await runCassette("anthropic", "interleaved-tool-loop-stream", {
      wrap: (m: Model) => wrapModel(m, () => ({ response: (r) => seen.push(r) })),
    });
    expect(wrapped.error).toBeUndefined();
    expect(wrapped.turns.map((t) => t.response)).toEqual(plain.turns.map((t) => t.response));
    expect(seen).toHaveLength(wrapped.turns.length);
    for (const [i, r] of seen.entries()) expect(r).toBe(wrapped.turns[i]?.response);
  });
});

describe("wrapModel refuses what it cannot wrap", () => {
  it.each([
    ["no model", () => wrapModel(undefined as never, () => undefined), /must be a Model/],
    [
      "a model without stream",
      () => wrapModel({ generate: () => {} } as never, () => undefined),
      /must be a Model/,
    ],
    [
      "a middleware that is not a function",
      () => wrapModel(new ScriptedModel([]), {} as never),
      /middleware must be a function/,
    ],
  ])("%s", (_, wrap, message) => {
    expect(wrap).toThrow(ConfigError);
    expect(wrap).toThrow(message);
  });
});
