import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  ConfigError,
  GolemError,
  HistoryError,
  jsonTool,
  MaxStepsError,
  type ToolContext,
  tool,
} from "../../src/index.js";
import { answer, bareTool, call, callTools, deferred, ScriptedModel } from "./scripted-model.js";

const weather = tool({
  name: "get_weather",
  description: "Current weather for a city",
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => (city === "Paris" ? "18°C, cloudy" : { city, tempC: 21 }),
});

const WEATHER_SPEC = {
  name: "get_weather",
  description: "Current weather for a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

describe("Agent.run", () => {
  it("sends the instructions as system, the tool specs, and the prompt as the only message", async () => {
    const model = new ScriptedModel([answer("Hello")]);
    const agent = new Agent({ model, instructions: "Be brief.", tools: [weather] });
    const result = await agent.run("hi");
    expect(model.calls.map((c) => c.kind)).toEqual(["generate"]);
    expect(model.requests).toStrictEqual([
      { system: "Be brief.", messages: [{ role: "user", content: "hi" }], tools: [WEATHER_SPEC] },
    ]);
    expect(result).toStrictEqual({
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: [{ type: "text", text: "Hello" }] },
      ],
      output: "Hello",
      usage: { inputTokens: 10, outputTokens: 5 },
      steps: 1,
    });
  });

  it("sends neither system nor tools when the agent has none", async () => {
    const model = new ScriptedModel([answer("Hello")]);
    await new Agent({ model }).run("hi");
    expect(model.requests).toStrictEqual([{ messages: [{ role: "user", content: "hi" }] }]);
  });

  it("runs the tools the model asks for and calls it again with their results", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "get_weather", { city: "Paris" })]),
      answer("It is 18°C."),
    ]);
    const result = await new Agent({ model, tools: [weather] }).run("Weather in Paris?");
    expect(model.requests[1]?.messages).toStrictEqual([
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: [
          { type: "tool-call", id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' },
        ],
      },
      { role: "tool", content: "18°C, cloudy", toolCallId: "c1" },
    ]);
    expect(result.output).toBe("It is 18°C.");
    expect(result.steps).toBe(2);
  });

  it("reads the calls from anywhere in the parts and outputs the last message's text parts joined", async () => {
    const model = new ScriptedModel([
      callTools(
        [call("c2", "get_weather", { city: "Lyon" })],
        [
          { type: "thinking", text: "Two cities.", signature: "s1" },
          call("c1", "get_weather", { city: "Paris" }),
          { type: "text", text: "And Lyon:" },
        ],
      ),
      answer(" both mild.", [
        { type: "text", text: "Paris and Lyon:" },
        { type: "thinking", text: "Both mild.", signature: "s2" },
      ]),
    ]);
    const result = await new Agent({ model, tools: [weather] }).run("Paris and Lyon?");
    expect(result.messages.slice(2, 4)).toStrictEqual([
      { role: "tool", content: "18°C, cloudy", toolCallId: "c1" },
      { role: "tool", content: '{"city":"Lyon","tempC":21}', toolCallId: "c2" },
    ]);
    expect(result.output).toBe("Paris and Lyon: both mild.");
  });

  it("runs several calls at once and adds their results in call order", async () => {
    const log: string[] = [];
    const bDone = deferred();
    const slow = bareTool("slow", async () => {
      log.push("start slow");
      await bDone.promise; // only finishes if fast ran while slow was running
      log.push("end slow");
      return "slow result";
    });
    const fast = bareTool("fast", () => {
      log.push("start fast", "end fast");
      bDone.resolve();
      return "fast result";
    });
    const model = new ScriptedModel([
      callTools([call("c1", "slow", {}), call("c2", "fast", {})]),
      answer("done"),
    ]);
    await new Agent({ model, tools: [slow, fast] }).run("go");
    expect(log).toEqual(["start slow", "start fast", "end fast", "end slow"]);
    expect(model.requests[1]?.messages.slice(2)).toStrictEqual([
      { role: "tool", content: "slow result", toolCallId: "c1" },
      { role: "tool", content: "fast result", toolCallId: "c2" },
    ]);
  });

  it("sends a string result as is, nothing as an empty string, anything else as JSON", async () => {
    const results: unknown[] = ['plain "text"', undefined, { a: [1, null] }, 42, null];
    const echo = jsonTool({
      name: "echo",
      description: "",
      parameters: { type: "object" },
      execute: (args) => results[(args as { i: number }).i],
    });
    const model = new ScriptedModel([
      callTools(results.map((_, i) => call(`c${i}`, "echo", { i }))),
      answer("ok"),
    ]);
    await new Agent({ model, tools: [echo] }).run("go");
    expect(model.requests[1]?.messages.slice(2).map((m) => m.content)).toEqual([
      'plain "text"',
      "",
      '{"a":[1,null]}',
      "42",
      "null",
    ]);
  });

  it("treats empty arguments as an empty object", async () => {
    const now = tool({
      name: "now",
      description: "",
      parameters: z.object({}),
      execute: (args) => JSON.stringify(args),
    });
    const model = new ScriptedModel([callTools([call("c1", "now", "")]), answer("ok")]);
    await new Agent({ model, tools: [now] }).run("go");
    expect(model.requests[1]?.messages[2]).toStrictEqual({
      role: "tool",
      content: "{}",
      toolCallId: "c1",
    });
  });

  it("gives every tool the run's signal", async () => {
    const seen: ToolContext[] = [];
    const probe = tool({
      name: "probe",
      description: "",
      parameters: z.object({}),
      execute: (_, ctx) => {
        seen.push(ctx);
        return "";
      },
    });
    const signal = new AbortController().signal;
    const model = new ScriptedModel([
      callTools([call("c1", "probe", {}), call("c2", "probe", {})]),
      callTools([call("c3", "probe", {})]),
      answer("ok"),
    ]);
    const agent = new Agent({ model, tools: [probe] });
    await agent.run("go", { signal });
    expect(seen).toHaveLength(3);
    for (const ctx of seen) expect(ctx.signal).toBe(signal);
    expect(model.calls.map((c) => c.signal)).toEqual([signal, signal, signal]);
  });
});

describe("maxSteps", () => {
  const counter = () => {
    const runs: string[] = [];
    const t = tool({
      name: "t",
      description: "",
      parameters: z.object({}),
      execute: () => {
        runs.push("ran");
        return "";
      },
    });
    return { runs, t };
  };

  it("rejects when call maxSteps still asks for tools, without running them", async () => {
    const { runs, t } = counter();
    const model = new ScriptedModel([
      callTools([call("c1", "t", {})]),
      callTools([call("c2", "t", {})]),
    ]);
    const run = new Agent({ model, tools: [t], maxSteps: 2 }).run("go");
    await expect(run).rejects.toThrow(GolemError);
    await expect(run).rejects.toThrow(
      "The agent stopped after 2 model calls (maxSteps 2): the model still asks for tools (t). Raise maxSteps or check the tools' results.",
    );
    expect(runs).toEqual(["ran"]);
    expect(model.calls).toHaveLength(2);
  });

  it("keeps the run's messages, usage and steps on the MaxStepsError", async () => {
    const { t } = counter();
    const first = callTools([call("c1", "t", {})]);
    const second = callTools([call("c2", "t", {})]);
    const model = new ScriptedModel([first, second]);
    const history = [
      { role: "user" as const, content: "earlier" },
      { role: "assistant" as const, content: "noted" },
    ];
    const error = await new Agent({ model, tools: [t], maxSteps: 2 })
      .runWithHistory(history, "go")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaxStepsError);
    const { messages, steps, usage } = error as MaxStepsError;
    expect(steps).toBe(2);
    expect(messages).toStrictEqual([
      ...history,
      { role: "user", content: "go" },
      first.response.message,
      { role: "tool", content: "", toolCallId: "c1" },
      second.response.message,
    ]);
    // The same evidence a finished run gives, so it can be stored and continued.
    expect(messages[3]).toBe(first.response.message);
    expect(usage.inputTokens).toBe(
      first.response.usage.inputTokens + second.response.usage.inputTokens,
    );
  });

  it("ends a streamed run with the same MaxStepsError", async () => {
    const { t } = counter();
    const model = new ScriptedModel([callTools([call("c1", "t", {})])]);
    const stream = new Agent({ model, tools: [t], maxSteps: 1 }).runStream("go");
    const error = await stream.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaxStepsError);
    expect((error as MaxStepsError).messages).toHaveLength(2);
  });

  it("allows 10 model calls by default", async () => {
    const { t } = counter();
    const turns = Array.from({ length: 11 }, (_, i) => callTools([call(`c${i}`, "t", {})]));
    const model = new ScriptedModel(turns);
    await expect(new Agent({ model, tools: [t] }).run("go")).rejects.toThrow(
      "stopped after 10 model calls (maxSteps 10)",
    );
    expect(model.calls).toHaveLength(10);
  });

  it("lets a run end on its last allowed call", async () => {
    const { t } = counter();
    const model = new ScriptedModel([callTools([call("c1", "t", {})]), answer("done")]);
    const result = await new Agent({ model, tools: [t], maxSteps: 2 }).run("go");
    expect(result.steps).toBe(2);
  });
});

describe("Agent options", () => {
  const model = new ScriptedModel([]);
  it.each([
    ["no options at all", {}],
    ["a model that is not one", { model: { provider: "x" } }],
    ["a model name instead of a model", { model: "claude-sonnet-4-5" }],
  ])("refuses %s with a ConfigError at construction", (_what, opts) => {
    expect(() => new Agent(opts as never)).toThrow(ConfigError);
    expect(() => new Agent(opts as never)).toThrow("Agent needs a `model`");
  });

  it.each([0, -1, Number.NaN])("refuses a toolTimeoutMs of %s", (toolTimeoutMs) => {
    expect(() => new Agent({ model, toolTimeoutMs })).toThrow(ConfigError);
  });

  it("refuses a maxSteps that is not a whole number of at least 1", () => {
    expect(() => new Agent({ model, maxSteps: 0 })).toThrow(
      new ConfigError("Agent maxSteps must be a whole number, at least 1 (got 0)"),
    );
    expect(() => new Agent({ model, maxSteps: 2.5 })).toThrow(ConfigError);
  });

  it("refuses two tools with the same name", () => {
    expect(() => new Agent({ model, tools: [weather, weather] })).toThrow(
      new ConfigError('Agent tools: two tools are named "get_weather"'),
    );
  });
});

describe("an empty prompt", () => {
  it.each([
    ["an empty string", ""],
    ["only white space", " \n\t"],
    ["no parts", []],
  ])("is refused before any model call: %s", async (_what, prompt) => {
    const model = new ScriptedModel([answer("never")]);
    const agent = new Agent({ model });
    await expect(agent.run(prompt)).rejects.toThrow(
      new HistoryError("the prompt is empty: a run starts with text or parts to send"),
    );
    await expect(agent.runWithHistory([], prompt)).rejects.toThrow(HistoryError);
    await expect(agent.runStream(prompt).result).rejects.toThrow(HistoryError);
    expect(model.calls).toHaveLength(0);
  });

  it("is refused when it is neither text nor parts (JS callers)", async () => {
    const model = new ScriptedModel([answer("never")]);
    await expect(new Agent({ model }).run(undefined as never)).rejects.toThrow(
      "the prompt must be a string or an array of parts",
    );
    expect(model.calls).toHaveLength(0);
  });
});

describe("tool time limits", () => {
  const never = (seen: AbortSignal[]) =>
    tool({
      name: "stuck",
      description: "never settles",
      parameters: z.object({}),
      execute: (_args, { signal }) => {
        if (signal) seen.push(signal);
        return new Promise(() => {});
      },
    });

  it("answers a tool that never settles with a timeout error the model reads, and aborts its signal", async () => {
    const seen: AbortSignal[] = [];
    const model = new ScriptedModel([callTools([call("c1", "stuck", {})]), answer("gave up")]);
    const agent = new Agent({ model, tools: [never(seen)], toolTimeoutMs: 30 });
    const result = await agent.run("go");
    expect(result.output).toBe("gave up");
    expect(result.messages[2]).toStrictEqual({
      role: "tool",
      content: 'Tool "stuck" did not finish within 30 ms and was stopped.',
      toolCallId: "c1",
      isError: true,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(true);
  });

  it("lets a tool's own timeoutMs win over the agent's", async () => {
    const slow = tool({
      name: "slow",
      description: "",
      parameters: z.object({}),
      timeoutMs: 20,
      execute: () => new Promise((resolve) => setTimeout(() => resolve("late"), 200)),
    });
    const model = new ScriptedModel([callTools([call("c1", "slow", {})]), answer("ok")]);
    const result = await new Agent({ model, tools: [slow], toolTimeoutMs: 10_000 }).run("go");
    expect(result.messages[2]).toMatchObject({ isError: true, toolCallId: "c1" });
    expect(result.messages[2]?.content).toContain("did not finish within 20 ms");
  });

  it("leaves a tool that finishes in time alone", async () => {
    const quick = jsonTool({
      name: "quick",
      description: "",
      parameters: { type: "object" },
      timeoutMs: 1000,
      execute: () => "done",
    });
    const model = new ScriptedModel([callTools([call("c1", "quick", {})]), answer("ok")]);
    const result = await new Agent({ model, tools: [quick] }).run("go");
    expect(result.messages[2]).toStrictEqual({ role: "tool", content: "done", toolCallId: "c1" });
  });

  it("refuses a tool timeoutMs that is not a positive number", () => {
    expect(() =>
      jsonTool({
        name: "x",
        description: "",
        parameters: { type: "object" },
        timeoutMs: 0,
        execute: () => "",
      }),
    ).toThrow(new ConfigError('tool "x": timeoutMs must be a positive number of milliseconds'));
  });
});
