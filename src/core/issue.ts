import type * as z from "zod/mini";

/**
 * Says what a zod issue found, in words. zod/mini ships no locale (its messages are all
 * "Invalid input", which names no reason), so the reason is built from the issue's code and
 * the offending value, which is looked up in `root` by the issue's path.
 */
export function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const value = valueAt(root, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return value === undefined
        ? `missing (expected ${issue.expected})`
        : `expected ${issue.expected}, got ${issue.expected === "int" ? show(value) : kindOf(value)}`;
    case "unrecognized_keys":
      return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${show(value)}`;
    case "too_small":
      return `expected ${bound(issue.origin, issue.inclusive ? ">=" : ">", issue.minimum)}, got ${sizeOf(value)}`;
    case "too_big":
      return `expected ${bound(issue.origin, issue.inclusive ? "<=" : "<", issue.maximum)}, got ${sizeOf(value)}`;
    default:
      return issue.message;
  }
}

/** A zod path as golem's messages spell it: `thinking[0].text`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function bound(origin: string, op: string, limit: number | bigint): string {
  if (origin === "string") return `a string of length ${op} ${limit}`;
  if (origin === "array") return `an array of length ${op} ${limit}`;
  return `a value ${op} ${limit}`;
}

function sizeOf(value: unknown): string {
  if (typeof value === "string") return `length ${value.length}`;
  if (Array.isArray(value)) return `length ${value.length}`;
  return show(value);
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
