import type { Message, ModelRequest, ThinkingBlock, ToolSpec } from "../../core/types.js";
import type { ResponsesOptions } from "./responses-config.js";
import type {
  FunctionTool,
  ResponseCreateParams,
  ResponseInputItem,
  ResponseReasoningItemParam,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from "./responses-wire.js";

/** The Responses endpoint under a base URL (streaming uses the same one). */
export function responsesUrl(cfg: { baseURL: string }): string {
  return `${cfg.baseURL}/responses`;
}

/**
 * The Responses body for a request: stateless (`store: false`) with encrypted reasoning
 * included, `system` as `instructions`, and the history as `input` items.
 */
export function buildResponsesRequest(
  req: ModelRequest,
  cfg: ResponsesOptions,
  stream: boolean,
): ResponseCreateParams {
  const input: ResponseInputItem[] = [];
  for (const m of req.messages) input.push(...buildInputItems(m, cfg.provider));
  const body: ResponseCreateParams = {
    model: cfg.model,
    input,
    include: ["reasoning.encrypted_content"],
    store: false,
  };
  if (req.system !== undefined && req.system !== "") body.instructions = req.system;
  if (req.tools !== undefined && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  if (cfg.reasoningEffort !== undefined || cfg.reasoningSummary !== undefined) {
    body.reasoning = {};
    if (cfg.reasoningEffort !== undefined) body.reasoning.effort = cfg.reasoningEffort;
    if (cfg.reasoningSummary !== undefined) body.reasoning.summary = cfg.reasoningSummary;
  }
  if (cfg.maxCompletionTokens !== undefined) body.max_output_tokens = cfg.maxCompletionTokens;
  if (stream) body.stream = true;
  return body;
}

/** The `input` items of one message, in wire order. */
export function buildInputItems(m: Message, provider: string): ResponseInputItem[] {
  switch (m.role) {
    case "assistant":
      return buildAssistantItems(m, provider);
    // The wire has no error flag for a tool result: the output itself says what failed.
    case "tool":
      return [{ type: "function_call_output", call_id: m.toolCallId ?? "", output: m.content }];
    default:
      return [{ role: m.role, content: m.content }];
  }
}

/**
 * Reasoning items first, then the text as an output message, then the function calls. A
 * reasoning item must be followed by what it produced, or the API answers 400 "…of type
 * 'reasoning' was provided without its required following item"
 * (fixtures/openai/responses-modified-history.json): with neither text nor calls, the
 * reasoning is left out.
 */
function buildAssistantItems(m: Message, provider: string): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  const calls = m.toolCalls ?? [];
  if (m.content !== "" || calls.length > 0)
    items.push(...buildReasoningItems(m.thinking, provider));
  if (m.content !== "") {
    items.push({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: m.content }],
    });
  }
  for (const c of calls) {
    items.push({ type: "function_call", call_id: c.id, name: c.name, arguments: c.arguments });
  }
  return items;
}

/**
 * The blocks this adapter may send back, as reasoning items: signed text blocks of its own
 * (or untagged). Foreign, unsigned and redacted blocks could not verify and are dropped. No
 * `id` goes with them: under `store: false` it is not needed, and Azure refuses it.
 */
export function buildReasoningItems(
  blocks: readonly ThinkingBlock[] | undefined,
  provider: string,
): ResponseReasoningItemParam[] {
  const items: ResponseReasoningItemParam[] = [];
  for (const b of blocks ?? []) {
    if (b.provider !== undefined && b.provider !== provider) continue;
    if (b.text === undefined || b.signature === undefined || b.signature === "") continue;
    items.push({
      type: "reasoning",
      // One block holds one summary text; several parts come back joined, as one (ADR 0003).
      summary: b.text === "" ? [] : [{ type: "summary_text", text: b.text }],
      encrypted_content: b.signature,
    });
  }
  return items;
}

function buildTool(t: ToolSpec): FunctionTool {
  // `strict` defaults to true here, which refuses most hand-written schemas (ADR 0003).
  const tool: FunctionTool = {
    type: "function",
    name: t.name,
    parameters: t.parameters,
    strict: false,
  };
  if (t.description !== "") tool.description = t.description;
  return tool;
}

function buildToolChoice(
  choice: NonNullable<ModelRequest["toolChoice"]>,
): ToolChoiceOptions | ToolChoiceFunction {
  if (typeof choice === "string") return choice;
  return { type: "function", name: choice.name };
}
