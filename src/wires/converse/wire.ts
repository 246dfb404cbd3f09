/**
 * Types of the Bedrock Runtime Converse / ConverseStream JSON, named as the AWS API reference
 * names them. Content blocks are unions keyed by member name: exactly one key per block.
 * No runtime code.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */

import type { Effort, ThinkingParam } from "../../rules/claude.js";

/** Claude's thinking switch, passed through `additionalModelRequestFields` (snake_case). */
export type ThinkingConfigParam = ThinkingParam;

/** A JSON document (the AWS SDK's `DocumentType`): a tool's input, a JSON Schema. */
export type JsonDocument =
  | null
  | boolean
  | number
  | string
  | JsonDocument[]
  | { [key: string]: JsonDocument };

export interface ReasoningTextBlock {
  text: string;
  signature?: string;
}

/** Either visible reasoning (with its signature) or the encrypted payload, as base64. */
export type ReasoningContentBlock =
  | { reasoningText: ReasoningTextBlock }
  | { redactedContent: string };

export interface ToolUseBlock {
  toolUseId: string;
  name: string;
  /** A JSON document (not a string). */
  input: unknown;
  /**
   * Set on a built-in tool's call that Bedrock ran itself (`"server_tool_use"`, Nova's
   * `nova_code_interpreter`): https://docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html
   */
  type?: string;
}

/** A tool call golem replays: a call the model made, never a built-in tool's (a provider part). */
export interface ToolUseBlockParam {
  toolUseId: string;
  name: string;
  /** A JSON document (not a string). */
  input: JsonDocument;
}

/** Image bytes as base64 in JSON, or an object in S3. */
export type MediaSource = { bytes: string } | { s3Location: { uri: string } };
/** `format`: png | jpeg | gif | webp. */
export interface ImageBlock {
  format: string;
  source: MediaSource;
}
/** `format`: pdf | csv | doc | docx | xls | xlsx | html | txt | md; `name` is required. */
export interface DocumentBlock {
  format: string;
  name: string;
  source: MediaSource;
  /**
   * `{ enabled: true }` lets the model cite the document (CitationsConfig):
   * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CitationsConfig.html
   */
  citations?: { enabled: boolean };
}
export type MediaBlock = { image: ImageBlock } | { document: DocumentBlock };

export interface ToolResultBlock {
  toolUseId: string;
  content: ({ text: string } | MediaBlock)[];
  status?: "success" | "error";
}

/**
 * A prompt-cache checkpoint: the prefix before it is cached. Goes in `system`, in a message's
 * `content` and in `toolConfig.tools`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html
 */
export interface CachePointBlock {
  cachePoint: { type: "default"; ttl?: "5m" | "1h" };
}

/** A block golem sends back as it came (a ProviderPart's value): any member, exactly one. */
export type OpaqueBlock = Record<string, unknown>;

/**
 * A tool declared in `toolConfig.tools`, by name: Converse's tool changes carry no definition.
 * `type` is free text in the API reference; golem sends the Messages API's `"tool_reference"`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolReference.html
 */
export interface ToolReference {
  type?: string;
  name: string;
  serverName?: string;
}

/**
 * Tool changes, in a `system` message only: the tool offered (or no longer offered) from there on.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolAdditionBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolRemovalBlock.html
 */
export type ToolChangeBlock =
  | { toolAddition: { tool: ToolReference } }
  | { toolRemoval: { tool: ToolReference } };

/** The blocks golem builds itself. */
export type KnownContentBlock =
  | { text: string }
  | ToolChangeBlock
  | { reasoningContent: ReasoningContentBlock }
  | { toolUse: ToolUseBlockParam }
  | { toolResult: ToolResultBlock }
  | CachePointBlock
  | MediaBlock;

/** A message's block: golem's own, or one sent back as it came. */
export type ContentBlock = KnownContentBlock | OpaqueBlock;

/**
 * `system`: a mid-conversation system message (text and tool changes), on the models that take
 * one (client-bedrock-runtime 3.1178.0 `ConversationRole`).
 */
export interface Message {
  role: "user" | "assistant" | "system";
  content: ContentBlock[];
}

export type SystemContentBlock = { text: string } | CachePointBlock;

export interface InferenceConfiguration {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stopSequences?: string[];
}

/** Structured output: the JSON Schema travels as a JSON string (`JsonSchemaDefinition`). */
export interface OutputFormat {
  type: "json_schema";
  structure: { jsonSchema: { schema: string; name?: string; description?: string } };
}

export interface ToolSpecification {
  name: string;
  description?: string;
  inputSchema: { json: JsonDocument };
  strict?: boolean;
}

export type ToolChoice =
  | { auto: Record<string, never> }
  | { any: Record<string, never> }
  | { tool: { name: string } };

export interface ToolConfiguration {
  tools: ({ toolSpec: ToolSpecification } | CachePointBlock)[];
  toolChoice?: ToolChoice;
}

export type { Effort };

/** The body of `POST /model/{modelId}/converse` and `/converse-stream` (the same for both). */
export interface ConverseRequest {
  messages: Message[];
  system?: SystemContentBlock[];
  inferenceConfig?: InferenceConfiguration;
  toolConfig?: ToolConfiguration;
  /** Claude's own fields, passed through (snake_case). */
  additionalModelRequestFields?: { thinking?: ThinkingConfigParam; top_k?: number };
  outputConfig?: { effort?: Effort; textFormat?: OutputFormat };
}

export type StopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "guardrail_intervened"
  | "content_filtered"
  | "malformed_model_output"
  | "malformed_tool_use"
  | "model_context_window_exceeded"
  | (string & {});

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens?: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

/** A response content block; members golem does not model are kept whole as provider parts. */
export type OutputContentBlock = Partial<{
  text: string;
  reasoningContent: Partial<{ reasoningText: ReasoningTextBlock; redactedContent: string }>;
  toolUse: ToolUseBlock;
}> &
  OpaqueBlock;

export interface ConverseResponse {
  output: { message: { role: "assistant"; content: OutputContentBlock[] } };
  stopReason: StopReason;
  usage: TokenUsage;
  metrics?: { latencyMs: number };
}

/** `reasoningContent` in a `contentBlockDelta`: exactly one of the three per delta. */
export type ReasoningContentBlockDelta = Partial<{
  text: string;
  signature: string;
  redactedContent: string;
}>;

/** One piece of a built-in tool's result (`ToolResultBlockDelta`): text or JSON. */
export type ToolResultBlockDelta = Partial<{ text: string; json: unknown }>;

/**
 * One citation of a cited text (`CitationsDelta`: `title`, `source`, `sourceContent`,
 * `location`), kept as it came: it becomes one entry of the block's `citations`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CitationsDelta.html
 */
export type CitationsDelta = Record<string, unknown>;

/**
 * A piece of a streamed image (`ImageBlockDelta`): its bytes as base64, or an error.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlockDelta.html
 */
export type ImageBlockDelta = Partial<{
  source: { bytes?: unknown };
  error: { message?: unknown };
}>;

/** The members of a `contentBlockDelta`: exactly one per delta (a union). */
export type ContentBlockDelta = Partial<{
  text: string;
  reasoningContent: ReasoningContentBlockDelta;
  toolUse: { input: string };
  toolResult: ToolResultBlockDelta[];
  citation: CitationsDelta;
  image: ImageBlockDelta;
}>;

/** How a block that is not reasoning or text starts (`ContentBlockStart`). */
export type ContentBlockStart = Partial<{
  /** `type`: `"server_tool_use"` for a tool Bedrock runs itself; `"tool_use"` (sent live, not documented) or absent otherwise. */
  toolUse: {
    toolUseId: string;
    name: string;
    type?: "server_tool_use" | "tool_use" | (string & {});
  };
  /** A built-in tool's result, in the assistant's own message (Nova code interpreter). */
  toolResult: { toolUseId: string; type?: string; status?: string };
  /** An image the model makes (`ImageBlockStart`); its bytes follow in `image` deltas. */
  image: { format: string };
}>;

export interface ContentBlockStartEvent {
  contentBlockIndex: number;
  start: ContentBlockStart;
}

export interface ContentBlockDeltaEvent {
  contentBlockIndex: number;
  delta: ContentBlockDelta;
}

export interface ContentBlockStopEvent {
  contentBlockIndex: number;
}

export interface MessageStopEvent {
  stopReason: StopReason;
}

export interface ConverseStreamMetadataEvent {
  usage: TokenUsage;
  metrics?: { latencyMs: number };
}

/**
 * The `:event-type` of an `event` frame names the member; its payload is the member's value
 * (plus a padding field `p` that carries nothing).
 */
export interface ConverseStreamOutput {
  messageStart: { role: "assistant" };
  contentBlockStart: ContentBlockStartEvent;
  contentBlockDelta: ContentBlockDeltaEvent;
  contentBlockStop: ContentBlockStopEvent;
  messageStop: MessageStopEvent;
  metadata: ConverseStreamMetadataEvent;
}

/** An error body (HTTP) or an `exception` frame's payload. */
export interface ErrorBody {
  message?: string;
  Message?: string;
  code?: string;
  __type?: string;
  /** `modelStreamErrorException` only. */
  originalStatusCode?: number;
  originalMessage?: string;
}
