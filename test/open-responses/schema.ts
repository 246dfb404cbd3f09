/**
 * A small JSON Schema checker for the Open Responses OpenAPI document in
 * fixtures/open-responses/: the keywords that document uses (`$ref` to its components,
 * `type`, `enum`, `required`, `properties`, `additionalProperties`, `items`, `anyOf`, `oneOf`,
 * string, number, array and object bounds, `pattern`). It returns every problem as
 * `path: what`, so a test names what golem sent wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/cassettes.js";

type Schema = Record<string, unknown>;

const DOC = JSON.parse(readFileSync(join(FIXTURES, "open-responses", "openapi.json"), "utf8")) as {
  components: { schemas: Record<string, Schema> };
  info: { version: string };
};

export const SPEC_VERSION = DOC.info.version;

/** The named component schema. */
export function component(name: string): Schema {
  const s = DOC.components.schemas[name];
  if (!s) throw new Error(`no schema ${name} in the Open Responses document`);
  return s;
}

const typeOf = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : typeof v === "number"
        ? Number.isInteger(v)
          ? "integer"
          : "number"
        : typeof v;

const fits = (want: string, v: unknown) =>
  want === typeOf(v) || (want === "number" && typeOf(v) === "integer");

/** The problems of `value` against `schema`, `[]` when it is valid. */
export function check(schema: Schema, value: unknown, path = "$"): string[] {
  if (typeof schema.$ref === "string") {
    return check(component(schema.$ref.replace("#/components/schemas/", "")), value, path);
  }
  const out: string[] = [];
  if (typeof schema.type === "string" && !fits(schema.type, value)) {
    return [`${path}: is ${typeOf(value)}, not ${schema.type}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    out.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (Array.isArray(schema.anyOf)) {
    const each = schema.anyOf.map((s) => check(s as Schema, value, path));
    if (!each.some((e) => e.length === 0)) out.push(...closest(each, path, "anyOf"));
  }
  if (Array.isArray(schema.oneOf)) {
    const each = schema.oneOf.map((s) => check(s as Schema, value, path));
    const ok = each.filter((e) => e.length === 0).length;
    if (ok === 0) out.push(...closest(each, path, "oneOf"));
    if (ok > 1) out.push(`${path}: matches ${ok} of oneOf`);
  }
  if (typeof value === "string") {
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
      out.push(`${path}: longer than ${schema.maxLength}`);
    if (typeof schema.minLength === "number" && value.length < schema.minLength)
      out.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value))
      out.push(`${path}: does not match ${schema.pattern}`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum)
      out.push(`${path}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum)
      out.push(`${path}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems)
      out.push(`${path}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
      out.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items) {
      for (const [i, v] of value.entries())
        out.push(...check(schema.items as Schema, v, `${path}[${i}]`));
    }
  }
  if (typeOf(value) === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in obj)) out.push(`${path}: has no ${key}`);
    }
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, v] of Object.entries(obj)) {
      const p = props[key];
      if (p) out.push(...check(p, v, `${path}.${key}`));
      else if (schema.additionalProperties === false) out.push(`${path}: has ${key}`);
      else if (typeof schema.additionalProperties === "object" && schema.additionalProperties)
        out.push(...check(schema.additionalProperties as Schema, v, `${path}.${key}`));
    }
    if (typeof schema.maxProperties === "number" && Object.keys(obj).length > schema.maxProperties)
      out.push(`${path}: more than ${schema.maxProperties} properties`);
  }
  return out;
}

/**
 * The problems of the alternative that came closest: of those of the value's type (and the
 * discriminating `type` field's value), the one with the fewest problems.
 */
function closest(each: string[][], path: string, what: string): string[] {
  const miss = (e: string[]) =>
    e.some((p) => p.startsWith(`${path}: is `) || p.startsWith(`${path}.type: `)) ? 1 : 0;
  const best = [...each].sort((a, b) => miss(a) - miss(b) || a.length - b.length)[0] ?? [];
  return best.length > 0 ? best : [`${path}: matches none of ${what}`];
}

/** The schemas of the events `POST /responses` streams, by their `type`. */
const EVENTS: ReadonlyMap<string, Schema> = (() => {
  const paths = (DOC as unknown as { paths: Record<string, { post: { responses: Schema } }> })
    .paths;
  const ok = paths["/responses"]?.post.responses["200"] as {
    content: Record<string, { schema: { oneOf: Schema[] } }>;
  };
  const list = ok.content["text/event-stream"]?.schema.oneOf ?? [];
  return new Map(
    list.map((ref) => {
      const s = component(String(ref.$ref).replace("#/components/schemas/", ""));
      const type = (s.properties as Record<string, { enum: string[] }>).type?.enum[0] ?? "";
      return [type, s];
    }),
  );
})();

/** The schema of a streamed event, by its `type`; undefined for a type the spec does not list. */
export const eventSchema = (type: unknown): Schema | undefined => EVENTS.get(String(type));
