import { HistoryError } from "../../core/errors.js";
import type { Message, ModelRequest, ThinkingBlock, ToolSpec } from "../../core/types.js";
import type { ResolvedConfig } from "./config.js";
import type {
  ContentBlockParam,
  MessageCreateParams,
  MessageParam,
  Tool,
  ToolChoice,
  ToolResultBlockParam,
} from "./wire.js";

/** The name blocks from this adapter carry in `ThinkingBlock.provider`. */
export const PROVIDER = "anthropic";
export const ANTHROPIC_VERSION = "2023-06-01";

/** The Messages endpoint. */
export function requestUrl(cfg: Pick<ResolvedConfig, "baseURL">): string {
  return `${cfg.baseURL}/messages`;
}

/** The headers golem sends (before the caller's own `headers`). */
export function requestHeaders(
  cfg: Pick<ResolvedConfig, "apiKey" | "headers">,
): Record<string, string> {
  return {
    "content-type": "application/json",
    "anthropic-version": ANTHROPIC_VERSION,
    "x-api-key": cfg.apiKey,
    ...cfg.headers,
  };
}

/**
 * History -> Messages API body. Thinking and redacted blocks go first in each assistant turn,
 * in provider order and byte for byte; blocks from another provider and unsigned blocks are
 * left out (they would fail verification); consecutive tool results share one user message.
 */
export function buildRequest(
  req: ModelRequest,
  cfg: Pick<ResolvedConfig, "model" | "maxTokens" | "thinking" | "effort">,
  stream: boolean,
): MessageCreateParams {
  const body: MessageCreateParams = {
    model: cfg.model,
    max_tokens: cfg.maxTokens,
    messages: buildMessages(req.messages),
  };
  const system = [
    req.system,
    ...req.messages.filter((m) => m.role === "system").map((m) => m.content),
  ].filter((s): s is string => typeof s === "string" && s !== "");
  if (system.length > 0) body.system = system.map((text) => ({ type: "text", text }));
  if (cfg.thinking) body.thinking = cfg.thinking;
  if (cfg.effort) body.output_config = { effort: cfg.effort };
  if (req.tools && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  if (stream) body.stream = true;
  return body;
}

function buildMessages(messages: readonly Message[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const [index, m] of messages.entries()) {
    if (m.role === "user")
      push(out, "user", m.content === "" ? [] : [{ type: "text", text: m.content }]);
    else if (m.role === "assistant") push(out, "assistant", assistantContent(m));
    else if (m.role === "tool") push(out, "user", [toolResult(m, index)]);
    // "system" messages are sent as the top-level `system`.
  }
  return out;
}

/** Appends blocks, merging into the previous message of the same role (the API alternates roles). */
function push(out: MessageParam[], role: "user" | "assistant", content: ContentBlockParam[]): void {
  const last = out[out.length - 1];
  if (last && last.role === role) last.content.push(...content);
  else out.push({ role, content });
}

function assistantContent(m: Message): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  for (const block of m.thinking ?? []) {
    const wire = thinkingBlock(block);
    if (wire) content.push(wire);
  }
  if (m.content !== "") content.push({ type: "text", text: m.content });
  for (const call of m.toolCalls ?? []) {
    content.push({
      type: "tool_use",
      id: call.id,
      name: call.name,
      input: parseArguments(call.arguments),
    });
  }
  return content;
}

function thinkingBlock(b: ThinkingBlock): ContentBlockParam | undefined {
  if (b.provider !== undefined && b.provider !== PROVIDER) return undefined;
  if (b.redacted !== undefined) return { type: "redacted_thinking", data: b.redacted };
  // Anthropic verifies every thinking block; one without a signature can only fail.
  if (b.signature === undefined || b.text === undefined) return undefined;
  return { type: "thinking", thinking: b.text, signature: b.signature };
}

function toolResult(m: Message, index: number): ToolResultBlockParam {
  if (!m.toolCallId) throw new HistoryError("a tool message needs a toolCallId", index);
  const block: ToolResultBlockParam = { type: "tool_result", tool_use_id: m.toolCallId };
  // The API refuses empty text blocks, so an empty result is sent without content.
  if (m.content !== "") block.content = [{ type: "text", text: m.content }];
  if (m.isError) block.is_error = true;
  return block;
}

/** Tool arguments are JSON text in golem and a JSON object on the wire. */
function parseArguments(args: string): unknown {
  if (args.trim() === "") return {};
  try {
    return JSON.parse(args);
  } catch {
    throw new HistoryError(`tool call arguments are not JSON: ${args.slice(0, 80)}`);
  }
}

function buildTool(tool: ToolSpec): Tool {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

function buildToolChoice(choice: NonNullable<ModelRequest["toolChoice"]>): ToolChoice {
  if (choice === "auto") return { type: "auto" };
  if (choice === "none") return { type: "none" };
  if (choice === "required") return { type: "any" };
  return { type: "tool", name: choice.name };
}
