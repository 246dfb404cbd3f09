/**
 * Types of the Anthropic Messages API JSON, named as its docs name them. No runtime code.
 * @see https://docs.claude.com/en/api/messages
 */

import type { Effort, ThinkingParam } from "../../rules/claude.js";

/** The `thinking` field; golem/bedrock sends the same JSON, so one type serves both. */
export type ThinkingConfigParam = ThinkingParam;

/** A prompt-cache breakpoint: the prefix up to and including this block is cached. */
export interface CacheControlEphemeral {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

export interface TextBlockParam {
  type: "text";
  text: string;
  cache_control?: CacheControlEphemeral;
}
export interface ThinkingBlockParam {
  type: "thinking";
  thinking: string;
  signature: string;
}
export interface RedactedThinkingBlockParam {
  type: "redacted_thinking";
  data: string;
}
export interface ToolUseBlockParam {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
  cache_control?: CacheControlEphemeral;
}
/** The image types the API takes. */
export type ImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";
/**
 * An image's bytes (base64) or URL; the media types are those of media.ts, which refuses any
 * other before a request (the SDK's BetaBase64ImageSource / BetaURLImageSource).
 */
export type ImageSource =
  | { type: "base64"; media_type: ImageMediaType; data: string }
  | { type: "url"; url: string };
/** A document's PDF bytes (base64), its URL, or a plain text document's text. */
export type DocumentSource =
  | { type: "base64"; media_type: "application/pdf"; data: string }
  | { type: "url"; url: string }
  | { type: "text"; media_type: "text/plain"; data: string };
/** Either source, as media.ts picks it. */
export type MediaSource = ImageSource | DocumentSource;
export interface ImageBlockParam {
  type: "image";
  source: ImageSource;
}
/** A `document` block; it may carry a `title`. */
export interface DocumentBlockParam {
  type: "document";
  source: DocumentSource;
  title?: string;
}
/** An `image` or `document` block. */
export type MediaBlockParam = ImageBlockParam | DocumentBlockParam;
export interface ToolResultBlockParam {
  type: "tool_result";
  tool_use_id: string;
  content?: (TextBlockParam | MediaBlockParam)[];
  is_error?: boolean;
  cache_control?: CacheControlEphemeral;
}

/** A block golem does not model (server tool use, its result, ...), sent back as it came. */
export interface OtherBlockParam {
  type: string & {};
  [key: string]: unknown;
}

/** A tool named as it is declared in the request's `tools`. */
export interface ToolReference {
  type: "tool_reference";
  name: string;
}
/**
 * A tool change's reference to one MCP tool or a whole MCP server's toolset (the SDK's
 * BetaToolChangeMCPToolReference / BetaToolChangeMCPToolsetReference, 1.17.0). golem's updates
 * name tools of `tools`; these arrive in a compaction block's `tool_changes` and go back as
 * they came.
 */
export type MCPToolChangeReference =
  | { type: "mcp_tool_reference"; server_name: string; name: string }
  | { type: "mcp_toolset_reference"; server_name: string };
/** A tool defined by value in a message (beta `inline-tools-2026-09-15`). */
export interface ToolDefinition {
  type: "tool_definition";
  definition: Tool;
}
/**
 * In a mid-conversation system message: offer a tool from here on (beta
 * `mid-conversation-tool-changes-2026-07-01` by reference, `inline-tools-2026-09-15` by value).
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export interface ToolAdditionBlockParam {
  type: "tool_addition";
  tool: ToolReference | MCPToolChangeReference | ToolDefinition;
  cache_control?: CacheControlEphemeral;
}
/** In a mid-conversation system message: withdraw a tool from here on (by reference). */
export interface ToolRemovalBlockParam {
  type: "tool_removal";
  tool: ToolReference | MCPToolChangeReference;
  cache_control?: CacheControlEphemeral;
}

/**
 * A compaction block as returned, sent back first in `messages` byte for byte: its summary,
 * opaque `encrypted_content`, and under beta `compact-2026-09-04` its `signature` and the
 * compacted range's `tool_changes` (the SDK's BetaCompactionBlockParam, 1.17.0).
 * @see https://platform.claude.com/docs/en/build-with-claude/compaction
 */
export interface CompactionBlockParam {
  type: "compaction";
  content?: string | null;
  encrypted_content?: string | null;
  signature?: string | null;
  tool_changes?: (ToolAdditionBlockParam | ToolRemovalBlockParam)[] | null;
  cache_control?: CacheControlEphemeral;
}

/** The blocks golem builds itself. */
export type KnownBlockParam =
  | TextBlockParam
  | CompactionBlockParam
  | ToolAdditionBlockParam
  | ToolRemovalBlockParam
  | ThinkingBlockParam
  | RedactedThinkingBlockParam
  | ToolUseBlockParam
  | ToolResultBlockParam
  | MediaBlockParam;

/** Any block of a user or assistant turn: golem's own, or one passed back as it came. */
export type ContentBlockParam = KnownBlockParam | OtherBlockParam;

/** A user turn: a prompt, tool results, or both (the SDK's BetaUserMessageParam). */
export interface UserMessageParam {
  role: "user";
  content: ContentBlockParam[];
  output_config?: never;
  clear_at?: never;
}
/** An assistant turn replayed (the SDK's BetaAssistantMessageParam). */
export interface AssistantMessageParam {
  role: "assistant";
  content: ContentBlockParam[];
  output_config?: never;
  clear_at?: never;
}
/** What a mid-conversation system message holds: its text and its tool changes. */
export type SystemBlockParam = TextBlockParam | ToolAdditionBlockParam | ToolRemovalBlockParam;
/**
 * A mid-conversation system message, on the models that take one (the SDK's
 * BetaSystemMessageParam).
 */
export interface SystemMessageParam {
  role: "system";
  content: SystemBlockParam[];
  /**
   * Effort from the next user turn on (beta `mid-conversation-output-config-2026-07-01`);
   * `format` stays top-level only.
   * @see https://platform.claude.com/docs/en/build-with-claude/effort#change-effort-mid-conversation-beta
   */
  output_config?: { effort: Effort };
  /**
   * `"next_user_message"` shows the text only for the user turn it follows (the message stays
   * in `messages`, unchanged); `"never"`, the default, on every request (beta
   * `mid-conversation-system-clear-at-2026-08-21`).
   */
  clear_at?: ClearAt;
}

/** One message of `messages`, by role (only a system message has `output_config`, `clear_at`). */
export type MessageParam = UserMessageParam | AssistantMessageParam | SystemMessageParam;

/** When a mid-conversation system message's text stops being shown. */
export type ClearAt = "next_user_message" | "never";

/**
 * What a request whose prefix changed under a replayed thinking block gets: a 400 or the
 * block dropped (beta `thinking-binding-controls-2026-08-01`).
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/fix-bound-to-a-different-conversation
 */
export interface BlockBinding {
  prefix_mismatch_behavior: "error" | "drop_block";
}

/**
 * One entry of a response's `input_transformations` (beta
 * `thinking-binding-controls-2026-08-01`): a block removed (`thinking_dropped`) or shown all the
 * same (`thinking_mismatch_allowed`) for failing a binding check, by request `path`. More types
 * may come (the SDK's BetaInputTransformation, 1.17.0).
 */
export interface WireInputTransformation {
  type: "thinking_dropped" | "thinking_mismatch_allowed" | (string & {});
  path?: string;
  reason?: BindingReason | (string & {});
}

/**
 * Which binding check a thinking block failed, as Anthropic names it (precedence: organization,
 * end user, model, prefix; BetaThinkingDroppedInputTransformation.reason).
 */
export type BindingReason =
  | "model_binding_mismatch"
  | "prefix_binding_mismatch"
  | "organization_binding_mismatch"
  | "end_user_binding_mismatch";

/**
 * A tool's JSON Schema: an object schema, as the API requires (the SDK's
 * `BetaTool.InputSchema`).
 */
export interface ToolInputSchema {
  type: "object";
  properties?: unknown;
  required?: string[];
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  description: string;
  input_schema: ToolInputSchema;
  cache_control?: CacheControlEphemeral;
  strict?: boolean;
}

export type ToolChoice =
  | { type: "auto" }
  | { type: "any" }
  | { type: "none" }
  | { type: "tool"; name: string };

export interface MessageCreateParams {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
  system?: TextBlockParam[];
  thinking?: ThinkingConfigParam & { block_binding?: BlockBinding };
  /** `effort` and structured output's `format`. */
  output_config?: {
    effort?: Effort;
    format?: { type: "json_schema"; schema: Record<string, unknown> };
  };
  tools?: Tool[];
  tool_choice?: ToolChoice;
  context_management?: ContextManagement;
  /** Beta `server-side-fallback-2026-07-01`, which takes both forms and the entries' overrides. */
  fallbacks?: "default" | FallbackModel[];
  /** `"fast"`: beta `fast-mode-2026-02-01` (some models require it). */
  speed?: Speed;
  /** Where inference runs; absent: the workspace's `default_inference_geo`. */
  inference_geo?: string;
  /** A compaction request (beta `compact-2026-09-04`); not with `context_management`. */
  compaction?: CompactionConfig;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: boolean;
  /** Beta `message-threads-2026-08-12`: the server holds the conversation (thread.ts). */
  thread?: { type: "create" } | { type: "continue"; previous_message_id: string };
}

/**
 * One entry of a `fallbacks` list, fields as the API spells them (the SDK's
 * `BetaFallbackParam`): `model`, and for this attempt only `max_tokens`, `thinking`,
 * `output_config` and `speed`. A field left out keeps the request's value; `null` runs the
 * attempt without it (the model's default). The API validates each as if the request were
 * made to `model`.
 * @see https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback#naming-your-own-fallback-models
 */
// A type, not an interface: the SDK's BetaFallbackParam has an index signature, which only a
// type literal is assignable to (test/sdk-types).
export type FallbackModel = {
  model: string;
  max_tokens?: number | null;
  thinking?: ThinkingConfigParam | null;
  output_config?: FallbackOutputConfig | null;
  speed?: Speed | null;
};

/** The inference speed mode (`speed`). */
export type Speed = "standard" | "fast";

/**
 * Compact the whole conversation: the answer is one signed `compaction` block alone
 * (`stop_reason: "compaction"`), which later requests send first in `messages` in place of what
 * it summarizes. `instructions` replace the server's summarization prompt (the SDK's
 * BetaCompactionConfig / BetaSummarizeCompaction, 1.17.0).
 * @see https://platform.claude.com/docs/en/build-with-claude/compaction
 */
export interface CompactionConfig {
  type: "summarize";
  instructions?: string;
}

/** A fallback attempt's `output_config`, merged with the request's one field at a time. */
export interface FallbackOutputConfig {
  effort?: Effort | null;
  format?: { type: "json_schema"; schema: Record<string, unknown> } | null;
  task_budget?: { type: "tokens"; total: number; remaining?: number | null } | null;
}

/**
 * Server-side context editing (beta `context-management-2025-06-27`): the API clears old
 * thinking or tool results before the model reads the prompt; the history sent stays whole.
 * A `compact_20260112` edit (beta `compact-2026-01-12`) instead answers with a `compaction`
 * block that stands for everything before it.
 * @see https://platform.claude.com/docs/en/build-with-claude/context-editing
 */
export interface ContextManagement {
  edits: ContextEdit[];
}

/** One context edit, with the fields as the API spells them. */
export type ContextEdit =
  | {
      type: "clear_thinking_20251015";
      /** Thinking of the last `value` assistant turns stays; `"all"` keeps every one (best for the cache). */
      keep?: { type: "thinking_turns"; value: number } | "all";
    }
  | {
      type: "clear_tool_uses_20250919";
      /** When clearing starts. */
      trigger?: { type: "input_tokens" | "tool_uses"; value: number };
      /** How many recent tool uses stay. */
      keep?: { type: "tool_uses"; value: number };
      /** Clear only when at least this many tokens go (a cleared prefix is a cache write). */
      clear_at_least?: { type: "input_tokens"; value: number };
      /** Also clear the calls' inputs: all, or those of the named tools. */
      clear_tool_inputs?: boolean | string[];
      /** Tools whose uses are never cleared. */
      exclude_tools?: string[];
    }
  | {
      /** Server-side compaction (beta `compact-2026-01-12`): a summary block replaces older turns. */
      type: "compact_20260112";
      /** When compaction starts (default 150,000 input tokens, at least 50,000). */
      trigger?: { type: "input_tokens"; value: number };
      /** Stop after the compaction block (`stop_reason: "compaction"`). */
      pause_after_compaction?: boolean;
      /** Replaces the default summarization prompt. */
      instructions?: string;
    };

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: string & {} };

export interface WireUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  output_tokens_details?: { thinking_tokens?: number | null } | null;
  /**
   * Server-side compaction: one entry per sampling step (`compaction`, then `message`); the
   * top-level counts leave the compaction step out.
   * @see https://platform.claude.com/docs/en/build-with-claude/compaction
   */
  iterations?: IterationUsage[] | null;
}

/**
 * The usage of one sampling step: of a compacting call, or one hop of a server-side fallback
 * (`message` for a hop that declined, `fallback_message` for the one that served). `model`
 * names the model that ran it (the SDK's BetaMessageIterationUsage, nullable there, and
 * BetaFallbackMessageIterationUsage; a `compaction` step has none).
 */
export interface IterationUsage {
  type: "compaction" | "message" | "fallback_message" | (string & {});
  model?: string | null;
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export type StopReason =
  | "end_turn"
  | "max_tokens"
  | "stop_sequence"
  | "tool_use"
  | "pause_turn"
  | "refusal"
  | "model_context_window_exceeded"
  | (string & {});

export interface WireMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  usage: WireUsage;
  input_transformations?: WireInputTransformation[] | null;
}

export interface ErrorBody {
  type: "error";
  error: { type: string; message: string };
  request_id?: string | null;
}

export type ContentBlockDelta =
  | { type: "text_delta"; text: string }
  | { type: "thinking_delta"; thinking: string }
  | { type: "signature_delta"; signature: string }
  | { type: "input_json_delta"; partial_json: string }
  | { type: "citations_delta"; citation: unknown }
  /** A compaction block's summary (`null` when compaction failed) and its opaque metadata. */
  | { type: "compaction_delta"; content?: string | null; encrypted_content?: string | null }
  | { type: string & {} };

/** Events of a `stream: true` response; unknown types may be added and are ignored. */
export type MessageStreamEvent =
  | { type: "message_start"; message: WireMessage }
  | { type: "content_block_start"; index: number; content_block: ContentBlock }
  | { type: "content_block_delta"; index: number; delta: ContentBlockDelta }
  | { type: "content_block_stop"; index: number }
  | { type: "message_delta"; delta: { stop_reason?: StopReason | null }; usage?: WireUsage }
  | { type: "message_stop" }
  | { type: "ping" }
  | { type: "error"; error: { type: string; message: string } };
