import { ConfigError } from "../../core/errors.js";
import type { OutputSpec } from "../../core/types.js";
import { strictSchema } from "./strict-schema.js";
import type { JsonSchemaObject } from "./wire.js";

/**
 * The JSON-schema format both APIs take (Chat nests it under `json_schema`): `name` is
 * required on the wire, `"output"` when the spec has none, and must match
 * `^[a-zA-Z0-9_-]{1,64}$` (API reference, `response_format.json_schema.name`). Strict unless
 * `output.strict` is `false`, with the schema made into one strict mode takes
 * ({@link strictSchema}: a zod schema's input side leaves optional and defaulted keys out of
 * `required`, which strict mode answers with a 400).
 */
export function jsonSchemaFormat(provider: string, output: OutputSpec) {
  const name = output.name ?? "output";
  // The API's own rule for the name (a 400 otherwise).
  if (!/^[\w-]{1,64}$/.test(name)) {
    throw new ConfigError(
      `${provider}: \`output.name\` must be 1 to 64 letters, digits, "_" or "-", got ${JSON.stringify(name)}`,
    );
  }
  const strict = output.strict !== false;
  const format: { name: string; schema: JsonSchemaObject; strict: boolean; description?: string } =
    {
      name,
      schema: (strict ? strictSchema(provider, output.schema) : output.schema) as JsonSchemaObject,
      strict,
    };
  if (output.description !== undefined) format.description = output.description;
  return format;
}
