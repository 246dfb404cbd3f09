import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, Part, ToolSpec } from "../../core/types.js";
import { checkMedia, isMedia, urlOf } from "../../kit/media.js";
import { callSettings, deepMerge, wireFields, withExtraBody } from "../../kit/settings.js";
import { foldUpdates } from "../../kit/updates.js";
import { checkChatTools, checkSettings } from "../../rules/openai.js";
import { markMessages } from "./breakpoints.js";
import type { ContentPiece } from "./chunks.js";
import type { ReplayWhen } from "./dialect.js";
import { CHAT_MEDIA, filenameOf } from "./media.js";
import { CHAT_EFFORTS, type ChatOptions, promptCacheFields } from "./options.js";
import type { ReplayForm } from "./servers.js";
import { jsonSchemaFormat } from "./settings.js";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
  JsonSchemaObject,
} from "./wire.js";

/** The Chat Completions endpoint under a base URL (streaming uses the same one). */
export function requestUrl(cfg: { baseURL: string }): string {
  return `${cfg.baseURL}/chat/completions`;
}

/**
 * The Chat Completions body for a request: `system` first (as role `"system"`, which OpenAI,
 * Azure and every compatible server accept; see docs/openai.md), then the messages in order.
 * Reasoning goes back as {@link buildAssistantMessage} says. A message with nothing to send
 * is left out.
 */
export function buildRequest(
  request: ModelRequest,
  cfg: ChatOptions,
  stream: boolean,
): ChatCompletionCreateParams {
  // Chat has no append-only form for tools and settings: updates fold into `tools`,
  // `reasoning_effort` and `response_format` (a late system message stays in its place).
  const folded = foldUpdates(request, cfg.provider, CHAT_EFFORTS);
  const req = folded.request;
  const s = callSettings(cfg.provider, cfg.settings, req);
  // The sampling rules read the effort in force, an update's included.
  const effortNow = folded.effort as NonNullable<ChatOptions["reasoningEffort"]> | undefined;
  checkSettings("chat", effortNow === undefined ? cfg : { ...cfg, reasoningEffort: effortNow }, s);
  checkChatTools(cfg, req.tools?.length ?? 0);
  const messages: ChatCompletionMessageParam[] = [];
  if (req.system !== undefined && req.system !== "") {
    messages.push({ role: "system", content: req.system });
  }
  const marked: [number, number][] = [];
  for (const [i, m] of req.messages.entries()) {
    const out = buildMessage(m, i, cfg);
    if (out) messages.push(out);
    if (m.cache) marked.push([i, messages.length]);
  }
  if (cfg.cache === "auto") markMessages(messages, marked);
  let body: ChatCompletionCreateParams = { messages };
  if (cfg.model !== undefined) body.model = cfg.model;
  if (req.tools !== undefined && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  const effort = effortNow ?? cfg.reasoningEffort;
  if (cfg.server) {
    cfg.server.check(effort, req.toolChoice, cfg.provider);
    body = deepMerge(body, cfg.server.fields(effort));
  } else if (effort !== undefined) {
    if (cfg.reasoningFormat === "openrouter") body.reasoning = { effort };
    else body.reasoning_effort = effort;
  }
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
    body.response_format = {
      type: "json_schema",
      json_schema: jsonSchemaFormat(cfg.provider, req.output),
    };
  Object.assign(body, promptCacheFields(cfg));
  if (stream) {
    body.stream = true;
    // Without it no usage arrives at all.
    body.stream_options = { include_usage: true };
  }
  // A field the server names otherwise goes by its name (Mistral's max_tokens).
  if (cfg.server) cfg.server.rename(body as unknown as Record<string, unknown>);
  return withExtraBody(body, cfg.settings, req);
}

function buildMessage(
  m: Message,
  i: number,
  cfg: ChatOptions,
): ChatCompletionMessageParam | undefined {
  const parts = partsOf(m);
  const who = `${cfg.provider} Chat Completions`;
  // Images and files go only in user messages: tool messages are text only.
  const place = m.role === "user" ? "user" : m.role === "tool" ? "tool" : "assistant";
  for (const [j, p] of parts.entries()) if (isMedia(p)) checkMedia(who, CHAT_MEDIA, p, j, i, place);
  if (m.role === "user" && parts.some(isMedia)) {
    const content: ChatCompletionContentPart[] = [];
    for (const [j, p] of parts.entries()) {
      const part = buildContentPart(p, i, j);
      if (part) content.push(part);
    }
    return { role: "user", content };
  }
  switch (m.role) {
    case "assistant":
      return buildAssistantMessage(parts, cfg);
    // The wire has no error flag for a tool result: the content itself says what failed.
    // A result is sent even when empty: its call needs an answer.
    case "tool":
      return { role: "tool", tool_call_id: callIdOf(m.toolCallId ?? "", cfg), content: textOf(m) };
    default: {
      const content = textOf(m);
      return content === "" ? undefined : { role: m.role, content };
    }
  }
}

/** A user message's part; empty text is left out. */
function buildContentPart(
  p: Part,
  index: number,
  j: number,
): ChatCompletionContentPart | undefined {
  if (p.type === "image") return { type: "image_url", image_url: { url: urlOf(p) } };
  if (p.type === "file") {
    return { type: "file", file: { file_data: urlOf(p), filename: filenameOf(p, index, j) } };
  }
  return p.type === "text" && p.text !== "" ? { type: "text", text: p.text } : undefined;
}

/**
 * Text parts joined as `content`, tool calls as `tool_calls` (arguments as the provider sent
 * them). Another provider's signature or phase simply has no place on this wire. The own
 * reasoning goes back in the dialect it came in (docs/adr/0012-reasoning-dialects.md): own
 * provider parts (OpenRouter entries) always, as `reasoning_details` and then alone; else an
 * own redacted part (DashScope) as `encrypted_content`, and with `replayReasoning` the own
 * thinking text as `reasoning_content` (or `reasoning`, by `reasoningFormat`).
 */
function buildAssistantMessage(
  parts: readonly Part[],
  cfg: ChatOptions,
): ChatCompletionAssistantMessageParam | undefined {
  let text = "";
  const calls: ChatCompletionMessageToolCall[] = [];
  const details: unknown[] = [];
  let encrypted: string | undefined;
  for (const p of parts) {
    if (p.type === "text") text += p.text;
    else if (p.type === "tool-call") {
      calls.push({
        id: callIdOf(p.id, cfg),
        type: "function",
        // A call streamed without arguments has "", which servers refuse as JSON.
        function: { name: p.name, arguments: p.arguments === "" ? "{}" : p.arguments },
      });
    } else if (p.type === "provider" && p.provider === cfg.provider) {
      // OpenRouter's entries are `reasoning.*`; the Responses API's items (same tag) are not.
      if (`${(p.value as { type?: unknown })?.type}`.startsWith("reasoning."))
        details.push(p.value);
    } else if (p.type === "thinking" && p.redacted !== undefined && own(p, cfg.provider)) {
      encrypted ??= p.redacted;
    }
  }
  if (text === "" && calls.length === 0) return undefined;
  // An assistant turn of tool calls only sends `content: null` (Vercel fix bfb756d).
  const out: ChatCompletionAssistantMessageParam = {
    role: "assistant",
    content: text === "" ? null : text,
  };
  if (calls.length > 0) out.tool_calls = calls;
  // The entries hold the reasoning's text, signatures and data already.
  if (details.length > 0) out.reasoning_details = details;
  else {
    const [when, form] = replayOf(cfg);
    if (when === "always" || (when === "tool-calls" && calls.length > 0)) {
      if (form === "tags" || form === "chunks") {
        out.content = contentWithThinking(parts, cfg) ?? out.content;
      } else {
        const thought = replayedReasoning(parts, cfg.provider);
        if (form === "reasoning") out.reasoning = thought;
        else out.reasoning_content = thought;
      }
    }
    if (encrypted !== undefined) out.encrypted_content = encrypted;
  }
  return out;
}

/**
 * When the own reasoning goes back and in what form: the resolved server's (golem/openai),
 * else `replayReasoning` and `reasoningFormat` (Azure).
 */
function replayOf(cfg: ChatOptions): [ReplayWhen, ReplayForm] {
  if (cfg.server) return [cfg.server.replay, cfg.server.replayAs];
  const format = cfg.reasoningFormat;
  return [
    cfg.replayReasoning ? "always" : "never",
    format === "reasoning" || format === "openrouter" ? "reasoning" : "reasoning_content",
  ];
}

/**
 * The text parts and the own thinking, in the parts' order, as the server wrote them into
 * `content`: the thinking back between its tags, or as thinking chunks with their signatures
 * (Mistral); undefined when there is no own thinking to put back.
 */
function contentWithThinking(
  parts: readonly Part[],
  cfg: ChatOptions,
): ChatCompletionAssistantMessageParam["content"] | undefined {
  const pieces: ContentPiece[] = [];
  let thought = false;
  for (const p of parts) {
    if (p.type === "text") pieces.push({ kind: "text", text: p.text });
    else if (p.type === "thinking" && p.text !== undefined && own(p, cfg.provider)) {
      pieces.push({
        kind: "thinking",
        text: p.text,
        ...(p.signature !== undefined && { signature: p.signature }),
      });
      thought = true;
    }
  }
  return thought && cfg.server ? cfg.server.join(pieces) : undefined;
}

/** A tool-call id as the server takes it (Mistral's 9 characters), the same for call and result. */
const callIdOf = (id: string, cfg: ChatOptions) => cfg.server?.callId(id) ?? id;

/** A part of this adapter, or untagged (the caller's own). */
const own = (p: { provider?: string }, provider: string) =>
  p.provider === undefined || p.provider === provider;

/**
 * The text of the thinking parts this adapter may send back: its own and untagged ones,
 * joined. DeepSeek V4 rejects an assistant message without the field, so none is `""`.
 */
export function replayedReasoning(parts: readonly Part[], provider: string): string {
  let text = "";
  for (const p of parts) {
    if (p.type !== "thinking" || p.text === undefined || !own(p, provider)) continue;
    text += p.text;
  }
  return text;
}

function buildTool(t: ToolSpec): ChatCompletionTool {
  const tool: ChatCompletionTool = {
    type: "function",
    function: {
      name: t.name,
      description: t.description,
      parameters: t.parameters as JsonSchemaObject,
    },
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
