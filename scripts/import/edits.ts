import type { Json, JsonObject } from "./upstream.js";

/**
 * One adjustment of a recorded request body towards what golem builds. Paths are dotted, and
 * `*` matches every element of an array or every member of an object (`tools.*.function`), a
 * number one element of an array.
 * An edit changes a copy in place; keys keep their recorded order.
 */
export type Edit = (body: Json) => void;

/** Applies the edits, in order, to a deep copy of `body`. */
export function applyEdits(body: Json, edits: readonly Edit[]): Json {
  const copy = structuredClone(body);
  for (const edit of edits) edit(copy);
  return copy;
}

/** Removes the member `path` names (wherever it exists). */
export function omit(path: string): Edit {
  const { parent, key } = splitPath(path);
  return (body) => {
    for (const obj of objectsAt(body, parent)) delete obj[key];
  };
}

/** Removes the member when it is `[]` or `{}` (an empty field golem never sends). */
export function omitEmpty(path: string): Edit {
  const { parent, key } = splitPath(path);
  return (body) => {
    for (const obj of objectsAt(body, parent)) if (isEmpty(obj[key])) delete obj[key];
  };
}

/** Renames the member in its place (`parameters_json_schema` -> `parametersJsonSchema`). */
export function rename(path: string, to: string): Edit {
  const { parent, key } = splitPath(path);
  return (body) => {
    for (const obj of objectsAt(body, parent)) {
      if (!(key in obj)) continue;
      const entries = Object.entries(obj).map(([k, v]): [string, Json] => [k === key ? to : k, v]);
      for (const k of Object.keys(obj)) delete obj[k];
      Object.assign(obj, Object.fromEntries(entries));
    }
  };
}

/** Replaces the member's value with `fn(value)`, in place. */
export function transform(path: string, fn: (value: Json) => Json): Edit {
  const { parent, key } = splitPath(path);
  return (body) => {
    for (const obj of objectsAt(body, parent)) if (key in obj) obj[key] = fn(obj[key] as Json);
  };
}

/** Appends `key: value` to every object at `path` that lacks `key` and satisfies `when`. */
export function addMissing(
  path: string,
  key: string,
  value: Json,
  when: (obj: JsonObject) => boolean = () => true,
): Edit {
  return (body) => {
    for (const obj of objectsAt(body, path)) if (!(key in obj) && when(obj)) obj[key] = value;
  };
}

/**
 * An OpenAPI-style Gemini `parameters` schema (`"type": "STRING"`) as the JSON Schema golem
 * sends in `parametersJsonSchema`: types lower-cased and written first, the other keys in
 * their recorded order, `properties` and `items` converted the same way.
 */
export function openApiToJsonSchema(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  if (typeof schema.type === "string") out.type = schema.type.toLowerCase();
  for (const [k, v] of Object.entries(schema)) {
    if (k === "type") continue;
    if (k === "properties" && isObject(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, openApiToJsonSchema(s)]));
    } else if (k === "items") out[k] = openApiToJsonSchema(v);
    else out[k] = v;
  }
  return out;
}

function splitPath(path: string): { parent: string; key: string } {
  const at = path.lastIndexOf(".");
  return at < 0
    ? { parent: "", key: path }
    : { parent: path.slice(0, at), key: path.slice(at + 1) };
}

/** Every object the path reaches ("" is the body itself). */
function objectsAt(body: Json, path: string): JsonObject[] {
  let nodes: Json[] = [body];
  for (const step of path === "" ? [] : path.split(".")) {
    nodes = nodes.flatMap((node): Json[] => {
      if (Array.isArray(node)) {
        if (step === "*") return node;
        const item = node[Number(step)];
        return item === undefined ? [] : [item];
      }
      if (!isObject(node)) return [];
      if (step === "*") return Object.values(node);
      const next = node[step];
      return next === undefined ? [] : [next];
    });
  }
  return nodes.filter(isObject);
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: Json | undefined): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}
