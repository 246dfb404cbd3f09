import { describe, expect, it } from "vitest";
import { Agent, GolemError, jsonTool, type ModelResponse } from "../../src/index.js";
import { deltasOf, scriptedModel } from "../../src/testing/index.js";

/** scriptedModel: answers from a list, keeps the requests, streams what it answers. */

const ASK = { messages: [{ role: "user" as const, content: "Hi" }] };

const withTool: ModelResponse = {
  message: {
    role: "assistant",
    content: [
      { type: "thinking", text: "I need the weather.", signature: "sig-1" },
      { type: "tool-call", id: "call_1", name: "weather", arguments: '{"city":"Florence"}' },
    ],
  },
  usage: { inputTokens: 10, outputTokens: 5 },
  stopReason: "tool_use",
};

describe("scriptedModel", () => {
  it("answers call n with answer n and keeps every request", async () => {
    const model = scriptedModel(["Hello!", withTool]);
    const first = await model.generate(ASK);
    expect(first).toStrictEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Hello!" }] },
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: "end_turn",
    });
    expect(await model.stream(ASK).response).toBe(withTool);
    expect(model.requests).toStrictEqual([ASK, ASK]);
    expect(model.calls.map((c) => c.kind)).toStrictEqual(["generate", "stream"]);
    expect(model.remaining).toBe(0);
  });

  it("streams the deltas of each part in order, then resolves the response", async () => {
    const model = scriptedModel([withTool]);
    const stream = model.stream(ASK);
    const seen = [];
    for await (const d of stream) seen.push(d);
    expect(seen).toStrictEqual([
      { type: "thinking", index: 0, text: "I need the weather." },
      { type: "thinking", index: 0, signature: "sig-1" },
      {
        type: "tool-call",
        index: 1,
        id: "call_1",
        name: "weather",
        arguments: '{"city":"Florence"}',
      },
    ]);
    expect(seen).toStrictEqual(deltasOf(withTool.message));
    expect(await stream.response).toBe(withTool);
  });

  it("fails a call with a scripted error, after its deltas when streamed", async () => {
    const boom = new Error("overloaded");
    const model = scriptedModel([
      { error: boom },
      { error: boom, deltas: [{ type: "text", index: 0, text: "par" }] },
    ]);
    await expect(model.generate(ASK)).rejects.toBe(boom);
    const stream = model.stream(ASK);
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const d of stream) seen.push(d);
      })(),
    ).rejects.toBe(boom);
    expect(seen).toStrictEqual([{ type: "text", index: 0, text: "par" }]);
    await expect(stream.response).rejects.toBe(boom);
  });

  it("throws a GolemError for a call past the end of the script, on both paths", async () => {
    const model = scriptedModel([]);
    await expect(model.generate(ASK)).rejects.toThrow(
      new GolemError("scripted model: no answer scripted for call 1"),
    );
    await expect(model.stream(ASK).response).rejects.toThrow(
      "scripted model: no answer scripted for call 2",
    );
  });

  it("drives an Agent through a tool loop, the signature kept in the history", async () => {
    const model = scriptedModel([withTool, "40 C in Florence."]);
    const weather = jsonTool({
      name: "weather",
      description: "Current weather",
      parameters: { type: "object", properties: { city: { type: "string" } } },
      execute: (args) => `40 C in ${(args as { city: string }).city}`,
    });
    const result = await new Agent({ model, tools: [weather] }).run("Weather in Florence?");
    expect(result.output).toBe("40 C in Florence.");
    const second = model.requests[1];
    expect(second?.messages.at(-2)).toStrictEqual(withTool.message);
    expect(second?.messages.at(-1)).toMatchObject({
      role: "tool",
      toolCallId: "call_1",
      content: "40 C in Florence",
    });
    expect(second?.tools?.map((t) => t.name)).toStrictEqual(["weather"]);
  });

  it("can be iterated once; awaiting response alone drains it", async () => {
    const stream = scriptedModel(["ok"]).stream(ASK);
    stream[Symbol.asyncIterator]();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(GolemError);
    const drained = scriptedModel(["ok"]).stream(ASK);
    expect((await drained.response).stopReason).toBe("end_turn");
  });
});
