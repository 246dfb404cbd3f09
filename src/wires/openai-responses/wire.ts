/**
 * Responses API JSON (`POST /responses`) as OpenAI and Azure OpenAI send it, named as the
 * OpenAI API reference names it. Types only: nothing here runs.
 * @see https://platform.openai.com/docs/api-reference/responses
 */
import type { PromptCacheBreakpoint } from "../openai-chat/breakpoints.js";
import type { PromptCacheOptionsParam } from "../openai-chat/prompt-cache.js";
import type {
  JsonSchemaObject,
  OpenAIErrorObject,
  ReasoningEffort,
  ReasoningSummary,
} from "../openai-chat/wire.js";

export type { ReasoningSummary };

/** The body of `POST /responses`. */
export interface ResponseCreateParams {
  model: string;
  instructions?: string;
  input: ResponseInputItem[];
  tools?: FunctionTool[];
  tool_choice?: ToolChoiceOptions | ToolChoiceFunction | ToolChoiceAllowed;
  reasoning?: Reasoning;
  /** What the server's row asks for: `reasoning.encrypted_content`, the payload replay needs. */
  include?: "reasoning.encrypted_content"[];
  /**
   * `false` (every row but DeepSeek's): nothing is kept server-side, history travels in
   * `input`; `true` with `serverHistory` (stored.ts).
   */
  store?: boolean;
  /** `serverHistory`: the stored response this one continues; `input` holds only what is new. */
  previous_response_id?: string;
  max_output_tokens?: number;
  prompt_cache_key?: string;
  prompt_cache_retention?: "in_memory" | "24h";
  /** openai 7.60.0 `PromptCacheOptions` (Chat: `mode` and `ttl: "30m"` only). */
  prompt_cache_options?: PromptCacheOptionsParam;
  temperature?: number;
  top_p?: number;
  text?: { format: JsonSchemaFormat };
  stream?: true;
}

/** `text.format` for structured output. */
export interface JsonSchemaFormat {
  type: "json_schema";
  name: string;
  schema: JsonSchemaObject;
  strict: boolean;
  description?: string;
}

/** The `reasoning` request object; `summary` omitted means no summaries. */
export interface Reasoning {
  effort?: ReasoningEffort;
  summary?: ReasoningSummary;
}

export type ToolChoiceOptions = "auto" | "none" | "required";

export interface ToolChoiceFunction {
  type: "function";
  name: string;
}

/**
 * `tool_choice` that limits the model to some of the tools it has, leaving `tools` (and so the
 * prefix) as it was.
 */
export interface ToolChoiceAllowed {
  type: "allowed_tools";
  mode: "auto" | "required";
  tools: { type: "function"; name: string }[];
}

/** A function tool; `strict` defaults to true on this API, so golem says false unless asked (ADR 0003). */
export interface FunctionTool {
  type: "function";
  name: string;
  description?: string;
  parameters: JsonSchemaObject;
  strict: boolean;
}

/**
 * One element of `input`: what golem sends back (with an item `id` only on the reasoning items
 * of servers that take them back by id, servers.ts).
 */
export type ResponseInputItem =
  | EasyInputMessage
  | ResponseOutputMessageParam
  | ResponseReasoningItemParam
  | ResponseReasoningTextItemParam
  | ResponseFunctionToolCallParam
  | FunctionCallOutput
  | AdditionalToolsItem
  | ConfigurationUpdateItem
  | ProviderItemParam;

/** Tools the model may call from this point of the input on, besides the request's `tools`. */
export interface AdditionalToolsItem {
  type: "additional_tools";
  role: "developer";
  tools: FunctionTool[];
}

/**
 * Settings from this point of the input on, until the next such item: reasoning effort, and
 * the output format (`{ type: "text" }` returns to free text).
 */
export interface ConfigurationUpdateItem {
  type: "configuration_update";
  reasoning?: { effort: ReasoningEffort };
  text?: { format: JsonSchemaFormat | { type: "text" } };
}

/**
 * A user or system message: a string as the captured requests send it, or (for a message
 * given as parts) one `input_text` per text part.
 */
export interface EasyInputMessage {
  /** The Open Responses spec's `ItemParam` requires it; OpenAI's own API takes it or not. */
  type?: "message";
  role: "user" | "system" | "developer";
  content: string | InputContent[];
}

export interface InputText {
  type: "input_text";
  text: string;
  prompt_cache_breakpoint?: PromptCacheBreakpoint;
}

/** An image: `image_url` is a URL or a `data:` URL. */
export interface InputImage {
  type: "input_image";
  image_url: string;
  detail: "low" | "high" | "auto";
  prompt_cache_breakpoint?: PromptCacheBreakpoint;
}

/** A file: inline as a `data:` URL with its `filename`, or a `file_url` the API fetches. */
export type InputFile = (
  | { type: "input_file"; file_data: string; filename: string }
  | { type: "input_file"; file_url: string }
) & { prompt_cache_breakpoint?: PromptCacheBreakpoint };

export type InputContent = InputText | InputImage | InputFile;

/**
 * An output item golem does not model (`web_search_call`, `mcp_call`, …), sent back exactly
 * as the response gave it.
 */
export interface ProviderItemParam {
  readonly type?: unknown;
  readonly [key: string]: unknown;
}

/**
 * An assistant message replayed as the output item it was, without `id`: the shape OpenAI's
 * own Codex CLI sends with `store: false` (openai/codex `codex-rs/protocol/src/models.rs`).
 */
export interface ResponseOutputMessageParam {
  type: "message";
  role: "assistant";
  content: { type: "output_text"; text: string }[];
  /** Sent back as it came, and only to the provider that sent it. */
  phase?: "commentary" | "final_answer";
}

/** A reasoning item replayed: its summary and `encrypted_content`, never its `id`. */
export interface ResponseReasoningItemParam {
  type: "reasoning";
  summary: SummaryText[];
  encrypted_content: string;
}

/**
 * A reasoning item replayed to a server that sends raw reasoning text (servers.ts `"items"`):
 * its id, the text as `reasoning_text` content, and its `encrypted_content` (null when it came
 * without), as DeepSeek and vLLM take it back.
 */
export interface ResponseReasoningTextItemParam {
  type: "reasoning";
  id?: string;
  summary: SummaryText[];
  content: ReasoningText[];
  encrypted_content: string | null;
}

/** Raw reasoning text: a reasoning item's `content` part. */
export interface ReasoningText {
  type: "reasoning_text";
  text: string;
}

export interface ResponseFunctionToolCallParam {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
}

export interface FunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  /** Text, or (with images or files) an array of input parts. */
  output: string | InputContent[];
}

export interface SummaryText {
  type: "summary_text";
  text: string;
}

/** A response object (`Response` in openai-node; renamed so it does not shadow fetch's). */
export interface ResponseObject {
  id?: string;
  object?: "response";
  status?: ResponseStatus;
  model?: string;
  output?: ResponseOutputItem[];
  usage?: ResponseUsage | null;
  error?: ResponseError | null;
  incomplete_details?: { reason?: string } | null;
  /** Azure only; golem ignores it. */
  content_filters?: unknown;
  /** Reasoning items the API dropped after a prefix change (keep-prefix-unchanged guide). */
  input_transformations?: ResponseInputTransformation[] | null;
}

/** One entry of `input_transformations`: `{ type: "reasoning", action: "removed", id, reason }`. */
export interface ResponseInputTransformation {
  type?: string;
  action?: string;
  id?: string;
  reason?: ResponseTransformationReason | (string & {});
}

/**
 * Why the API removed a reasoning item, as openai 7.60.0 types `Response.InputTransformation`
 * (`turn_boundary` new in November 2026); another string is kept as sent.
 */
export type ResponseTransformationReason =
  | "organization_mismatch"
  | "end_user_mismatch"
  | "model_mismatch"
  | "prefix_mismatch"
  | "turn_boundary";

export type ResponseStatus =
  | "completed"
  | "incomplete"
  | "failed"
  | "in_progress"
  | "queued"
  | "cancelled"
  | (string & {});

/** An element of `output`; types golem does not model (web search calls, …) are kept whole. */
export type ResponseOutputItem =
  | ResponseReasoningItem
  | ResponseOutputMessage
  | ResponseFunctionToolCall
  | { type: string & {}; id?: string };

export interface ResponseReasoningItem {
  type: "reasoning";
  id?: string;
  summary?: SummaryText[];
  /** Raw reasoning (Open Responses servers: LM Studio, vLLM, DeepSeek, Bedrock), `reasoning_text` parts. */
  content?: { type?: string; text?: string }[] | null;
  /** Present with `include: ["reasoning.encrypted_content"]`; complete only when the item is done. */
  encrypted_content?: string | null;
  status?: string;
}

export interface ResponseOutputMessage {
  type: "message";
  id?: string;
  role?: "assistant";
  status?: string;
  /** `output_text` parts carry the text; `refusal` parts golem does not read. */
  content?: { type: "output_text" | "refusal" | (string & {}); text?: string }[];
  /** gpt-5.3-codex and later: `commentary` or `final_answer`, kept on the text parts. */
  phase?: string;
}

export interface ResponseFunctionToolCall {
  type: "function_call";
  id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  status?: string;
}

/** `input_tokens` includes `cached_tokens`; `output_tokens` includes `reasoning_tokens`. */
export interface ResponseUsage {
  input_tokens?: number;
  input_tokens_details?: {
    cached_tokens?: number;
    cache_write_tokens?: number;
    /** The writes by lifetime (openai 7.60.0 `CacheWriteTokensDetails`). */
    cache_write_tokens_details?: { ttl_30m_tokens?: number; ttl_12h_tokens?: number } | null;
  } | null;
  output_tokens?: number;
  output_tokens_details?: { reasoning_tokens?: number } | null;
  total_tokens?: number;
}

/** `response.error` of a failed response. */
export interface ResponseError {
  code?: string | null;
  message?: string;
}

/**
 * The fields golem reads from one streamed event (`data:` JSON, dispatched on `type`; the
 * `event:` line repeats it and is not relied on).
 */
export interface ResponseStreamEvent {
  type: string;
  sequence_number?: number;
  output_index?: number;
  summary_index?: number;
  content_index?: number;
  item_id?: string;
  /** Text, summary or arguments fragment. */
  delta?: string;
  /** The whole text of a `.done` event (`output_text`, `reasoning_text`, summary). */
  text?: string;
  /** The whole arguments of `response.function_call_arguments.done`. */
  arguments?: string;
  /** `response.output_item.added` / `.done`. */
  item?: ResponseOutputItem;
  /** `response.created`, `.completed`, `.incomplete`, `.failed`. */
  response?: ResponseObject;
  /** `error` event, documented shape: `code`, `message`, `param` on the event itself. */
  code?: string | null;
  message?: string;
  param?: string | null;
  /** `error` event, shape captured for `insufficient_quota`: an `error` object. */
  error?: OpenAIErrorObject;
}
