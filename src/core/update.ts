import { isNonEmptyString, isObject, show, unknownFieldProblem } from "./issue.js";

const UPDATE_FIELDS = ["addTools", "removeTools", "effort", "output"];
const TOOL_FIELDS = ["name", "description", "parameters", "strict"];
const OUTPUT_FIELDS = ["schema", "name", "description", "strict"];

/**
 * What is wrong with a system message's `update` (a {@link ConversationUpdate}), or
 * `undefined`: checked with the history, so a malformed one is refused before any request.
 */
export function updateProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "update is not an object";
  const unknown = unknownFieldProblem(value, UPDATE_FIELDS);
  if (unknown) return `update ${unknown}`;
  const { addTools, removeTools, effort, output } = value;
  if (addTools !== undefined) {
    if (!Array.isArray(addTools)) return "update.addTools is not an array";
    for (const [i, tool] of addTools.entries()) {
      const problem = toolSpecProblem(tool);
      if (problem) return `update.addTools[${i}] ${problem}`;
    }
  }
  if (removeTools !== undefined) {
    if (!Array.isArray(removeTools) || !removeTools.every(isNonEmptyString)) {
      return "update.removeTools is not an array of tool names";
    }
  }
  if (effort !== undefined && !isNonEmptyString(effort)) {
    return `update.effort is not a non-empty string: ${show(effort)}`;
  }
  if (output !== undefined && output !== null) {
    if (!isObject(output) || !isObject(output.schema)) {
      return "update.output is neither null nor an object with a schema object";
    }
    const extra = unknownFieldProblem(output, OUTPUT_FIELDS);
    if (extra) return `update.output ${extra}`;
  }
  return isEmpty(value)
    ? "update changes nothing: give addTools, removeTools, effort or output"
    : undefined;
}

/** What is wrong with a {@link ToolSpec} read from a stored history, or `undefined`. */
export function toolSpecProblem(tool: unknown): string | undefined {
  if (!isObject(tool)) return "is not a tool spec object";
  if (!isNonEmptyString(tool.name)) return "has no name";
  if (typeof tool.description !== "string") return "has a description that is not a string";
  if (!isObject(tool.parameters)) return "has parameters that are not a JSON Schema object";
  if (tool.strict !== undefined && typeof tool.strict !== "boolean")
    return "has a strict that is not a boolean";
  return unknownFieldProblem(tool, TOOL_FIELDS);
}

const isEmpty = (u: Record<string, unknown>) =>
  (u.addTools === undefined || (u.addTools as unknown[]).length === 0) &&
  (u.removeTools === undefined || (u.removeTools as unknown[]).length === 0) &&
  u.effort === undefined &&
  u.output === undefined;
