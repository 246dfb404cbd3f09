import type { Message, ModelRequest, ThinkingBlock, ToolSpec } from "../../core/types.js";
import type { ChatOptions } from "./config.js";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
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
 * Reasoning goes back only with `replayReasoning`, as `reasoning_content`.
 */
export function buildRequest(
  req: ModelRequest,
  cfg: ChatOptions,
  stream: boolean,
): ChatCompletionCreateParams {
  const messages: ChatCompletionMessageParam[] = [];
  if (req.system !== undefined && req.system !== "") {
    messages.push({ role: "system", content: req.system });
  }
  for (const m of req.messages) messages.push(buildMessage(m, cfg));
  const body: ChatCompletionCreateParams = { messages };
  if (cfg.model !== undefined) body.model = cfg.model;
  if (req.tools !== undefined && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  if (cfg.reasoningEffort !== undefined) body.reasoning_effort = cfg.reasoningEffort;
  if (cfg.maxCompletionTokens !== undefined) body.max_completion_tokens = cfg.maxCompletionTokens;
  if (stream) {
    body.stream = true;
    // Without it no usage arrives at all.
    body.stream_options = { include_usage: true };
  }
  return body;
}

function buildMessage(m: Message, cfg: ChatOptions): ChatCompletionMessageParam {
  switch (m.role) {
    case "assistant":
      return buildAssistantMessage(m, cfg);
    // The wire has no error flag for a tool result: the content itself says what failed.
    case "tool":
      return { role: "tool", tool_call_id: m.toolCallId ?? "", content: m.content };
    default:
      return { role: m.role, content: m.content };
  }
}

function buildAssistantMessage(m: Message, cfg: ChatOptions): ChatCompletionAssistantMessageParam {
  const calls = m.toolCalls ?? [];
  // An assistant turn of tool calls only sends `content: null` (Vercel fix bfb756d).
  const out: ChatCompletionAssistantMessageParam = {
    role: "assistant",
    content: m.content === "" && calls.length > 0 ? null : m.content,
  };
  if (calls.length > 0) {
    out.tool_calls = calls.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    }));
  }
  if (cfg.replayReasoning) out.reasoning_content = replayedReasoning(m.thinking, cfg.provider);
  return out;
}

/**
 * The text of the blocks this adapter may send back: its own and untagged ones, joined.
 * DeepSeek V4 rejects an assistant message without the field, so none is `""`.
 */
export function replayedReasoning(blocks: ThinkingBlock[] | undefined, provider: string): string {
  let text = "";
  for (const b of blocks ?? []) {
    if (b.text === undefined) continue;
    if (b.provider !== undefined && b.provider !== provider) continue;
    text += b.text;
  }
  return text;
}

function buildTool(t: ToolSpec): ChatCompletionTool {
  return {
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.parameters },
  };
}

function buildToolChoice(
  choice: NonNullable<ModelRequest["toolChoice"]>,
): ChatCompletionToolChoiceOption {
  if (typeof choice === "string") return choice;
  return { type: "function", function: { name: choice.name } };
}
