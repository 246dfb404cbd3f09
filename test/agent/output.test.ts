import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "../../src/core/standard-schema.js";
import {
  Agent,
  ConfigError,
  GolemError,
  type Message,
  type Model,
  OutputError,
  type RunResult,
  type RunStream,
} from "../../src/index.js";
import { parseError } from "../helpers/errors.js";
import { answer, call, callTools, echo, ScriptedModel } from "./scripted-model.js";

/** A city's weather: zod's classic API, which has a JSON Schema converter. */
const Weather = z.object({
  city: z.string(),
  tempC: z.number(),
  unit: z.enum(["C", "F"]).default("C"),
});

/** The JSON Schema sent for {@link Weather}: its input side, without `$schema`. */
const WEATHER_SCHEMA = {
  type: "object",
  properties: {
    city: { type: "string" },
    tempC: { type: "number" },
    unit: { default: "C", type: "string", enum: ["C", "F"] },
  },
  required: ["city", "tempC"],
};

/** A hand-written Standard Schema of a positive number, with no converter. */
const positive: StandardSchemaV1<unknown, number> = {
  "~standard": {
    version: 1,
    vendor: "hand-written",
    validate: (value) =>
      typeof value === "number" && value > 0
        ? { value }
        : { issues: [{ message: "must be a positive number", path: ["n"] }] },
  },
};
const POSITIVE_SCHEMA = { type: "number", exclusiveMinimum: 0 };

/** The same, with a Standard JSON Schema converter that asks for its input side. */
const positiveWithConverter: StandardSchemaV1<unknown, number> & StandardJSONSchemaV1 = {
  "~standard": {
    ...positive["~standard"],
    jsonSchema: {
      input: (o) => ({ $schema: o.target, ...POSITIVE_SCHEMA }),
      output: () => ({ type: "string" }),
    },
  },
};

/** An asynchronous Standard Schema: its `validate` returns a promise. */
const asyncPositive: StandardSchemaV1<unknown, number> = {
  "~standard": {
    ...positive["~standard"],
    validate: async (value) => positive["~standard"].validate(value),
  },
};

interface OutputCase {
  name: string;
  agent: (model: Model) => Agent<unknown>;
  answer: string;
  output: unknown;
  schema: object;
}

const OUTPUTS: OutputCase[] = [
  {
    name: "a zod schema: its converter's input side, defaults filled in",
    agent: (model) => new Agent({ model, output: Weather }),
    answer: '{"city":"Paris","tempC":18}',
    output: { city: "Paris", tempC: 18, unit: "C" },
    schema: WEATHER_SCHEMA,
  },
  {
    name: "a hand-written Standard Schema with outputJsonSchema",
    agent: (model) => new Agent({ model, output: positive, outputJsonSchema: POSITIVE_SCHEMA }),
    answer: "42",
    output: 42,
    schema: POSITIVE_SCHEMA,
  },
  {
    name: "a hand-written Standard Schema with a converter",
    agent: (model) => new Agent({ model, output: positiveWithConverter }),
    answer: " 7 ",
    output: 7,
    schema: POSITIVE_SCHEMA,
  },
  {
    name: "outputJsonSchema wins over the converter",
    agent: (model) =>
      new Agent({ model, output: positiveWithConverter, outputJsonSchema: { type: "integer" } }),
    answer: "3",
    output: 3,
    schema: { type: "integer" },
  },
  {
    name: "an asynchronous schema",
    agent: (model) =>
      new Agent({ model, output: asyncPositive, outputJsonSchema: POSITIVE_SCHEMA }),
    answer: "1.5",
    output: 1.5,
    schema: POSITIVE_SCHEMA,
  },
  {
    name: "zod/mini with the schema converted by hand",
    agent: (model) => {
      const mini = zm.object({ n: zm.number() });
      return new Agent({ model, output: mini, outputJsonSchema: zm.toJSONSchema(mini) });
    },
    answer: '{"n":1}',
    output: { n: 1 },
    schema: {
      type: "object",
      properties: { n: { type: "number" } },
      required: ["n"],
      additionalProperties: false,
    },
  },
];

describe("Agent output", () => {
  it.each(OUTPUTS)("asks for and returns the checked answer: $name", async (c) => {
    const model = new ScriptedModel([answer(c.answer)]);
    const result = await c.agent(model).run("go");
    expect(result.output).toStrictEqual(c.output);
    expect(model.requests).toStrictEqual([
      { messages: [{ role: "user", content: "go" }], output: { schema: c.schema } },
    ]);
    // The evidence keeps the answer as the model sent it.
    expect(result.messages[1]).toStrictEqual({
      role: "assistant",
      content: [{ type: "text", text: c.answer }],
    });
  });

  it("asks for the output on every call of the tool loop, and never forces a tool", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "echo", { say: "18" })], [{ type: "thinking", text: "Ask echo." }]),
      answer('{"city":"Oslo","tempC":18,"unit":"F"}', [{ type: "thinking", text: "Done." }]),
    ]);
    const result = await new Agent({ model, tools: [echo], output: Weather }).run("go");
    expect(result.output).toStrictEqual({ city: "Oslo", tempC: 18, unit: "F" });
    expect(result.steps).toBe(2);
    for (const request of model.requests) {
      expect(request.output).toStrictEqual({ schema: WEATHER_SCHEMA });
      expect(request).not.toHaveProperty("toolChoice");
    }
  });

  it("reads the text parts joined, around thinking", async () => {
    const model = new ScriptedModel([
      {
        response: {
          message: {
            role: "assistant",
            content: [
              { type: "text", text: '{"city":"Rome",' },
              { type: "thinking", text: "Halfway.", signature: "s" },
              { type: "text", text: '"tempC":30}' },
            ],
          },
          usage: { inputTokens: 1, outputTokens: 1 },
          stopReason: "end_turn",
        },
      },
    ]);
    const result = await new Agent({ model, output: Weather }).run("go");
    expect(result.output).toStrictEqual({ city: "Rome", tempC: 30, unit: "C" });
  });
});

/** The OutputError a run rejects with. */
async function refusal(run: Promise<unknown>): Promise<OutputError> {
  const err = await run.then(
    () => new Error("the run resolved"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutputError);
  return err as OutputError;
}

/** What the agent sends back about a refused answer. */
const NOT_JSON = (detail: string) =>
  `Your answer is not valid JSON (${detail}). Answer with only the JSON the output schema describes, no other text.`;
const MISMATCH = (lines: string) =>
  `Your answer does not match the output schema:\n${lines}\nAnswer again with only JSON that matches it.`;

interface RetryCase {
  name: string;
  bad: string;
  problem: string;
}

const RETRIES: RetryCase[] = [
  {
    name: "prose instead of JSON",
    bad: "It is 18 degrees in Paris.",
    problem: NOT_JSON(parseError("It is 18 degrees in Paris.")),
  },
  {
    name: "JSON in a code fence",
    bad: '```json\n{"city":"Paris","tempC":18}\n```',
    problem: NOT_JSON(parseError('```json\n{"city":"Paris","tempC":18}\n```')),
  },
  { name: "no text at all", bad: "", problem: NOT_JSON(parseError("")) },
  {
    name: "JSON the schema refuses",
    bad: '{"city":"Paris","tempC":"18","unit":"K"}',
    problem: MISMATCH(
      'tempC: Invalid input: expected number, received string\nunit: Invalid option: expected one of "C"|"F"',
    ),
  },
];

describe("a refused final answer", () => {
  it.each(RETRIES)("goes back to the model with the problem: $name", async (c) => {
    const good = '{"city":"Paris","tempC":18}';
    const model = new ScriptedModel([answer(c.bad), answer(good)]);
    const result = await new Agent({ model, output: Weather }).run("Weather in Paris?");
    const bad: Message = {
      role: "assistant",
      content: c.bad === "" ? [] : [{ type: "text", text: c.bad }],
    };
    const retry: Message = { role: "user", content: c.problem };
    expect(model.requests[1]).toStrictEqual({
      messages: [{ role: "user", content: "Weather in Paris?" }, bad, retry],
      output: { schema: WEATHER_SCHEMA },
    });
    expect(result.output).toStrictEqual({ city: "Paris", tempC: 18, unit: "C" });
    expect(result.steps).toBe(2);
    expect(result.usage).toStrictEqual({ inputTokens: 20, outputTokens: 10 });
    expect(result.messages).toStrictEqual([
      ...(model.requests[1]?.messages ?? []),
      { role: "assistant", content: [{ type: "text", text: good }] },
    ]);
  });

  it("rejects with an OutputError carrying the raw text once the retries are used", async () => {
    const model = new ScriptedModel([answer("nope"), answer('{"city":1}'), answer("never")]);
    const err = await refusal(new Agent({ model, output: Weather }).run("go"));
    expect(err).toBeInstanceOf(OutputError);
    expect(err).toBeInstanceOf(GolemError);
    expect(err.name).toBe("OutputError");
    expect(err.text).toBe('{"city":1}');
    expect(err.issues.map((i) => i.message)).toStrictEqual([
      "Invalid input: expected string, received number",
      "Invalid input: expected number, received undefined",
    ]);
    expect(err.message).toBe(
      "The model's final answer does not fit the output schema (no retries left):\ncity: Invalid input: expected string, received number\ntempC: Invalid input: expected number, received undefined",
    );
    // One retry by default: two answers, then no further call.
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages.map((m) => m.role)).toStrictEqual([
      "user",
      "assistant",
      "user",
    ]);
  });

  it("retries as often as outputRetries allows", async () => {
    const model = new ScriptedModel([answer("a"), answer("b"), answer("c"), answer("4")]);
    const agent = new Agent({ model, output: positive, outputJsonSchema: {}, outputRetries: 3 });
    const result = await agent.run("go");
    expect(result.output).toBe(4);
    expect(result.steps).toBe(4);
    expect(result.messages).toHaveLength(8);
  });

  it("carries the text of an answer that is not JSON, and one issue saying so", async () => {
    const model = new ScriptedModel([answer("Paris: 18")]);
    const err = await refusal(new Agent({ model, output: Weather, outputRetries: 0 }).run("go"));
    expect(err).toBeInstanceOf(OutputError);
    expect(err.text).toBe("Paris: 18");
    expect(err.issues).toStrictEqual([{ message: `not valid JSON (${parseError("Paris: 18")})` }]);
    expect(model.requests).toHaveLength(1);
  });

  it("retries count as steps: maxSteps stops them", async () => {
    const model = new ScriptedModel([answer("a"), answer("b"), answer("42")]);
    const err = await refusal(
      new Agent({
        model,
        output: positive,
        outputJsonSchema: {},
        outputRetries: 5,
        maxSteps: 2,
      }).run("go"),
    );
    expect(err).toBeInstanceOf(OutputError);
    expect(err.text).toBe("b");
    expect(err.message).toMatch(
      /^The model's final answer does not fit the output schema \(maxSteps reached\):\n/,
    );
    expect(model.requests).toHaveLength(2);
  });

  it("the retries are per run, not per agent", async () => {
    const model = new ScriptedModel([answer("x"), answer("1"), answer("y"), answer("2")]);
    const agent = new Agent({ model, output: positive, outputJsonSchema: {}, outputRetries: 1 });
    expect((await agent.run("one")).output).toBe(1);
    expect((await agent.run("two")).output).toBe(2);
  });
});

describe("an agent's output options", () => {
  const noConverter: StandardSchemaV1<unknown, number> = positive;
  const cases: [string, () => unknown, string | RegExp][] = [
    [
      "a schema without a converter and no outputJsonSchema",
      () => new Agent({ model: new ScriptedModel([]), output: noConverter }),
      'Agent output has no JSON Schema converter (~standard.jsonSchema; zod/mini schemas have none): pass the JSON Schema to send as outputJsonSchema, e.g. z.toJSONSchema(schema, { io: "input" })',
    ],
    [
      "a zod/mini schema without outputJsonSchema",
      () => new Agent({ model: new ScriptedModel([]), output: zm.object({ n: zm.number() }) }),
      /^Agent output has no JSON Schema converter/,
    ],
    [
      "a schema with no JSON Schema form",
      () => new Agent({ model: new ScriptedModel([]), output: z.object({ at: z.date() }) }),
      "Agent output cannot be expressed as JSON Schema: Date cannot be represented in JSON Schema",
    ],
    [
      "an output that is not a Standard Schema",
      () =>
        new Agent({
          model: new ScriptedModel([]),
          output: { type: "object" } as unknown as StandardSchemaV1,
        }),
      "Agent output must be a Standard Schema (a zod 4 schema, say)",
    ],
    [
      "outputJsonSchema without output",
      () => new Agent({ model: new ScriptedModel([]), outputJsonSchema: { type: "object" } }),
      "Agent outputJsonSchema needs output, the schema that checks the answer",
    ],
    [
      "a negative outputRetries",
      () => new Agent({ model: new ScriptedModel([]), output: Weather, outputRetries: -1 }),
      "Agent outputRetries must be a whole number, at least 0 (got -1)",
    ],
  ];
  it.each(cases)("refuses %s with a ConfigError when the agent is made", (_, make, message) => {
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(message);
  });
});

describe("the output's type", () => {
  it("is the schema's output, or the text without a schema", () => {
    const model = new ScriptedModel([]);
    type Weather = { city: string; tempC: number; unit: "C" | "F" };
    const weather = new Agent({ model, output: Weather });
    const number = new Agent({ model, output: positive, outputJsonSchema: POSITIVE_SCHEMA });
    const text = new Agent({ model });
    expectTypeOf(weather).toEqualTypeOf<Agent<Weather>>();
    expectTypeOf(weather.run).returns.resolves.toEqualTypeOf<RunResult<Weather>>();
    expectTypeOf(weather.runStream).returns.toEqualTypeOf<RunStream<Weather>>();
    expectTypeOf(number.runWithHistory).returns.resolves.toEqualTypeOf<RunResult<number>>();
    expectTypeOf(text.run).returns.resolves.toEqualTypeOf<RunResult<string>>();
    expectTypeOf<RunResult["output"]>().toEqualTypeOf<string>();
    // @ts-expect-error: the output is a number, not a string
    expectTypeOf(number.run).returns.resolves.toEqualTypeOf<RunResult<string>>();
    // Nothing was called: these checks are for the compiler.
    expect(model.calls).toHaveLength(0);
  });
});
