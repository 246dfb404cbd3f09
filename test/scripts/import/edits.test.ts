import { describe, expect, it } from "vitest";
import {
  addMissing,
  applyEdits,
  omit,
  omitEmpty,
  openApiToJsonSchema,
  rename,
  transform,
} from "../../../scripts/import/edits.js";

describe("request body edits", () => {
  const body = {
    system: [],
    inferenceConfig: {},
    messages: [
      { role: "assistant", tool_calls: [{ id: "a" }] },
      { role: "user", content: "hi" },
    ],
    tools: [{ function: { name: "w", strict: true, parameters: {} }, type: "function" }],
  };

  it("leave the input alone and work on a copy", () => {
    const before = JSON.stringify(body);
    applyEdits(body, [omit("tools.*.function.strict"), omitEmpty("system")]);
    expect(JSON.stringify(body)).toBe(before);
  });

  it("omit a member under every array element a wildcard reaches", () => {
    expect(applyEdits(body, [omit("tools.*.function.strict")])).toEqual({
      ...body,
      tools: [{ function: { name: "w", parameters: {} }, type: "function" }],
    });
  });

  it("omit empty members only", () => {
    const edited = applyEdits(body, [
      omitEmpty("system"),
      omitEmpty("inferenceConfig"),
      omitEmpty("messages"),
    ]);
    expect(Object.keys(edited as object)).toEqual(["messages", "tools"]);
  });

  it("rename a member in its place, keeping the key order", () => {
    const edited = applyEdits({ a: 1, parameters_json_schema: 2, c: 3 }, [
      rename("parameters_json_schema", "parametersJsonSchema"),
    ]);
    expect(JSON.stringify(edited)).toBe('{"a":1,"parametersJsonSchema":2,"c":3}');
  });

  it("append a missing member only where the condition holds", () => {
    const edited = applyEdits(body, [
      addMissing("messages.*", "content", null, (m) => "tool_calls" in m),
    ]) as typeof body;
    expect(JSON.stringify(edited.messages)).toBe(
      '[{"role":"assistant","tool_calls":[{"id":"a"}],"content":null},{"role":"user","content":"hi"}]',
    );
  });

  it("transform a value found by an array index", () => {
    const edited = applyEdits(body, [transform("messages.1.content", (v) => `${String(v)}!`)]);
    expect((edited as typeof body).messages[1]).toEqual({ role: "user", content: "hi!" });
  });
});

describe("openApiToJsonSchema", () => {
  it("lower-cases types, writes them first and converts properties and items", () => {
    const schema = {
      properties: {
        location: { description: "the city", type: "STRING" },
        tags: { items: { type: "STRING" }, type: "ARRAY" },
      },
      required: ["location"],
      type: "OBJECT",
    };
    expect(JSON.stringify(openApiToJsonSchema(schema))).toBe(
      '{"type":"object","properties":{"location":{"type":"string","description":"the city"},' +
        '"tags":{"type":"array","items":{"type":"string"}}},"required":["location"]}',
    );
  });
});
