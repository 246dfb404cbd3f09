/**
 * The time limits through the agent (issue 27): a model whose answer falls silent after its
 * headers ends the run in the adapter's TimeoutError, by `run` (generate) and by `runStream`
 * (stream, with `partial`); a tool that never settles ends as a tool error the model reads,
 * by `runStream` as by `run`.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, TimeoutError, tool } from "../../src/index.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import { concatBytes, responseChunks } from "../../src/testing/index.js";
import { FAKE_AUTH } from "../contract/adapters.js";
import { loadCassette } from "../contract/table.js";
import { answer, call, callTools, ScriptedModel } from "./scripted-model.js";

/** Anthropic answering with the first half of a recorded answer, then silent, open. */
function stalledModel(file: string) {
  const recorded = loadCassette("anthropic", file).interactions[0]?.response;
  if (!recorded) throw new Error(`no answer in anthropic/${file}`);
  const bytes = concatBytes(responseChunks(recorded));
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const fetch = (async () =>
    new Response(new ReadableStream({ start: (c) => c.enqueue(half) }), {
      status: 200,
      headers: recorded.headers,
    })) as typeof globalThis.fetch;
  return anthropic.create({
    ...FAKE_AUTH.anthropic,
    model: "claude-sonnet-4-5",
    maxTokens: 2048,
    idleTimeoutMs: 50,
    fetch,
  });
}

describe("a model that falls silent mid-answer", () => {
  it("ends run (generate) in a TimeoutError", async () => {
    const agent = new Agent({ model: stalledModel("thinking-tool-loop") });
    const error = await agent.run("What's the weather in Paris?").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("anthropic: the stream sent nothing for 50 ms");
  });

  it("ends runStream in a TimeoutError carrying what arrived", async () => {
    const agent = new Agent({ model: stalledModel("thinking-tool-loop-stream") });
    const stream = agent.runStream("What's the weather in Paris?");
    const events: unknown[] = [];
    const iterated = await (async () => {
      for await (const e of stream) events.push(e);
    })().catch((e: unknown) => e);
    const error = await stream.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(iterated).toBe(error);
    expect(events.length).toBeGreaterThan(0);
    expect((error as TimeoutError).partial?.message.role).toBe("assistant");
  });
});

describe("a tool that never settles, by runStream", () => {
  it("becomes a tool error the model reads, and the run goes on", async () => {
    const signals: AbortSignal[] = [];
    const stuck = tool({
      name: "stuck",
      description: "never settles",
      parameters: z.object({}),
      execute: (_args, { signal }) => {
        if (signal) signals.push(signal);
        return new Promise(() => {});
      },
    });
    const model = new ScriptedModel([callTools([call("c1", "stuck", {})]), answer("gave up")]);
    const stream = new Agent({ model, tools: [stuck], toolTimeoutMs: 30 }).runStream("go");
    const results: unknown[] = [];
    for await (const e of stream) if (e.type === "tool-result") results.push(e.message);
    const result = await stream.result;
    const expected = {
      role: "tool",
      content: 'Tool "stuck" did not finish within 30 ms and was stopped.',
      toolCallId: "c1",
      isError: true,
    };
    expect(results).toStrictEqual([expected]);
    expect(result.messages[2]).toStrictEqual(expected);
    expect(result.output).toBe("gave up");
    expect(model.calls.map((c) => c.kind)).toEqual(["stream", "stream"]);
    expect(signals[0]?.aborted).toBe(true);
  });
});
