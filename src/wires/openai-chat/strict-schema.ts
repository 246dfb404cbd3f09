import { ConfigError } from "../../core/errors.js";

/**
 * Keywords OpenAI's strict mode refuses (a 400 "Invalid schema"): composition it does not
 * support, and object keywords it replaces with its own rule.
 * @see https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */
const REFUSED = [
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "unevaluatedProperties",
  "propertyNames",
];

/** Keys whose value is a list of subschemas, or a map of named subschemas. */
const LISTS = ["anyOf", "oneOf", "prefixItems"];
const MAPS = ["$defs", "definitions"];

/**
 * A JSON Schema as OpenAI's strict mode takes it: the root an object; every object closed
 * (`additionalProperties: false`) with all its properties `required`; `default` left out. A
 * schema that is strict already comes back equal, key order included (so recorded requests
 * stay the same). Making an optional property required keeps the answer valid against the
 * caller's schema: the model now always sends it. What cannot be made strict (a map of free
 * keys, `allOf`, `not`, conditionals) is a ConfigError naming where, before any request.
 */
export function strictSchema(provider: string, schema: object): object {
  const root = schema as Record<string, unknown> | null;
  if (typeof root !== "object" || root?.type !== "object") {
    throw refusal(provider, "", 'is not `type: "object"` at the root');
  }
  return strictNode(provider, root, "") as object;
}

function strictNode(provider: string, node: unknown, path: string): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (REFUSED.includes(key)) throw refusal(provider, path, `uses \`${key}\``);
    if (key === "default") continue;
    out[key] = strictChild(provider, key, value, `${path}.${key}`);
  }
  const properties = out.properties;
  if (out.type === "object" || (typeof properties === "object" && properties !== null)) {
    closeObject(provider, out, path);
  }
  return out;
}

/** A keyword's value with its subschemas made strict. */
function strictChild(provider: string, key: string, value: unknown, path: string): unknown {
  const each = (v: unknown, i: string) => strictNode(provider, v, `${path}${i}`);
  if (key === "items") {
    return Array.isArray(value) ? value.map((v, i) => each(v, `[${i}]`)) : each(value, "");
  }
  if (LISTS.includes(key) && Array.isArray(value)) return value.map((v, i) => each(v, `[${i}]`));
  if ((key === "properties" || MAPS.includes(key)) && typeof value === "object" && value) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, each(v, `.${k}`)]));
  }
  return value;
}

/** `additionalProperties: false` and every property required, keeping a list that has them all. */
function closeObject(provider: string, out: Record<string, unknown>, path: string): void {
  const extra = out.additionalProperties;
  if (extra !== undefined && extra !== false) {
    throw refusal(provider, path, "allows keys it does not name (`additionalProperties`)");
  }
  out.additionalProperties = false;
  const names = Object.keys((out.properties ?? {}) as object);
  const required = Array.isArray(out.required) ? out.required : [];
  if (names.some((n) => !required.includes(n))) {
    out.required = [...required, ...names.filter((n) => !required.includes(n))];
  } else out.required = required;
}

function refusal(provider: string, path: string, what: string): ConfigError {
  return new ConfigError(
    `${provider}: \`output.schema${path}\` ${what}, which OpenAI's strict structured output refuses; change the schema or set \`output.strict: false\``,
  );
}
