import { ConfigError, HistoryError } from "../core/errors.js";
import { show } from "../core/issue.js";
import type { ModelRequest, ToolSpec } from "../core/types.js";

/**
 * The tool names each API takes; a name outside them is a 400. Anthropic, Bedrock and OpenAI
 * (Chat, Responses, Azure) share one pattern.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
 * @see https://ai.google.dev/api/caching#FunctionDeclaration ("a-z, A-Z, 0-9, or contain
 *   underscores, colons, dots, and dashes, with a maximum length of 64")
 * Gemini on Vertex (keyed `platform:api`) also wants the first character a letter or an
 * underscore: every version of Vertex's `FunctionDeclaration.name` says so, while they differ
 * on colons and on 64 or 128 characters, so only the start is added to the Gemini API's rule.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.cachedContents#FunctionDeclaration
 */
const TOOL_NAME: Readonly<Record<string, RegExp>> = {
  gemini: /^[a-zA-Z0-9_.:-]{1,64}$/,
  "vertex:gemini": /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
};
const TOOL_NAME_DEFAULT = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The APIs whose tool calls carry their arguments as a JSON object (Anthropic `input`,
 * Bedrock `toolUse.input`, Gemini `functionCall.args`); OpenAI's carry a string.
 */
const OBJECT_ARGUMENTS: ReadonlySet<string> = new Set(["anthropic", "bedrock", "gemini"]);

/**
 * Refuses, before anything is sent, a request the provider would refuse whatever the
 * model: a tool name outside its pattern or a tool without an object schema, in the request's
 * `tools` (`ConfigError`) or added by a system message's `update.addTools` (`HistoryError`
 * naming the message: one check for both, as every wire sends both as tools), an
 * `output.schema` that is not an object (`ConfigError`: JS callers can pass anything), and
 * for the APIs that take objects, tool-call arguments that are JSON but not an object
 * (`HistoryError` naming the message).
 */
export function checkModelRequest(provider: string, api: string, req: ModelRequest): void {
  // By the API, not the platform: Claude on Vertex takes Anthropic's names, Gemini there Gemini's.
  const pattern = TOOL_NAME[`${provider}:${api}`] ?? TOOL_NAME[api] ?? TOOL_NAME_DEFAULT;
  for (const [i, tool] of (req.tools ?? []).entries()) {
    const problem = toolProblem(provider, pattern, tool, `tools[${i}]`);
    if (problem) throw new ConfigError(problem);
  }
  for (const [index, m] of req.messages.entries()) {
    for (const [j, tool] of (m.update?.addTools ?? []).entries()) {
      const problem = toolProblem(provider, pattern, tool, `update.addTools[${j}]`);
      if (problem) throw new HistoryError(problem, index);
    }
  }
  if (req.output !== undefined && !isObject(req.output?.schema)) {
    throw new ConfigError(
      `${provider}: output.schema must be a JSON Schema object, got ${show(req.output?.schema)}`,
    );
  }
  if (OBJECT_ARGUMENTS.has(api)) checkObjectArguments(provider, req);
}

/** What the provider would refuse in one tool (`where` names it), or `undefined`. */
function toolProblem(
  provider: string,
  pattern: RegExp,
  tool: ToolSpec | undefined,
  where: string,
): string | undefined {
  if (typeof tool?.name !== "string" || !pattern.test(tool.name)) {
    return `${provider}: ${where} is named ${show(tool?.name)}; ${provider} takes tool names matching ${pattern.source}`;
  }
  if (!isObject(tool.parameters)) {
    return `${provider}: tool ${tool.name}: parameters must be a JSON Schema object`;
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

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
