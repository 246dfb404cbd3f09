import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { WEATHER_LOOP } from "../../scripts/scenarios/loops.js";
import { Agent, jsonTool, type Message, textOf } from "../../src/index.js";
import { withTracing } from "../../src/otel/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { answer, call, callTools, ScriptedModel } from "../agent/scripted-model.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";
import { agentTool, claudeLoopModel, weatherAgent } from "../helpers/loops.js";
import { parentOf, recordSpans, spanText } from "./spans.js";

/** The recorded two-step Anthropic tool loop, through an agent whose model is traced. */
function tracedAgent(streaming: boolean) {
  const recorder = recordSpans();
  const cassette = loadCassette(
    "anthropic",
    streaming ? "thinking-tool-loop-stream" : "thinking-tool-loop",
  );
  const fetch = replayFetch(cassette);
  const agent = weatherAgent(withTracing(claudeLoopModel(fetch), { tracer: recorder.tracer }));
  return { recorder, agent, fetch };
}

const PROMPT = WEATHER_LOOP.prompt;
const weather = agentTool(WEATHER_LOOP);

describe("withTracing given to an Agent: a span per run, with its calls and tools as children", () => {
  for (const streaming of [false, true]) {
    it(`${streaming ? "runStream" : "run"}: invoke_agent > chat (step 1), execute_tool, chat (step 2)`, async () => {
      const { recorder, agent, fetch } = tracedAgent(streaming);
      const result = streaming ? await agent.runStream(PROMPT).result : await agent.run(PROMPT);
      fetch.assertDone();
      const run = recorder.one("invoke_agent");
      const chats = recorder.spans().filter((s) => s.name.startsWith("chat "));
      const tool = recorder.one("execute_tool weather");
      expect(run.kind).toBe(SpanKind.INTERNAL);
      expect(parentOf(run)).toBeUndefined();
      expect(run.attributes).toMatchObject({
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.provider.name": "anthropic",
        "gen_ai.request.model": "claude-sonnet-4-20250514",
        "gen_ai.usage.input_tokens": result.usage.inputTokens,
        "gen_ai.usage.output_tokens": result.usage.outputTokens,
        "golem.agent.steps": 2,
      });
      expect(chats.map((s) => [parentOf(s), s.attributes["golem.agent.step"]])).toEqual([
        [run.spanContext().spanId, 1],
        [run.spanContext().spanId, 2],
      ]);
      const id = (result.messages[2] as Message).toolCallId;
      expect(parentOf(tool)).toBe(run.spanContext().spanId);
      expect(tool.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "weather",
        "gen_ai.tool.call.id": id,
        "gen_ai.tool.type": "function",
        "golem.agent.step": 1,
      });
      expect(tool.status.code).toBe(SpanStatusCode.UNSET);
      // One trace, and the tool ran between the two calls.
      const traces = new Set(recorder.spans().map((s) => s.spanContext().traceId));
      expect(traces.size).toBe(1);
      const ms = (t: [number, number]) => t[0] * 1e3 + t[1] / 1e6;
      expect(ms(tool.startTime)).toBeGreaterThanOrEqual(ms(chats[0]?.endTime ?? [0, 0]) - 1);
      expect(ms(tool.endTime)).toBeLessThanOrEqual(ms(chats[1]?.startTime ?? [0, 0]) + 1);
    });
  }

  it("with content capture, a run's spans hold its messages and tool I/O, and none of its signatures", async () => {
    const recorder = recordSpans();
    const fetch = replayFetch(loadCassette("anthropic", "thinking-tool-loop-stream"));
    const model = withTracing(claudeLoopModel(fetch), {
      tracer: recorder.tracer,
      captureContent: true,
    });
    const agent = weatherAgent(model);
    const result = await agent.runStream(PROMPT).result;
    const signatures = result.messages.flatMap((m) =>
      typeof m.content === "string"
        ? []
        : m.content.flatMap((p) => ("signature" in p && p.signature ? [p.signature] : [])),
    );
    expect(signatures.length).toBeGreaterThan(0);
    const run = recorder.one("invoke_agent");
    expect(JSON.parse(String(run.attributes["gen_ai.input.messages"]))).toEqual([
      { role: "user", parts: [{ type: "text", content: PROMPT }] },
    ]);
    expect(String(run.attributes["gen_ai.output.messages"])).toContain(
      textOf(result.messages[3] as Message),
    );
    const tool = recorder.one("execute_tool weather");
    expect(JSON.parse(String(tool.attributes["gen_ai.tool.call.arguments"]))).toHaveProperty(
      "location",
    );
    expect(tool.attributes["gen_ai.tool.call.result"]).toBe("40 C");
    const chat = recorder.spans().find((s) => s.attributes["golem.agent.step"] === 2);
    expect(String(chat?.attributes["gen_ai.input.messages"])).toContain("[signature omitted]");
    for (const span of recorder.spans()) {
      for (const signature of signatures) expect(spanText(span)).not.toContain(signature);
    }
  });

  it("gives the same result as the untraced agent", async () => {
    const traced = await tracedAgent(false).agent.run(PROMPT);
    const cassette = loadCassette("anthropic", "thinking-tool-loop");
    const plain = await weatherAgent(claudeLoopModel(replayFetch(cassette))).run(PROMPT);
    expect(traced).toEqual(plain);
  });

  it("marks a failing tool's span and a failed run's span as errors", async () => {
    const recorder = recordSpans();
    const broken = jsonTool({
      ...WEATHER,
      execute: () => {
        throw new Error("station offline");
      },
    });
    const model = new ScriptedModel([
      callTools([call("c1", "weather", { location: "Paris" })]),
      callTools([call("c2", "weather", { location: "Paris" })]),
    ]);
    const agent = new Agent({
      model: withTracing(model, { tracer: recorder.tracer }),
      tools: [broken],
      maxSteps: 2,
    });
    await expect(agent.run("weather?")).rejects.toThrow(/maxSteps/);
    const tools = recorder.spans().filter((s) => s.name === "execute_tool weather");
    // Step 2's call is never run (maxSteps), so it has no span.
    expect(
      tools.map((s) => [s.attributes["gen_ai.tool.call.id"], s.attributes["error.type"]]),
    ).toEqual([["c1", "ToolError"]]);
    const run = recorder.one("invoke_agent");
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.attributes["error.type"]).toBe("MaxStepsError");
  });

  it("ends the run span as cancelled when the reader breaks out of runStream", async () => {
    const recorder = recordSpans();
    const model = new ScriptedModel([answer("a long answer")]);
    const agent = new Agent({ model: withTracing(model, { tracer: recorder.tracer }) });
    for await (const event of agent.runStream("hi")) if (event.type === "delta") break;
    const run = recorder.one("invoke_agent");
    expect(run.attributes["error.type"]).toBe("AbortError");
    expect(recorder.one("chat scripted-1").status.code).toBe(SpanStatusCode.ERROR);
  });

  it("adds a cache-miss event to a call whose request does not extend the one before", async () => {
    const recorder = recordSpans();
    const model = new ScriptedModel([
      callTools([call("c1", "weather", { location: "Paris" })]),
      answer("18 C"),
    ]);
    const agent = new Agent({
      model: withTracing(model, { tracer: recorder.tracer }),
      tools: [weather],
      // Rewrites the prompt on the second call: its cached prefix is lost.
      historyProcessors: [
        (messages) =>
          messages.length > 1
            ? [{ role: "user", content: "weather?!" }, ...messages.slice(1)]
            : messages,
      ],
    });
    await agent.run("weather?");
    const [first, second] = recorder.spans().filter((s) => s.name.startsWith("chat "));
    expect(first?.events).toEqual([]);
    expect(second?.events.map((e) => [e.name, e.attributes])).toEqual([
      [
        "golem.cache_miss",
        {
          "golem.cache_miss.path": "$.messages[0].content[0].text",
          "golem.cache_miss.call": 1,
          "golem.cache_miss.index": 0,
        },
      ],
    ]);
  });

  it("an Agent's own observer hears each run: its start, every event, and its end", async () => {
    const heard: string[] = [];
    const model = new ScriptedModel([
      callTools([call("c1", "weather", { location: "Paris" })]),
      answer("18 C"),
    ]);
    const agent = new Agent({
      model,
      tools: [weather],
      observer: {
        startRun: (run) => {
          heard.push(`start ${run.prompt} ${run.tools.map((t) => t.name)} ${run.maxSteps}`);
          return {
            event: (e) => heard.push(`${e.type} ${e.step}`),
            end: (outcome) =>
              heard.push("result" in outcome ? `end ${outcome.result.output}` : "failed"),
          };
        },
      },
    });
    await agent.run("weather?");
    expect(heard).toEqual([
      "start weather? weather 10",
      "message 0",
      "message 1",
      "tool-result 1",
      "message 1",
      // The result is known before the final message goes out (runStream's result settles then).
      "end 18 C",
      "message 2",
    ]);
  });
});
