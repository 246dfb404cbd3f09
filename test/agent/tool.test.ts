import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import type { StandardSchemaV1 } from "../../src/core/standard-schema.js";
import {
  Agent,
  ConfigError,
  jsonTool,
  type Tool,
  type ToolContext,
  tool,
} from "../../src/index.js";
import { answer, ScriptedModel } from "./scripted-model.js";

/** A Standard Schema by hand, as a library other than zod would give one: it validates later. */
function evenNumbers(): StandardSchemaV1<unknown, { n: number }> {
  return {
    "~standard": {
      version: 1,
      vendor: "test",
      validate: async (value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const n = (value as { n?: unknown }).n;
        if (typeof n === "number" && n % 2 === 0) return { value: { n } };
        return { issues: [{ message: "must be an even number", path: [{ key: "n" }] }] };
      },
    },
  };
}

const EVEN_JSON_SCHEMA = {
  type: "object",
  properties: { n: { type: "integer", multipleOf: 2 } },
  required: ["n"],
};

describe("tool", () => {
  it("converts a classic zod schema to the JSON Schema of what the model must send", () => {
    const t = tool({
      name: "get_weather",
      description: "Current weather",
      parameters: z.object({
        city: z.string().describe("City name"),
        unit: z.enum(["c", "f"]).default("c"),
      }),
      execute: () => "",
    });
    expect(t.name).toBe("get_weather");
    expect(t.description).toBe("Current weather");
    expect(t.parameters).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        unit: { type: "string", enum: ["c", "f"], default: "c" },
      },
      required: ["city"],
    });
  });

  it("sends the jsonSchema given with a zod/mini schema (which has no converter), without $schema", () => {
    const parameters = zm.object({ q: zm.string(), limit: zm.optional(zm.number()) });
    const jsonSchema = zm.toJSONSchema(parameters, { io: "input" });
    expect(jsonSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const t = tool({
      name: "lookup",
      description: "Find a word",
      parameters,
      jsonSchema,
      execute: () => "",
    });
    expect(t.parameters).toEqual({
      type: "object",
      properties: { q: { type: "string" }, limit: { type: "number" } },
      required: ["q"],
    });
    expect(jsonSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("refuses a zod/mini schema without jsonSchema, saying what to pass", () => {
    const make = () =>
      tool({ name: "lookup", description: "", parameters: zm.object({}), execute: () => "" });
    expect(make).toThrow(
      new ConfigError(
        'tool "lookup": parameters have no JSON Schema converter (~standard.jsonSchema; zod/mini schemas have none): pass the JSON Schema to send as jsonSchema, e.g. z.toJSONSchema(schema, { io: "input" })',
      ),
    );
  });

  it("sends jsonSchema rather than the converted schema when both exist", () => {
    const t = tool({
      name: "t",
      description: "",
      parameters: z.object({ a: z.string() }),
      jsonSchema: { type: "object", properties: { a: { type: "string", minLength: 1 } } },
      execute: () => "",
    });
    expect(t.parameters).toEqual({
      type: "object",
      properties: { a: { type: "string", minLength: 1 } },
    });
  });

  it("refuses parameters that are not a Standard Schema, pointing to jsonTool", () => {
    const make = () =>
      tool({
        name: "t",
        description: "",
        parameters: { type: "object" } as unknown as StandardSchemaV1,
        execute: () => "",
      });
    expect(make).toThrow(
      new ConfigError(
        'tool "t": parameters must be a Standard Schema (a zod 4 schema, say); for a plain JSON Schema use jsonTool()',
      ),
    );
  });

  it("takes any Standard Schema, awaiting a validation that is asynchronous", async () => {
    const t = tool({
      name: "half",
      description: "",
      parameters: evenNumbers(),
      jsonSchema: EVEN_JSON_SCHEMA,
      execute: ({ n }) => n / 2,
    });
    expect(t.parameters).toEqual(EVEN_JSON_SCHEMA);
    const good = t.check({ n: 4 });
    expect(good).toBeInstanceOf(Promise);
    expect(await good).toEqual({ ok: true, value: { n: 4 } });
    expect(await t.check({ n: 3 })).toEqual({ ok: false, problem: "n: must be an even number" });
  });

  it("checks arguments with the schema, applying defaults and dropping unknown keys", () => {
    const t = tool({
      name: "get_weather",
      description: "",
      parameters: z.object({ city: z.string(), unit: z.enum(["c", "f"]).default("c") }),
      execute: () => "",
    });
    expect(t.check({ city: "Paris", extra: 1 })).toEqual({
      ok: true,
      value: { city: "Paris", unit: "c" },
    });
  });

  it("describes each refused argument on its own line: where, then zod's message", () => {
    const t = tool({
      name: "route",
      description: "",
      parameters: z.object({
        stops: z.array(z.object({ city: z.string() })),
        unit: z.enum(["km", "mi"]),
      }),
      execute: () => "",
    });
    expect(t.check({ stops: [{ city: "Oslo" }, { city: 3 }], unit: "ly" })).toEqual({
      ok: false,
      problem:
        'stops[1].city: Invalid input: expected string, received number\nunit: Invalid option: expected one of "km"|"mi"',
    });
    expect(t.check([])).toEqual({
      ok: false,
      problem: "Invalid input: expected object, received array",
    });
  });

  it("passes the checked value and the context to execute", async () => {
    const seen: unknown[] = [];
    const t = tool({
      name: "echo",
      description: "",
      parameters: z.object({ n: z.coerce.number() }),
      execute: (args, ctx) => {
        seen.push(args, ctx);
        return args.n * 2;
      },
    });
    const checked = await t.check({ n: "21" });
    if (!checked.ok) throw new Error(checked.problem);
    const signal = new AbortController().signal;
    expect(await t.execute(checked.value, { signal })).toBe(42);
    expect(seen).toEqual([{ n: 21 }, { signal }]);
  });

  it("refuses a schema that does not describe an object", () => {
    const make = () =>
      tool({ name: "t", description: "", parameters: z.string(), execute: () => "" });
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(/tool "t": parameters must describe a JSON object/);
  });

  it("refuses a schema JSON Schema cannot express, naming the tool", () => {
    const make = () =>
      tool({
        name: "when",
        description: "",
        parameters: z.object({ at: z.date() }),
        execute: () => "",
      });
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(/^tool "when": parameters cannot be expressed as JSON Schema: /);
  });

  it("refuses an empty name", () => {
    expect(() =>
      tool({ name: "", description: "", parameters: z.object({}), execute: () => "" }),
    ).toThrow(new ConfigError("a tool needs a non-empty name"));
  });

  it("infers execute's arguments from the schema (zod classic and mini, any Standard Schema)", () => {
    tool({
      name: "a",
      description: "",
      parameters: z.object({ city: z.string(), days: z.number().default(1) }),
      execute: (args, ctx) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days: number }>();
        expectTypeOf(ctx).toEqualTypeOf<ToolContext>();
      },
    });
    tool({
      name: "b",
      description: "",
      parameters: zm.object({ q: zm.string(), limit: zm.optional(zm.number()) }),
      jsonSchema: { type: "object" },
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ q: string; limit?: number | undefined }>();
      },
    });
    tool({
      name: "d",
      description: "",
      parameters: evenNumbers(),
      jsonSchema: EVEN_JSON_SCHEMA,
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ n: number }>();
      },
    });
    expectTypeOf(tool).returns.toEqualTypeOf<Tool>();
    tool({
      name: "c",
      description: "",
      parameters: z.object({ city: z.string() }),
      // @ts-expect-error: the schema has no `town`
      execute: (args: { town: string }) => args.town,
    });
  });
});

describe("jsonTool", () => {
  const schema = {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
  };

  it("sends the JSON Schema as given", () => {
    const t = jsonTool({
      name: "get_weather",
      description: "Weather",
      parameters: schema,
      execute: () => "",
    });
    expect(t.parameters).toBe(schema);
    expect(t.name).toBe("get_weather");
    expect(t.description).toBe("Weather");
  });

  it("accepts any JSON object and refuses anything else", () => {
    const t = jsonTool({ name: "t", description: "", parameters: schema, execute: () => "" });
    expect(t.check({ town: 1 })).toEqual({ ok: true, value: { town: 1 } });
    for (const bad of [null, [1], "x", 3]) {
      expect(t.check(bad)).toEqual({ ok: false, problem: "the arguments must be a JSON object" });
    }
  });

  it("gives execute its arguments as unknown", () => {
    jsonTool({
      name: "t",
      description: "",
      parameters: schema,
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<unknown>();
      },
    });
  });

  it("refuses a schema that is not an object schema", () => {
    expect(() =>
      jsonTool({ name: "t", description: "", parameters: { type: "string" }, execute: () => "" }),
    ).toThrow(ConfigError);
  });
});

describe("strict", () => {
  const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
  const make = (strict?: boolean) => [
    tool({
      name: "zod_tool",
      description: "",
      parameters: z.object({ city: z.string() }),
      ...(strict === undefined ? {} : { strict }),
      execute: () => "",
    }),
    jsonTool({
      name: "json_tool",
      description: "",
      parameters: schema,
      ...(strict === undefined ? {} : { strict }),
      execute: () => "",
    }),
  ];

  it.each([true, false])("reaches the request's tool specs as given (%s)", async (strict) => {
    const model = new ScriptedModel([answer("done")]);
    await new Agent({ model, tools: make(strict) }).run("Hi");
    expect(model.requests[0]?.tools?.map((t) => t.strict)).toEqual([strict, strict]);
  });

  it("is left off the specs when the tool does not set it", async () => {
    const model = new ScriptedModel([answer("done")]);
    await new Agent({ model, tools: make() }).run("Hi");
    for (const spec of model.requests[0]?.tools ?? []) expect(spec).not.toHaveProperty("strict");
  });

  it("refuses a strict that is not a boolean", () => {
    const bad = { strict: "yes" } as unknown as { strict: boolean };
    expect(() =>
      jsonTool({ name: "t", description: "", parameters: schema, ...bad, execute: () => "" }),
    ).toThrow(/tool "t": strict must be a boolean/);
  });
});
