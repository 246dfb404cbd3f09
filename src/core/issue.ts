/**
 * How golem's error messages name what they found: a path (`thinking[0].text`), a value's kind
 * (`number`, `array`) and a value itself, kept short.
 */

/** A path of keys as golem's messages spell it: `thinking[0].text`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  }
  return out;
}

/** What JSON calls a value's type: `null` and `array` apart from `object`. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * A value as an error message shows it, at most 60 characters. Never throws: what
 * `JSON.stringify` refuses (a bigint, a cycle, a throwing `toJSON`) is named by its kind.
 */
export function show(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Not JSON: described below.
  }
  text ??= kindName(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function kindName(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol" || typeof value === "undefined") return String(value);
  if (typeof value === "function") return "a function";
  return Array.isArray(value) ? "an array" : "an object";
}

/**
 * `has an unknown field "x"` (or `has unknown fields "x", "y"`) for the fields of `value` not
 * in `known`; `undefined` when there are none.
 */
export function unknownFieldProblem(value: object, known: readonly string[]): string | undefined {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  const names = unknown.map((key) => JSON.stringify(key)).join(", ");
  if (unknown.length > 1) return `has unknown fields ${names}`;
  return unknown.length > 0 ? `has an unknown field ${names}` : undefined;
}

/** An object or an array: what `typeof` calls "object", but not `null`. */
export function isObjectLike(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}

/** A JSON object: not `null`, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An array of strings only. */
export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === "string");
}

/** A string with at least one character: what ids, names, signatures and payloads must be. */
export function isNonEmptyString(v: unknown): v is string {
  return typeof v === "string" && v.length > 0;
}
