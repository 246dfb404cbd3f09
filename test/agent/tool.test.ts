import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { ConfigError, jsonTool, type Tool, type ToolContext, tool } from "../../src/index.js";

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

  it("converts a zod/mini schema the same way", () => {
    const t = tool({
      name: "lookup",
      description: "Find a word",
      parameters: zm.object({ q: zm.string(), limit: zm.optional(zm.number()) }),
      execute: () => "",
    });
    expect(t.parameters).toEqual({
      type: "object",
      properties: { q: { type: "string" }, limit: { type: "number" } },
      required: ["q"],
    });
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

  it("describes refused arguments with the path and the expectation", () => {
    const t = tool({
      name: "get_weather",
      description: "",
      parameters: z.object({ city: z.string() }),
      execute: () => "",
    });
    expect(t.check({ city: 3 })).toEqual({
      ok: false,
      problem: "✖ Invalid input: expected string, received number\n  → at city",
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
    const checked = t.check({ n: "21" });
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

  it("infers execute's arguments from the schema (classic and mini)", () => {
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
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ q: string; limit?: number | undefined }>();
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
