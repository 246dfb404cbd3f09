import { isNonEmptyString } from "./issue.js";

const RECORD_FIELDS = ["wire", "head", "tools", "count", "chain", "from", "steps", "parts"];

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === "string");

/**
 * What is wrong with a stored {@link PrefixRecord}, or `undefined`: a record golem cannot read
 * is refused when the history is read rather than found wrong later, before a request.
 */
export function prefixRecordProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "prefix is not an object";
  }
  const r = value as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !RECORD_FIELDS.includes(k));
  if (unknown !== undefined) return `prefix has an unknown field ${JSON.stringify(unknown)}`;
  if (!isNonEmptyString(r.wire)) return "prefix.wire is not a non-empty string";
  const head = r.head;
  if (typeof head !== "object" || head === null || Array.isArray(head)) {
    return "prefix.head is not an object";
  }
  if (!Object.values(head).every((h) => typeof h === "string")) {
    return "prefix.head holds a hash that is not a string";
  }
  if (!isStringArray(r.tools)) return "prefix.tools is not an array of strings";
  if (!isCount(r.count) || !isCount(r.from) || r.from > r.count) {
    return "prefix.count and prefix.from must be whole numbers with from <= count";
  }
  if (typeof r.chain !== "string") return "prefix.chain is not a string";
  if (!Array.isArray(r.steps) || !r.steps.every(isStringArray)) {
    return "prefix.steps is not an array of arrays of strings";
  }
  if (r.steps.length !== r.count - r.from) return "prefix.steps does not cover from..count";
  return isStringArray(r.parts) ? undefined : "prefix.parts is not an array of strings";
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
