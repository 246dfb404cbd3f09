import { ConfigError } from "../../core/errors.js";
import type { OutputSpec } from "../../core/types.js";

/**
 * The JSON-schema format both APIs take (Chat nests it under `json_schema`), strict: `name`
 * is required on the wire, `"output"` when the spec has none, and must match
 * `^[a-zA-Z0-9_-]{1,64}$` (API reference, `response_format.json_schema.name`).
 */
export function jsonSchemaFormat(provider: string, output: OutputSpec) {
  const name = output.name ?? "output";
  // The API's own rule for the name (a 400 otherwise).
  if (!/^[\w-]{1,64}$/.test(name)) {
    throw new ConfigError(
      `${provider}: \`output.name\` must be 1 to 64 letters, digits, "_" or "-", got ${JSON.stringify(name)}`,
    );
  }
  const format: { name: string; schema: object; strict: true; description?: string } = {
    name,
    schema: output.schema,
    strict: true,
  };
  if (output.description !== undefined) format.description = output.description;
  return format;
}
