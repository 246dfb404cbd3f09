import type { ModelRequest, ToolSpec } from "../../core/types.js";
import { applyToolChanges } from "../../kit/updates.js";
import type { JsonSchemaObject } from "../openai-chat/wire.js";
import type { FunctionTool, ResponseCreateParams, ToolChoiceAllowed } from "./wire.js";

/** A tool as the Responses API takes it, in `tools` or in an `additional_tools` item. */
export function buildTool(t: ToolSpec): FunctionTool {
  // `strict` defaults to true here, which refuses most hand-written schemas (ADR 0003): false
  // unless the tool asks for it.
  const tool: FunctionTool = {
    type: "function",
    name: t.name,
    parameters: t.parameters as JsonSchemaObject,
    strict: t.strict === true,
  };
  if (t.description !== "") tool.description = t.description;
  return tool;
}

/**
 * `tool_choice` for a request. Once an update in the history has removed a tool, the request
 * keeps its `tools` and the earlier `additional_tools` items as they were (both are prefix) and
 * names the tools still callable in an `allowed_tools` choice instead, as the keep-prefix-
 * unchanged guide says to restrict tools; a named tool or `"none"` stays the caller's choice.
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export function buildToolChoice(req: ModelRequest): ResponseCreateParams["tool_choice"] {
  const choice = req.toolChoice;
  // First, whatever the choice: it checks every update's removals.
  const allowed = allowedTools(req);
  if (typeof choice === "object") return { type: "function", name: choice.name };
  if (allowed === undefined || choice === "none") return choice;
  if (allowed.length === 0) return "none";
  return {
    type: "allowed_tools",
    mode: choice === "required" ? "required" : "auto",
    tools: allowed.map((name) => ({ type: "function", name })),
  } satisfies ToolChoiceAllowed;
}

/**
 * The names of the tools callable after every update of the history, in the order they were
 * given; undefined when no update removed one (every tool given is callable). The updates
 * apply as the folded wires apply them ({@link applyToolChanges}): removing a tool not in
 * effect is a HistoryError naming the message, as there.
 */
function allowedTools(req: ModelRequest): string[] | undefined {
  let tools: ToolSpec[] = req.tools ?? [];
  let removed = false;
  for (const [index, m] of req.messages.entries()) {
    const update = m.role === "system" ? m.update : undefined;
    if (!update) continue;
    tools = applyToolChanges(tools, update.addTools, update.removeTools, index);
    if ((update.removeTools?.length ?? 0) > 0) removed = true;
  }
  return removed ? tools.map((t) => t.name) : undefined;
}
