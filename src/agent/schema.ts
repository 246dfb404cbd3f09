import { ConfigError } from "../core/errors.js";
import { formatPath } from "../core/issue.js";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "../core/standard-schema.js";

// What a tool's parameters and an agent's output share: a Standard Schema checks the JSON the
// model sends, and its converter (or a JSON Schema given beside it) tells the model the shape.

/**
 * `schema`'s `~standard` props, or a {@link ConfigError}: `subject` (`tool "x": parameters`,
 * `Agent output`) must be a Standard Schema, then `hint`.
 */
export function standardOf(schema: unknown, subject: string, hint = ""): StandardSchemaV1.Props {
  const standard = (schema as Partial<StandardSchemaV1> | undefined)?.["~standard"];
  if (typeof standard?.validate !== "function") {
    throw new ConfigError(`${subject} must be a Standard Schema (a zod 4 schema, say)${hint}`);
  }
  return standard;
}

/**
 * The JSON Schema sent to the model, without its top-level `$schema`: `given` (the caller's
 * `option`), else the schema's Standard JSON Schema converter's input side (what the model
 * must send, before defaults and transforms apply). The dialect marker is metadata no
 * provider's tool or output format asks for; leaving it out keeps the schema within Gemini's
 * subset. `subject` and `have` ("has" or "have") word the {@link ConfigError}s.
 */
export function jsonSchemaOf(
  standard: StandardSchemaV1.Props,
  given: object | undefined,
  subject: string,
  have: string,
  option: string,
): Record<string, unknown> {
  const json: Record<string, unknown> = { ...(given ?? convert(standard, subject, have, option)) };
  delete json.$schema;
  return json;
}

function convert(
  standard: StandardSchemaV1.Props,
  subject: string,
  have: string,
  option: string,
): object {
  const converter = (standard as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter) {
    throw new ConfigError(
      `${subject} ${have} no JSON Schema converter (~standard.jsonSchema; zod/mini schemas have none): pass the JSON Schema to send as ${option}, e.g. z.toJSONSchema(schema, { io: "input" })`,
    );
  }
  try {
    return converter.input({ target: "draft-2020-12" });
  } catch (cause) {
    throw new ConfigError(
      `${subject} cannot be expressed as JSON Schema: ${(cause as Error).message}`,
      { cause },
    );
  }
}

/** The model reads this: one line per issue, where it is and what is wrong. */
export function describeIssues(issues: ReadonlyArray<StandardSchemaV1.Issue>): string {
  return issues
    .map((issue) => {
      const where = formatPath((issue.path ?? []).map((k) => (typeof k === "object" ? k.key : k)));
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("\n");
}
