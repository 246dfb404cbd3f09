import { ConfigError } from "../core/errors.js";
import { formatPath } from "../core/issue.js";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "../core/standard-schema.js";

/**
 * What a tool's parameters and an agent's output share: a Standard Schema checks the JSON the
 * model sends, and its converter (or a JSON Schema given beside it) tells the model the shape.
 */

/** `schema`'s `~standard` props; a {@link ConfigError} saying `refusal` when it has none. */
export function standardOf(schema: unknown, refusal: string): StandardSchemaV1.Props {
  const standard = (schema as Partial<StandardSchemaV1> | undefined)?.["~standard"];
  if (typeof standard?.validate !== "function") throw new ConfigError(refusal);
  return standard;
}

/**
 * The JSON Schema of what the model must send (the input side, before defaults and transforms
 * apply), from the schema's Standard JSON Schema converter; `missing` is the
 * {@link ConfigError}'s message when it has none.
 */
export function inputJSONSchema(
  standard: StandardSchemaV1.Props,
  subject: string,
  missing: string,
): object {
  const converter = (standard as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter) throw new ConfigError(missing);
  try {
    return converter.input({ target: "draft-2020-12" });
  } catch (cause) {
    throw new ConfigError(
      `${subject} cannot be expressed as JSON Schema: ${(cause as Error).message}`,
      { cause },
    );
  }
}

/**
 * A copy without the top-level `$schema`: the dialect marker is metadata no provider's tool or
 * output format asks for (each documents bare schemas); leaving it out keeps the schema within
 * Gemini's subset.
 */
export function withoutDialect(schema: object): Record<string, unknown> {
  const json: Record<string, unknown> = { ...schema };
  delete json.$schema;
  return json;
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
