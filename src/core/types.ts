/** Who wrote a message. */
export type Role = "system" | "user" | "assistant" | "tool";

/**
 * One block of model reasoning, kept exactly as the provider sent it.
 * Exactly one of: `text` (optionally with `signature`) or `redacted`.
 */
export interface ThinkingBlock {
  /** Visible reasoning or thought summary; `""` allowed only when signed. */
  text?: string;
  /** The provider's opaque signature; never edited. */
  signature?: string;
  /** The provider's encrypted payload (Anthropic `data`, Bedrock bytes as base64). */
  redacted?: string;
  /** Which adapter produced the block: `"anthropic"`, `"bedrock"`, `"gemini"`, `"openai"`, `"azure"`. */
  provider?: string;
}

/** A tool call the model asked for. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text. */
  arguments: string;
  /** A signature that rode the call itself (Gemini `thoughtSignature` on a `functionCall`). */
  signature?: string;
}

/** One message of a conversation, provider-neutral. */
export interface Message {
  role: Role;
  /** The text; `""` when there is none. */
  content: string;
  /** Assistant only: reasoning blocks, in provider order. */
  thinking?: ThinkingBlock[];
  /** Assistant only: tool calls, in order. */
  toolCalls?: ToolCall[];
  /** Assistant only: a signature that rode the text itself (Gemini `thoughtSignature` on text). */
  contentSignature?: string;
  /** Tool messages: the id of the call this answers. */
  toolCallId?: string;
  /** Tool messages: the tool failed. */
  isError?: boolean;
}

/** A piece of a thinking block as it streams; `index` is its position in `message.thinking`. */
export interface ThinkingDelta {
  index: number;
  text?: string;
  signature?: string;
  redacted?: string;
}

/** A piece of a tool call as it streams; `index` is its position in `message.toolCalls`. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
  signature?: string;
}

/** One streamed increment: thinking, text or a tool call. */
export interface Delta {
  thinking?: ThinkingDelta;
  text?: string;
  toolCall?: ToolCallDelta;
}

/** Token counts of one model call (or a whole run). */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: object;
}

/** What a model call sends. */
export interface ModelRequest {
  system?: string;
  messages: Message[];
  tools?: ToolSpec[];
  toolChoice?: "auto" | "none" | "required" | { name: string };
}

/** What a model call returns. */
export interface ModelResponse {
  message: Message;
  usage: Usage;
  /** The provider's stop reason, as it sent it. */
  stopReason: string;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * A streamed model call: iterate it for deltas, or only await `response` (it then drains the
 * stream). An error rejects both; `response` never becomes an unhandled rejection when the
 * caller only iterates. Breaking out of the loop cancels the body.
 */
export interface ModelStream extends AsyncIterable<Delta> {
  response: Promise<ModelResponse>;
}

/** A provider model, as every adapter's `create()` returns it. */
export interface Model {
  readonly provider: string;
  readonly model: string;
  generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse>;
  stream(req: ModelRequest, opts?: CallOptions): ModelStream;
}
