import type { PromptCacheBreakpoint } from "./breakpoints.js";
import type { PromptCacheOptionsParam } from "./prompt-cache.js";
/**
 * Chat Completions JSON as OpenAI, Azure OpenAI and compatible servers send it, named as the
 * OpenAI API reference names it. Types only: nothing here runs.
 * @see https://platform.openai.com/docs/api-reference/chat
 */

/**
 * A JSON Schema (of a tool's arguments, of structured output): a JSON object, as the openai SDK
 * types it (`FunctionParameters`, `ResponseFormatJSONSchema.JSONSchema.schema`). golem takes a
 * schema as any `object` and sends it as given.
 */
export type JsonSchemaObject = { [key: string]: unknown };

/** `reasoning_effort` values golem accepts (each model takes a subset). */
export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** The body of `POST /chat/completions`. */
export interface ChatCompletionCreateParams {
  /** Omitted on Azure deployment URLs, where the URL names the model. */
  model?: string;
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  tool_choice?: ChatCompletionToolChoiceOption;
  reasoning_effort?: ReasoningEffort;
  /** OpenRouter's form of `reasoning_effort`. */
  reasoning?: OpenRouterReasoningParam;
  max_completion_tokens?: number;
  prompt_cache_key?: string;
  prompt_cache_retention?: "in_memory" | "24h";
  /** openai 7.60.0 `ChatCompletionCreateParams.PromptCacheOptions`: `mode` and `ttl: "30m"` only. */
  prompt_cache_options?: Pick<PromptCacheOptionsParam, "mode"> & { ttl?: "30m" };
  temperature?: number;
  top_p?: number;
  stop?: string[];
  seed?: number;
  response_format?: {
    type: "json_schema";
    json_schema: { name: string; schema: JsonSchemaObject; strict: boolean; description?: string };
  };
  stream?: true;
  stream_options?: { include_usage: boolean };
}

export type ChatCompletionMessageParam =
  | { role: "system" | "developer" | "user"; content: string | ChatCompletionContentPartText[] }
  | { role: "user"; content: ChatCompletionContentPart[] }
  | ChatCompletionAssistantMessageParam
  | { role: "tool"; tool_call_id: string; content: string | ChatCompletionContentPartText[] };

/** A text part; with `cache: "auto"`, system, developer and tool content goes as these. */
export interface ChatCompletionContentPartText {
  type: "text";
  text: string;
  prompt_cache_breakpoint?: PromptCacheBreakpoint;
}

/** A part of a user message: text, an image (URL or `data:` URL), or a file (`data:` URL). */
export type ChatCompletionContentPart =
  | ChatCompletionContentPartText
  | {
      type: "image_url";
      image_url: { url: string };
      prompt_cache_breakpoint?: PromptCacheBreakpoint;
    }
  | {
      type: "file";
      file: { file_data: string; filename: string };
      prompt_cache_breakpoint?: PromptCacheBreakpoint;
    };

export interface ChatCompletionAssistantMessageParam {
  role: "assistant";
  /**
   * `null` when the message only carries tool calls; Mistral's content chunks when its own
   * thinking goes back.
   */
  content: string | ContentChunk[] | null;
  tool_calls?: ChatCompletionMessageToolCall[];
  /** DeepSeek thinking mode: the message's reasoning, sent back. */
  reasoning_content?: string;
  /** The same, for servers that name it `reasoning` (vLLM 0.16 and later, OpenRouter). */
  reasoning?: string;
  /** OpenRouter: the answer's `reasoning_details` entries, exactly as they came. */
  reasoning_details?: unknown[];
  /** DashScope (Qwen): the encrypted full thinking, exactly as it came. */
  encrypted_content?: string;
}

/**
 * OpenRouter's `reasoning` request object: `effort` or `max_tokens`, not both.
 * @see https://openrouter.ai/docs/guides/best-practices/reasoning-tokens
 */
export interface OpenRouterReasoningParam {
  effort?: ReasoningEffort;
  max_tokens?: number;
  exclude?: boolean;
  enabled?: boolean;
}

/**
 * One OpenRouter `reasoning_details` entry (`reasoning.text`, `reasoning.summary`,
 * `reasoning.encrypted`, server-tool entries, ...). Streams send an entry in fragments that
 * share its `type` and `index`, the signature often alone in the last one.
 * @see https://openrouter.ai/docs/guides/best-practices/reasoning-tokens
 */
export interface ReasoningDetail {
  type?: string;
  text?: string | null;
  signature?: string | null;
  summary?: string | null;
  data?: string | null;
  id?: string | null;
  format?: string | null;
  index?: number;
  [field: string]: unknown;
}

/**
 * A chunk of a Mistral content list: text, or the model's reasoning as a `thinking` chunk of
 * text chunks (`ThinkChunk`, `TextChunk` in @mistralai/mistralai 2.7.0's
 * models/components); other chunk types (references, images) golem does not read.
 * @see https://docs.mistral.ai/capabilities/reasoning/
 */
export type ContentChunk =
  | { type: "text"; text: string }
  | {
      type: "thinking";
      thinking: { type: "text"; text: string }[];
      /** "Signature to replay some reasoning blocks across turns" (ThinkChunk). */
      signature?: string;
    };

export interface ChatCompletionMessageToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface ChatCompletionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchemaObject; strict?: boolean };
}

export type ChatCompletionToolChoiceOption =
  | "auto"
  | "none"
  | "required"
  | { type: "function"; function: { name: string } };

/** A non-streamed answer. */
export interface ChatCompletion {
  id?: string;
  object?: "chat.completion";
  model?: string;
  choices: ChatCompletionChoice[];
  usage?: CompletionUsage | null;
  /** Azure only; golem ignores it. */
  prompt_filter_results?: unknown;
}

export interface ChatCompletionChoice {
  index: number;
  message: ChatCompletionMessage;
  finish_reason: FinishReason | null;
  /** Azure only; golem ignores it. */
  content_filter_results?: unknown;
}

export interface ChatCompletionMessage {
  role: "assistant";
  /** A list of chunks on Mistral (`AssistantMessage.content`). */
  content: string | ContentChunk[] | null;
  tool_calls?: ChatCompletionMessageToolCall[] | null;
  /** DeepSeek and most compatible servers. */
  reasoning_content?: string | null;
  /** vLLM, OpenRouter and gpt-oss hosts. */
  reasoning?: string | null;
  /** OpenRouter: the reasoning as typed, ordered entries (signatures included). */
  reasoning_details?: ReasoningDetail[] | null;
  /** DashScope (Qwen) with `thinking_display: "summarized"`: the encrypted full thinking. */
  encrypted_content?: string | null;
  refusal?: string | null;
}

/** `insufficient_system_resource` is DeepSeek's. */
export type FinishReason =
  | "stop"
  | "length"
  | "tool_calls"
  | "content_filter"
  | "function_call"
  | (string & {});

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: {
    cached_tokens?: number;
    cache_write_tokens?: number;
    /** The writes by lifetime (openai 7.60.0 `CacheWriteTokensDetails`). */
    cache_write_tokens_details?: { ttl_30m_tokens?: number; ttl_12h_tokens?: number } | null;
  } | null;
  /** `reasoning_tokens` is included in `completion_tokens`. */
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

/** One `data:` event of a streamed answer. */
export interface ChatCompletionChunk {
  id?: string;
  object?: "chat.completion.chunk";
  model?: string;
  /** Empty on the usage-only last chunk and on Azure's `prompt_filter_results` chunk. */
  choices?: ChatCompletionChunkChoice[];
  /** With `stream_options.include_usage`: on a last chunk with empty `choices`, or (DeepSeek) on the finish chunk. */
  usage?: CompletionUsage | null;
  /** An error that arrived inside a 200 stream. */
  error?: OpenAIErrorObject;
}

export interface ChatCompletionChunkChoice {
  index: number;
  delta?: ChatCompletionChunkDelta | null;
  finish_reason?: FinishReason | null;
}

export interface ChatCompletionChunkDelta {
  role?: "assistant" | null;
  /** Mistral: a string or a list of chunks (`DeltaMessage.content`). */
  content?: string | ContentChunk[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  reasoning_details?: ReasoningDetail[] | null;
  encrypted_content?: string | null;
  tool_calls?: ChatCompletionChunkToolCall[] | null;
}

/** A tool-call fragment; `id` and `function.name` normally arrive on the first one per `index`. */
export interface ChatCompletionChunkToolCall {
  index: number;
  id?: string | null;
  type?: "function";
  function?: { name?: string | null; arguments?: string | null } | null;
}

/** The `error` object of an error body; Azure sends `code` as a string and `type: null`. */
export interface OpenAIErrorObject {
  message?: string;
  type?: string | null;
  param?: string | null;
  code?: string | number | null;
}

/** `{"error": {...}}`, the body of every OpenAI error answer. */
export interface OpenAIErrorBody {
  error: OpenAIErrorObject;
}

/** `reasoning.summary` values (Responses API; an option both OpenAI wires' configs share). */
export type ReasoningSummary = "auto" | "concise" | "detailed";
