import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StandardSchemaV1 } from "../../src/core/standard-schema.js";
import { Agent, HistoryError, jsonTool, tool } from "../../src/index.js";
import { answer, call, callTools, ScriptedModel } from "./scripted-model.js";

const weather = tool({
  name: "get_weather",
  description: "Current weather for a city",
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, tempC: 21 }),
});

describe("a tool call whose arguments are not JSON", () => {
  it("stops the run with a HistoryError naming the model's message, before another request", async () => {
    const model = new ScriptedModel([
      callTools([
        { type: "tool-call", id: "c1", name: "get_weather", arguments: '{"city": Paris}' },
      ]),
      answer("never asked for"),
    ]);
    const err = await new Agent({ model, tools: [weather] }).run("go").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(1);
    expect((err as HistoryError).message).toBe(
      'messages[1]: content[0] arguments are not valid JSON: "{\\"city\\": Paris}"',
    );
    expect(model.requests).toHaveLength(1);
  });
});

describe("tool failures become error results the model sees", () => {
  const thrower = tool({
    name: "explode",
    description: "",
    parameters: z.object({ how: z.string() }),
    execute: ({ how }) => {
      if (how === "error") throw new Error("disk full");
      if (how === "string") throw "plain string";
      return { big: 1n };
    },
  });
  const raw = jsonTool({
    name: "raw",
    description: "",
    parameters: { type: "object" },
    execute: () => "",
  });

  const cases: [string, string, string][] = [
    [
      "arguments the schema refuses",
      '{"city": 3}',
      'The arguments of tool "get_weather" do not match its parameters:\ncity: Invalid input: expected string, received number',
    ],
  ];
  it.each(cases)("%s", async (_, args, content) => {
    const model = new ScriptedModel([
      callTools([{ type: "tool-call", id: "c1", name: "get_weather", arguments: args }]),
      answer("sorry"),
    ]);
    const result = await new Agent({ model, tools: [weather] }).run("go");
    expect(model.requests[1]?.messages[2]).toStrictEqual({
      role: "tool",
      content,
      toolCallId: "c1",
      isError: true,
    });
    expect(result.output).toBe("sorry");
  });

  it("answers an unknown tool name with the names it could call", async () => {
    const model = new ScriptedModel([callTools([call("c1", "get_wether", {})]), answer("ok")]);
    await new Agent({ model, tools: [weather, raw] }).run("go");
    expect(model.requests[1]?.messages[2]).toStrictEqual({
      role: "tool",
      content:
        'There is no tool named "get_wether". The tools you can call are: "get_weather", "raw".',
      toolCallId: "c1",
      isError: true,
    });
  });

  it("answers a tool call when the agent has no tools", async () => {
    const model = new ScriptedModel([callTools([call("c1", "x", {})]), answer("ok")]);
    await new Agent({ model }).run("go");
    expect(model.requests[1]?.messages[2]?.content).toBe(
      'There is no tool named "x". No tools are available.',
    );
  });

  it("reports a throwing tool, an Error or not, and an unsendable result", async () => {
    const model = new ScriptedModel([
      callTools([
        call("c1", "explode", { how: "error" }),
        call("c2", "explode", { how: "string" }),
        call("c3", "explode", { how: "bigint" }),
        call("c4", "raw", "[1]"),
        call("c5", "get_weather", { city: "Oslo" }),
      ]),
      answer("ok"),
    ]);
    const result = await new Agent({ model, tools: [thrower, raw, weather] }).run("go");
    expect(model.requests[1]?.messages.slice(2)).toStrictEqual([
      {
        role: "tool",
        content: 'Tool "explode" failed: disk full',
        toolCallId: "c1",
        isError: true,
      },
      {
        role: "tool",
        content: 'Tool "explode" failed: plain string',
        toolCallId: "c2",
        isError: true,
      },
      {
        role: "tool",
        content: `Tool "explode" returned a value that cannot be sent as JSON: ${bigintError()}`,
        toolCallId: "c3",
        isError: true,
      },
      {
        role: "tool",
        content:
          'The arguments of tool "raw" do not match its parameters:\nthe arguments must be a JSON object',
        toolCallId: "c4",
        isError: true,
      },
      { role: "tool", content: '{"city":"Oslo","tempC":21}', toolCallId: "c5" },
    ]);
    expect(result.steps).toBe(2);
  });
});

describe("a schema that validates asynchronously or throws", () => {
  /** A Standard Schema by hand whose validate answers later, or throws for `{ boom: true }`. */
  const later: StandardSchemaV1<unknown, { word: string }> = {
    "~standard": {
      version: 1,
      vendor: "test",
      validate(value) {
        if ((value as { boom?: unknown }).boom) throw new Error("schema bug");
        return new Promise((resolve) =>
          setTimeout(() => {
            const word = (value as { word?: unknown }).word;
            resolve(
              typeof word === "string"
                ? { value: { word: word.toUpperCase() } }
                : { issues: [{ message: "a word is needed", path: ["word"] }] },
            );
          }, 2),
        );
      },
    },
  };
  const shout = tool({
    name: "shout",
    description: "",
    parameters: later,
    jsonSchema: { type: "object", properties: { word: { type: "string" } } },
    execute: ({ word }) => `${word}!`,
  });

  it("waits for the validation: its value reaches execute, its issues reach the model", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "shout", { word: "hi" }), call("c2", "shout", { word: 1 })]),
      callTools([call("c3", "shout", { boom: true })]),
      answer("done"),
    ]);
    const result = await new Agent({ model, tools: [shout] }).run("go");
    expect(model.requests[1]?.messages.slice(2)).toStrictEqual([
      { role: "tool", content: "HI!", toolCallId: "c1" },
      {
        role: "tool",
        content:
          'The arguments of tool "shout" do not match its parameters:\nword: a word is needed',
        toolCallId: "c2",
        isError: true,
      },
    ]);
    expect(model.requests[2]?.messages.at(-1)).toStrictEqual({
      role: "tool",
      content: 'The arguments of tool "shout" could not be checked: schema bug',
      toolCallId: "c3",
      isError: true,
    });
    expect(result.output).toBe("done");
  });
});

function bigintError(): string {
  try {
    JSON.stringify(1n);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("stringified");
}
