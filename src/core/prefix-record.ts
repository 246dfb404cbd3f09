import { isNonEmptyString, isObject, isStringArray } from "./issue.js";
import { toolSpecProblem } from "./update.js";

const RECORD_FIELDS = [
  "wire",
  "head",
  "tools",
  "count",
  "chain",
  "from",
  "steps",
  "parts",
  "setup",
];

/**
 * What is wrong with a stored {@link PrefixRecord}, or `undefined`: a record golem cannot read
 * is refused when the history is read rather than found wrong later, before a request.
 */
export function prefixRecordProblem(value: unknown): string | undefined {
  if (!isObject(value)) {
    return "prefix is not an object";
  }
  const r = value as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !RECORD_FIELDS.includes(k));
  if (unknown !== undefined) return `prefix has an unknown field ${JSON.stringify(unknown)}`;
  if (!isNonEmptyString(r.wire)) return "prefix.wire is not a non-empty string";
  const head = r.head;
  if (!isObject(head)) {
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
  if (!isStringArray(r.parts)) return "prefix.parts is not an array of strings";
  return r.setup === undefined ? undefined : setupProblem(r.setup);
}

function setupProblem(setup: unknown): string | undefined {
  if (!isObject(setup)) {
    return "prefix.setup is not an object";
  }
  const { system, tools, ...rest } = setup as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return "prefix.setup has an unknown field";
  if (system !== undefined && typeof system !== "string")
    return "prefix.setup.system is not a string";
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return "prefix.setup.tools is not an array";
  for (const [i, tool] of tools.entries()) {
    const problem = toolSpecProblem(tool);
    if (problem) return `prefix.setup.tools[${i}] ${problem}`;
  }
  return undefined;
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
