import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  type AgentOptions,
  GolemError,
  HistoryError,
  type Message,
  OutputError,
  type Part,
  type RunEvent,
  type Tool,
  tool,
} from "../../src/index.js";
import { failOnUnhandledRejections } from "../helpers/unhandled.js";
import {
  answer,
  bareTool,
  call,
  callTools,
  deferred,
  echo,
  ScriptedModel,
  type Turn,
  tick,
} from "./scripted-model.js";

// Every test here also proves that no promise was left rejected without a handler.
failOnUnhandledRejections();

function thinkingLoop(): Turn[] {
  return [
    callTools(
      [call("c1", "echo", { say: "x" })],
      [
        { type: "thinking", text: "Call echo.", signature: "sig-1", provider: "anthropic" },
        { type: "text", text: "Let me ask echo." },
      ],
    ),
    answer("It said x."),
  ];
}

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("Agent.runStream", () => {
  it("streams the deltas, then each message as it is added", async () => {
    const turns = thinkingLoop();
    const model = new ScriptedModel(turns);
    const events = await collect(new Agent({ model, tools: [echo] }).runStream("go"));
    const tool1: Message = { role: "tool", content: "x", toolCallId: "c1" };
    expect(events).toStrictEqual([
      { type: "message", step: 0, message: { role: "user", content: "go" } },
      { type: "delta", step: 1, delta: { type: "thinking", index: 0, text: "Call echo." } },
      { type: "delta", step: 1, delta: { type: "thinking", index: 0, signature: "sig-1" } },
      { type: "delta", step: 1, delta: { type: "text", index: 1, text: "Let me ask echo." } },
      {
        type: "delta",
        step: 1,
        delta: { type: "tool-call", index: 2, id: "c1", name: "echo", arguments: '{"say":"x"}' },
      },
      { type: "message", step: 1, message: turns[0]?.response.message },
      { type: "tool-result", step: 1, message: tool1 },
      { type: "message", step: 1, message: tool1 },
      { type: "delta", step: 2, delta: { type: "text", index: 0, text: "It said x." } },
      { type: "message", step: 2, message: turns[1]?.response.message },
    ]);
    expect(model.calls.map((c) => c.kind)).toEqual(["stream", "stream"]);
  });

  const chart = tool({
    name: "chart",
    description: "",
    parameters: z.object({}),
    execute: (): Part[] => [
      { type: "text", text: "the chart:" },
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
    ],
  });
  const Answer = z.object({ said: z.string() });
  const equalCases: {
    name: string;
    options: Omit<AgentOptions<unknown>, "model">;
    prompt: string | Part[];
    turns: () => Turn[];
  }[] = [
    { name: "a thinking tool loop", options: { tools: [echo] }, prompt: "go", turns: thinkingLoop },
    {
      name: "structured output after a refused answer",
      options: { tools: [echo], output: Answer },
      prompt: "go",
      turns: () => [
        ...thinkingLoop().slice(0, 1),
        answer("It said x."),
        answer('{"said":"x"}', [{ type: "thinking", text: "JSON now.", signature: "sig-2" }]),
      ],
    },
    {
      name: "a Part[] prompt and a tool answering with an image",
      options: { tools: [chart] },
      prompt: [
        { type: "text", text: "Chart this:" },
        { type: "file", mediaType: "text/csv", data: "YSxiCjEsMgo=" },
      ],
      turns: () => [callTools([call("c1", "chart", {})]), answer("Done.")],
    },
  ];

  it.each(equalCases)("gives the same result as run for the same exchanges: $name", async (c) => {
    const turns = c.turns();
    const history: Message[] = [
      { role: "user", content: "before" },
      {
        role: "assistant",
        content: [
          { type: "thinking", redacted: "opaque" },
          { type: "text", text: "ok" },
        ],
      },
    ];
    const streamed = new ScriptedModel(turns);
    const generated = new ScriptedModel(turns);
    const run = new Agent({ model: generated, ...c.options }).runWithHistory(history, c.prompt);
    const stream = new Agent({ model: streamed, ...c.options }).runStream(c.prompt, { history });
    const events = await collect(stream);
    const result = await stream.result;
    expect(result).toStrictEqual(await run);
    expect(result.steps).toBe(turns.length);
    expect(streamed.requests).toStrictEqual(generated.requests);
    expect(streamed.requests).toHaveLength(turns.length);
    expect(result.messages[3]).toBe(turns[0]?.response.message);
    // The message events are exactly what the run added to the history.
    const added = events.flatMap((e) => (e.type === "message" ? [e.message] : []));
    expect([...history, ...added]).toStrictEqual(result.messages);
    for (const [i, m] of added.entries()) expect(m).toBe(result.messages[history.length + i]);
  });

  it("rejects the stream and run alike when the answer stays refused", async () => {
    const turns = [answer("no"), answer("still no")];
    const options = { output: z.number() };
    const generated = await new Agent({ model: new ScriptedModel(turns), ...options })
      .run("go")
      .catch((e: unknown) => e);
    const stream = new Agent({ model: new ScriptedModel(turns), ...options }).runStream("go");
    const events: RunEvent[] = [];
    const streamed = await (async () => {
      for await (const e of stream) events.push(e);
    })().catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(OutputError);
    expect(streamed).toStrictEqual(generated);
    await expect(stream.result).rejects.toBe(streamed);
    expect((streamed as OutputError).text).toBe("still no");
    // Both answers and the retry request went out as message events before the rejection.
    expect(events.flatMap((e) => (e.type === "message" ? [e.message.role] : []))).toStrictEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("reports tool results as tools finish and adds them in call order", async () => {
    const gate = deferred();
    const slow = bareTool("slow", async () => {
      await gate.promise;
      return "slow";
    });
    const fast = bareTool("fast", () => {
      gate.resolve();
      return "fast";
    });
    const model = new ScriptedModel([
      callTools([call("c1", "slow", {}), call("c2", "fast", {})]),
      answer("done"),
    ]);
    const events = await collect(new Agent({ model, tools: [slow, fast] }).runStream("go"));
    const toolEvents = events
      .flatMap((e) => ("message" in e && e.message.role === "tool" ? [e] : []))
      .map((e) => `${e.type} ${e.message.content}`);
    expect(toolEvents).toEqual([
      "tool-result fast",
      "tool-result slow",
      "message slow",
      "message fast",
    ]);
  });

  it("runs the whole exchange when only result is awaited", async () => {
    const model = new ScriptedModel(thinkingLoop());
    const result = await new Agent({ model, tools: [echo] }).runStream("go").result;
    expect(result.output).toBe("It said x.");
    expect(result.steps).toBe(2);
    expect(model.calls.map((c) => c.kind)).toEqual(["stream", "stream"]);
  });

  it("starts nothing until it is read, and can be read once", async () => {
    const model = new ScriptedModel([answer("hi")]);
    const stream = new Agent({ model }).runStream("go");
    await tick();
    expect(model.calls).toHaveLength(0);
    const events = await collect(stream);
    expect(events).toHaveLength(3);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(GolemError);
  });

  it("rejects the iteration and result alike when the model fails", async () => {
    const boom = new Error("model broke");
    const model = new ScriptedModel([{ ...answer("partial"), error: boom }]);
    const stream = new Agent({ model }).runStream("go");
    const seen: RunEvent[] = [];
    await expect(
      (async () => {
        for await (const e of stream) seen.push(e);
      })(),
    ).rejects.toBe(boom);
    await expect(stream.result).rejects.toBe(boom);
    expect(seen.map((e) => e.type)).toEqual(["message", "delta"]);
  });

  it("rejects before calling the model when the history fails validation", async () => {
    const model = new ScriptedModel([answer("never")]);
    const history: Message[] = [{ role: "tool", content: "r", toolCallId: "none" }];
    const stream = new Agent({ model }).runStream("go", { history });
    await expect(collect(stream)).rejects.toThrow(HistoryError);
    await expect(stream.result).rejects.toThrow(HistoryError);
    expect(model.calls).toHaveLength(0);
  });
});

describe("stopping a run stream", () => {
  /** A turn whose answer streams in many pieces. */
  const longAnswer = (): Turn => ({
    ...answer("abcdefghij"),
    deltas: [..."abcdefghij"].map((text) => ({ type: "text", index: 0, text })),
  });

  it("breaking out during the model stream closes it and rejects result with an AbortError", async () => {
    const model = new ScriptedModel([longAnswer()]);
    const stream = new Agent({ model }).runStream("go");
    for await (const e of stream) {
      if (e.type === "delta") break;
    }
    await expect(stream.result).rejects.toMatchObject({ name: "AbortError" });
    const c = model.calls[0];
    expect(c?.stoppedEarly).toBe(true);
    expect(c?.signal?.aborted).toBe(true);
    expect(c?.yielded).toBe(1);
    expect(model.calls).toHaveLength(1);
  });

  it("breaking out at the final message keeps the result", async () => {
    const model = new ScriptedModel([answer("done")]);
    const stream = new Agent({ model }).runStream("go");
    for await (const e of stream) {
      if (e.type === "message" && e.message.role === "assistant") break;
    }
    const result = await stream.result;
    expect(result.output).toBe("done");
    expect(model.calls[0]?.signal?.aborted).toBe(false);
  });

  it("breaking out while tools run aborts their signals", async () => {
    const { tools, signals } = waitingTools();
    const model = new ScriptedModel([callTools([call("c1", "fast", {}), call("c2", "wait", {})])]);
    const stream = new Agent({ model, tools }).runStream("go");
    for await (const e of stream) {
      if (e.type === "tool-result") break;
    }
    await expect(stream.result).rejects.toMatchObject({
      name: "AbortError",
      message: "The run was cancelled before it finished",
    });
    expect(signals.wait?.aborted).toBe(true);
    expect(signals.wait?.reason).toMatchObject({ name: "AbortError" });
    expect(model.calls).toHaveLength(1);
  });

  it("aborting the signal stops the model stream and rejects with the reason", async () => {
    const model = new ScriptedModel([longAnswer()]);
    const controller = new AbortController();
    const stream = new Agent({ model }).runStream("go", { signal: controller.signal });
    const reason = new Error("user gave up");
    const seen: RunEvent[] = [];
    await expect(
      (async () => {
        for await (const e of stream) {
          seen.push(e);
          if (e.type === "delta") controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    await expect(stream.result).rejects.toBe(reason);
    expect(model.calls[0]?.stoppedEarly).toBe(true);
    expect(model.calls[0]?.yielded).toBe(1);
    expect(seen.map((e) => e.type)).toEqual(["message", "delta"]);
  });

  it("aborting the signal while tools run aborts them", async () => {
    const { tools, signals, waiting } = waitingTools();
    const model = new ScriptedModel([callTools([call("c1", "wait", {})]), answer("never")]);
    const controller = new AbortController();
    const stream = new Agent({ model, tools }).runStream("go", { signal: controller.signal });
    const failure = stream.result.catch((err: unknown) => err); // awaiting result drives the run
    await waiting.promise;
    const reason = new Error("stop");
    controller.abort(reason);
    expect(await failure).toBe(reason);
    expect(signals.wait?.aborted).toBe(true);
    expect(model.calls).toHaveLength(1);
  });

  it("leaves no unhandled rejection when the caller only iterates and breaks or fails", async () => {
    const broken = new Agent({ model: new ScriptedModel([longAnswer()]) }).runStream("go");
    for await (const e of broken) {
      if (e.type === "delta") break;
    }
    const failing = new Agent({
      model: new ScriptedModel([{ ...answer("x"), error: new Error("model broke") }]),
    }).runStream("go");
    await expect(collect(failing)).rejects.toThrow("model broke");
    // Neither `result` is touched: afterEach checks that no rejection went unhandled.
  });

  it("with a signal aborted before reading never calls the model", async () => {
    const model = new ScriptedModel([answer("never")]);
    const stream = new Agent({ model }).runStream("go", {
      signal: AbortSignal.abort(new Error("no")),
    });
    await expect(collect(stream)).rejects.toThrow("no");
    expect(model.calls).toHaveLength(0);
  });
});

/** A tool that answers at once and one that waits for its signal; records their signals. */
function waitingTools() {
  const signals: Record<string, AbortSignal | undefined> = {};
  const waiting = deferred();
  /** A tool named `name` that records its signal, then does `then` with it. */
  const recording = (
    name: string,
    then: (signal: AbortSignal | undefined) => string | Promise<string>,
  ) =>
    tool({
      name,
      description: "",
      parameters: z.object({}),
      execute: (_, { signal }) => {
        signals[name] = signal;
        return then(signal);
      },
    });
  const tools: Tool[] = [
    recording("fast", () => "fast"),
    recording("wait", (signal) => {
      waiting.resolve();
      return new Promise<string>((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
      );
    }),
  ];
  return { tools, signals, waiting };
}
