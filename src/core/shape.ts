import { kindOf, show } from "./issue.js";

/**
 * Small hand-written checks of a JSON value's shape, for the cassette schema (`parseHistory`
 * used them too, until `validateHistory` took its checks over). zod/mini did this before, but
 * its core is ~7 KB gzip in every bundle that checks anything
 * (docs/adr/0005-no-zod-at-runtime.md); the messages below are the ones golem gave with zod
 * (`expected string, got number`, `unknown field "x"`), so stored errors still read the same.
 */

/** What a {@link Check} found: where (keys from the checked value down) and what is wrong. */
export interface Problem {
  path: PropertyKey[];
  reason: string;
}

/**
 * Checks one value; returns the first problem in reading order (an object's fields in shape
 * order, its unknown fields last; an array's items in order), or `undefined` when it fits.
 */
export type Check = (value: unknown) => Problem | undefined;

const problem = (reason: string): Problem => ({ path: [], reason });

/** `found`, moved one level down: under `key`. */
function under(key: PropertyKey, found: Problem | undefined): Problem | undefined {
  found?.path.unshift(key);
  return found;
}

function expected(type: string, value: unknown): Problem {
  return problem(
    value === undefined ? `missing (expected ${type})` : `expected ${type}, got ${kindOf(value)}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string of at least `minLength` characters. */
export const string =
  (minLength = 0): Check =>
  (value) => {
    if (typeof value !== "string") return expected("string", value);
    return value.length < minLength
      ? problem(`expected a string of length >= ${minLength}, got length ${value.length}`)
      : undefined;
  };

/** `true` or `false`. */
export const boolean: Check = (value) =>
  typeof value === "boolean" ? undefined : expected("boolean", value);

/** An integer from `min` to `max`. */
export const integer =
  (min: number, max: number): Check =>
  (value) => {
    if (typeof value !== "number" || Number.isNaN(value)) return expected("number", value);
    if (!Number.isInteger(value)) return problem(`expected int, got ${show(value)}`);
    if (value < min) return problem(`expected a value >= ${min}, got ${show(value)}`);
    return value > max ? problem(`expected a value <= ${max}, got ${show(value)}`) : undefined;
  };

/** `undefined` (an absent field), or what `check` accepts. */
export const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined ? undefined : check(value);

/** An array whose every item `item` accepts. */
export const array =
  (item: Check): Check =>
  (value) => {
    if (!Array.isArray(value)) return expected("array", value);
    for (let i = 0; i < value.length; i++) {
      const found = under(i, item(value[i]));
      if (found) return found;
    }
    return undefined;
  };

/** An object used as a map: every value is one `item` accepts. */
export const record =
  (item: Check): Check =>
  (value) => {
    if (!isObject(value)) return expected("record", value);
    for (const key of Object.keys(value)) {
      const found = under(key, item(value[key]));
      if (found) return found;
    }
    return undefined;
  };

/**
 * An object with the fields of `shape` (a field that may be absent is `optional`). Fields not
 * in `shape` are refused when `strict`, and otherwise left alone (not checked, not removed).
 */
export const object =
  (shape: Record<string, Check>, strict = false): Check =>
  (value) => {
    if (!isObject(value)) return expected("object", value);
    for (const [key, check] of Object.entries(shape)) {
      const found = under(key, check(value[key]));
      if (found) return found;
    }
    const unknown = strict ? Object.keys(value).filter((key) => !Object.hasOwn(shape, key)) : [];
    return unknown.length > 0
      ? problem(
          `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(k)).join(", ")}`,
        )
      : undefined;
  };

/** What `check` accepts and `test` then holds for; else `reason`, about the value as a whole. */
export const refine =
  <T>(check: Check, test: (value: T) => boolean, reason: string): Check =>
  (value) =>
    check(value) ?? (test(value as T) ? undefined : problem(reason));
