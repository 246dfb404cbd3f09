import { ConfigError, HistoryError } from "../core/errors.js";
import { isObject, show } from "../core/issue.js";
import type { ModelRequest, ToolSpec } from "../core/types.js";

/**
 * The tool names most wires take (Anthropic Messages, Bedrock Converse, OpenAI Chat and
 * Responses); a name outside them is a 400. A wire or platform with another rule says so
 * (`Wire.toolName`, `Platform.toolName`).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
 */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What the whole-request checks read of the wire and the platform. */
export interface RequestRules {
  /** The tool names the wire (or the platform, where it is stricter) takes. */
  toolName: RegExp;
  /** How tool-call arguments travel: a JSON object (`"object"`) or the model's own text. */
  toolArguments: "object" | "text";
  /** A tool's schema must say `type: "object"`. */
  objectToolSchema?: true;
}

/**
 * Refuses, before anything is sent, a request the provider would refuse whatever the
 * model: a tool name outside its pattern or a tool without an object schema, in the request's
 * `tools` (`ConfigError`) or added by a system message's `update.addTools` (`HistoryError`
 * naming the message: one check for both, as every wire sends both as tools), an
 * `output.schema` that is not an object (`ConfigError`: JS callers can pass anything), and
 * for the APIs that take objects, tool-call arguments that are JSON but not an object
 * (`HistoryError` naming the message).
 */
export function checkModelRequest(provider: string, rules: RequestRules, req: ModelRequest): void {
  for (const [i, tool] of (req.tools ?? []).entries()) {
    const problem = toolProblem(provider, rules, tool, `tools[${i}]`);
    if (problem) throw new ConfigError(problem);
  }
  for (const [index, m] of req.messages.entries()) {
    for (const [j, tool] of (m.update?.addTools ?? []).entries()) {
      const problem = toolProblem(provider, rules, tool, `update.addTools[${j}]`);
      if (problem) throw new HistoryError(problem, index);
    }
  }
  if (req.output !== undefined && !isObject(req.output?.schema)) {
    throw new ConfigError(
      `${provider}: output.schema must be a JSON Schema object, got ${show(req.output?.schema)}`,
    );
  }
  if (rules.toolArguments === "object") checkObjectArguments(provider, req);
}

/** What the provider would refuse in one tool (`where` names it), or `undefined`. */
function toolProblem(
  provider: string,
  rules: RequestRules,
  tool: ToolSpec | undefined,
  where: string,
): string | undefined {
  const pattern = rules.toolName;
  if (typeof tool?.name !== "string" || !pattern.test(tool.name)) {
    return `${provider}: ${where} is named ${show(tool?.name)}; ${provider} takes tool names matching ${pattern.source}`;
  }
  if (!isObject(tool.parameters)) {
    return `${provider}: tool ${tool.name}: parameters must be a JSON Schema object`;
  }
  if (rules.objectToolSchema && (tool.parameters as { type?: unknown }).type !== "object") {
    return `${provider}: tool ${tool.name}: parameters must be a JSON Schema with type "object" (the API's input_schema takes no other)`;
  }
  return undefined;
}

function checkObjectArguments(provider: string, req: ModelRequest): void {
  for (const [i, m] of req.messages.entries()) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const [j, part] of m.content.entries()) {
      if (part.type !== "tool-call") continue;
      // validateHistory has parsed it already: valid JSON that starts with "{" is an object.
      const text = part.arguments.trimStart();
      if (text === "" || text.startsWith("{")) continue;
      throw new HistoryError(
        `content[${j}] tool call ${JSON.stringify(part.name)} has arguments ${show(part.arguments)}; ${provider} takes only a JSON object`,
        i,
      );
    }
  }
}
