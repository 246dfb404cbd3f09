import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";
import { strictSchema } from "../../../src/wires/openai-chat/strict-schema.js";
import { thrown } from "../../helpers/errors.js";

const object = (properties: object, extra: object = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("strictSchema", () => {
  it("closes every object and requires every property, leaving a strict schema as it was", () => {
    const strict = object(
      { a: { type: "string" } },
      { required: ["a"], additionalProperties: false },
    );
    expect(JSON.stringify(strictSchema("openai", strict))).toBe(JSON.stringify(strict));
    expect(
      strictSchema(
        "openai",
        object(
          {
            a: { type: "string", default: "x" },
            list: { type: "array", items: object({ b: { type: "number" } }) },
            either: { anyOf: [object({ c: { type: "string" } }), { type: "null" }] },
            ref: { $ref: "#/$defs/d" },
          },
          { required: ["list"], $defs: { d: object({ e: { type: "boolean" } }) } },
        ),
      ),
    ).toStrictEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        list: {
          type: "array",
          items: {
            ...object({ b: { type: "number" } }),
            additionalProperties: false,
            required: ["b"],
          },
        },
        either: {
          anyOf: [
            { ...object({ c: { type: "string" } }), additionalProperties: false, required: ["c"] },
            { type: "null" },
          ],
        },
        ref: { $ref: "#/$defs/d" },
      },
      required: ["list", "a", "either", "ref"],
      $defs: {
        d: { ...object({ e: { type: "boolean" } }), additionalProperties: false, required: ["e"] },
      },
      additionalProperties: false,
    });
  });

  it.each([
    [
      "a root that is not an object",
      { type: "array", items: {} },
      '`output.schema` is not `type: "object"` at the root',
    ],
    [
      "a map of free keys",
      object({ tags: { type: "object", additionalProperties: { type: "string" } } }),
      "`output.schema.properties.tags` allows keys it does not name (`additionalProperties`)",
    ],
    [
      "additionalProperties: true",
      object({}, { additionalProperties: true }),
      "`output.schema` allows keys it does not name (`additionalProperties`)",
    ],
    [
      "allOf",
      object({ a: { allOf: [{ type: "string" }] } }),
      "`output.schema.properties.a` uses `allOf`",
    ],
    ["not", object({ a: { not: { type: "null" } } }), "`output.schema.properties.a` uses `not`"],
    ["if / else", object({}, { if: {}, else: {} }), "`output.schema` uses `if`"],
    [
      "patternProperties",
      object({}, { patternProperties: { "^x": {} } }),
      "`output.schema` uses `patternProperties`",
    ],
  ])("refuses %s before any request, naming where and the way out", (_, schema, where) => {
    const e = thrown(() => strictSchema("azure", schema));
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).toBe(
      `azure: ${where}, which OpenAI's strict structured output refuses; change the schema or set \`output.strict: false\``,
    );
  });

  it("sends the schema as given with strict: false when output.strict is false", () => {
    const schema = object({ tags: { type: "object", additionalProperties: { type: "string" } } });
    const body = buildRequest(
      { messages: [{ role: "user", content: "Tags?" }], output: { schema, strict: false } },
      { provider: "openai", model: "gpt-5.4", replayReasoning: false },
      false,
    );
    expect(body.response_format).toStrictEqual({
      type: "json_schema",
      json_schema: { name: "output", schema, strict: false },
    });
  });
});
