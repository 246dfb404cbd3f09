import { HistoryError } from "../../core/errors.js";
import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, Part, ToolSpec } from "../../core/types.js";
import { callSettings, wireFields, withExtraBody } from "../../transport/settings.js";
import type { ChatOptions } from "./config.js";
import { checkSettings, jsonSchemaFormat } from "./settings.js";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "./wire.js";

/** The Chat Completions endpoint under a base URL (streaming uses the same one). */
export function requestUrl(cfg: { baseURL: string }): string {
  return `${cfg.baseURL}/chat/completions`;
}

/**
 * The Chat Completions body for a request: `system` first (as role `"system"`, which OpenAI,
 * Azure and every compatible server accept; see docs/openai.md), then the messages in order.
 * Reasoning goes back only with `replayReasoning`, as `reasoning_content`. A message with
 * nothing to send is left out.
 */
export function buildRequest(
  req: ModelRequest,
  cfg: ChatOptions,
  stream: boolean,
): ChatCompletionCreateParams {
  const s = callSettings(cfg.provider, cfg.settings, req);
  checkSettings("chat", cfg, s);
  const messages: ChatCompletionMessageParam[] = [];
  if (req.system !== undefined && req.system !== "") {
    messages.push({ role: "system", content: req.system });
  }
  for (const [i, m] of req.messages.entries()) {
    const out = buildMessage(m, i, cfg);
    if (out) messages.push(out);
  }
  const body: ChatCompletionCreateParams = { messages };
  if (cfg.model !== undefined) body.model = cfg.model;
  if (req.tools !== undefined && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  if (cfg.reasoningEffort !== undefined) body.reasoning_effort = cfg.reasoningEffort;
  Object.assign(
    body,
    wireFields(s, {
      maxTokens: "max_completion_tokens",
      temperature: "temperature",
      topP: "top_p",
      stopSequences: "stop",
      seed: "seed",
    }),
  );
  if (req.output)
    body.response_format = { type: "json_schema", json_schema: jsonSchemaFormat(req.output) };
  if (stream) {
    body.stream = true;
    // Without it no usage arrives at all.
    body.stream_options = { include_usage: true };
  }
  return withExtraBody(body, cfg.settings, req);
}

function buildMessage(
  m: Message,
  i: number,
  cfg: ChatOptions,
): ChatCompletionMessageParam | undefined {
  const parts = partsOf(m);
  for (const p of parts) {
    // Images and documents on Chat Completions are not built yet (issue 18).
    if (p.type === "image" || p.type === "file") {
      throw new HistoryError(`${cfg.provider} Chat Completions cannot send ${p.type} parts yet`, i);
    }
  }
  switch (m.role) {
    case "assistant":
      return buildAssistantMessage(parts, cfg);
    // The wire has no error flag for a tool result: the content itself says what failed.
    // A result is sent even when empty: its call needs an answer.
    case "tool":
      return { role: "tool", tool_call_id: m.toolCallId ?? "", content: textOf(m) };
    default: {
      const content = textOf(m);
      return content === "" ? undefined : { role: m.role, content };
    }
  }
}

/**
 * Text parts joined as `content`, tool calls as `tool_calls` (arguments as the provider sent
 * them). Another provider's signature or phase simply has no place on this wire; thinking and
 * provider parts are never sent except the own reasoning with `replayReasoning`.
 */
function buildAssistantMessage(
  parts: readonly Part[],
  cfg: ChatOptions,
): ChatCompletionAssistantMessageParam | undefined {
  let text = "";
  const calls: ChatCompletionMessageToolCall[] = [];
  for (const p of parts) {
    if (p.type === "text") text += p.text;
    else if (p.type === "tool-call") {
      calls.push({
        id: p.id,
        type: "function",
        // A call streamed without arguments has "", which servers refuse as JSON.
        function: { name: p.name, arguments: p.arguments === "" ? "{}" : p.arguments },
      });
    }
  }
  if (text === "" && calls.length === 0) return undefined;
  // An assistant turn of tool calls only sends `content: null` (Vercel fix bfb756d).
  const out: ChatCompletionAssistantMessageParam = {
    role: "assistant",
    content: text === "" ? null : text,
  };
  if (calls.length > 0) out.tool_calls = calls;
  if (cfg.replayReasoning) out.reasoning_content = replayedReasoning(parts, cfg.provider);
  return out;
}

/**
 * The text of the thinking parts this adapter may send back: its own and untagged ones,
 * joined. DeepSeek V4 rejects an assistant message without the field, so none is `""`.
 */
export function replayedReasoning(parts: readonly Part[], provider: string): string {
  let text = "";
  for (const p of parts) {
    if (p.type !== "thinking" || p.text === undefined) continue;
    if (p.provider !== undefined && p.provider !== provider) continue;
    text += p.text;
  }
  return text;
}

function buildTool(t: ToolSpec): ChatCompletionTool {
  const tool: ChatCompletionTool = {
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.parameters },
  };
  if (t.strict !== undefined) tool.function.strict = t.strict;
  return tool;
}

function buildToolChoice(
  choice: NonNullable<ModelRequest["toolChoice"]>,
): ChatCompletionToolChoiceOption {
  if (typeof choice === "string") return choice;
  return { type: "function", function: { name: choice.name } };
}
