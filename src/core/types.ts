/** Who wrote a message. */
export type Role = "system" | "user" | "assistant" | "tool";

/**
 * Text. `signature` and `phase` are provider evidence that rode the text: they go back only to
 * the provider that sent them (`provider`), and are left off for any other.
 */
export interface TextPart {
  type: "text";
  text: string;
  /** A signature that rode this text (Gemini `thoughtSignature` on a text part). */
  signature?: string;
  /** OpenAI Responses message phase, kept and sent back. */
  phase?: "commentary" | "final_answer";
  /** Set when the part carries a provider's signature or phase. */
  provider?: string;
}

/**
 * One block of model reasoning, kept exactly as the provider sent it. Exactly one of: `text`
 * (optionally with `signature`; `""` only when signed) or `redacted`.
 */
export interface ThinkingPart {
  type: "thinking";
  /** Visible reasoning or thought summary; `""` allowed only when signed. */
  text?: string;
  /** The provider's opaque signature; never edited. */
  signature?: string;
  /** The provider's encrypted payload (Anthropic `data`, Bedrock bytes as base64). */
  redacted?: string;
  /** Which adapter produced the block: `"anthropic"`, `"bedrock"`, `"gemini"`, `"openai"`, `"azure"`. */
  provider?: string;
  /**
   * The id of the reasoning item the block opens, kept where the server wants its items back by
   * id (Responses servers that send raw reasoning text: DeepSeek, vLLM, LM Studio); goes back
   * only to the provider that sent it.
   */
  id?: string;
}

/** A tool call the model asked for. */
export interface ToolCallPart {
  type: "tool-call";
  id: string;
  name: string;
  /** The arguments as JSON text, exactly as the provider sent them (never re-serialized). */
  arguments: string;
  /** A signature that rode the call itself (Gemini `thoughtSignature` on a `functionCall`). */
  signature?: string;
  /** Set when the call carries a provider's signature. */
  provider?: string;
}

/** An image: base64 `data` or a `url`, exactly one. */
export interface ImagePart {
  type: "image";
  /** `"image/png"`, `"image/jpeg"`, ... */
  mediaType: string;
  data?: string;
  url?: string;
}

/** A document or other file: base64 `data` or a `url`, exactly one. */
export interface FilePart {
  type: "file";
  /** `"application/pdf"`, `"text/plain"`, ... */
  mediaType: string;
  data?: string;
  url?: string;
  filename?: string;
}

/**
 * A block golem does not model (server tool use and results, code execution, ...): the
 * provider's JSON as it was sent, replayed verbatim to that provider and left out for others.
 */
export interface ProviderPart {
  type: "provider";
  provider: string;
  value: unknown;
}

/** One part of a message's content. */
export type Part = TextPart | ThinkingPart | ToolCallPart | ImagePart | FilePart | ProviderPart;

/** The name 0.1 gave a thinking part. */
export type ThinkingBlock = ThinkingPart;

/**
 * One message of a conversation, provider-neutral. Which parts go where: system: text; user:
 * text, image, file; tool: text, image, file; assistant: text, thinking, tool-call, provider
 * (and image or file when a provider returns them).
 */
export interface Message {
  role: Role;
  /** A string is one text part. golem always returns `Part[]` for assistant messages. */
  content: string | Part[];
  /** Tool messages: the id of the call this answers. */
  toolCallId?: string;
  /** Tool messages: the tool failed. */
  isError?: boolean;
  /** A prompt-cache breakpoint after this message, where the provider has them. */
  cache?: boolean;
  /**
   * Assistant messages golem returned from a model that binds reasoning to its prefix: a
   * fingerprint of the request they were produced under, so a later request can check that
   * its prefix is unchanged (`prefixCheck`). Kept by `serializeHistory` / `parseHistory`;
   * leave it as it is.
   */
  prefix?: PrefixRecord;
  /**
   * System messages only: an append-only change to the model's tools and settings from this
   * point of the conversation on (the message's text, when not empty, is a new instruction).
   * Each adapter sends it in its provider's append-only form where there is one.
   */
  update?: ConversationUpdate;
  /**
   * Assistant messages only: the answer was cut off (the caller stopped reading, the stream
   * broke or stalled), and the parts are what had arrived. It can stay in the history: its
   * tool calls are never sent back (they were never run, and one may be half made; golem
   * reports each it leaves out), and its other parts go back as the provider allows.
   */
  interrupted?: true;
}

/**
 * An effort level by the provider's name: the ones golem's providers take (Claude `low` ..
 * `max`; OpenAI `none`, `minimal` too), or any other string, sent as given.
 */
export type EffortLevel =
  | "none"
  | "minimal"
  | "low"
  | "medium"
  | "high"
  | "xhigh"
  | "max"
  | (string & {});

/**
 * What changes from a point of a conversation on, written where it happens instead of into the
 * request's top-level fields, so every earlier turn keeps the prefix its reasoning was bound to
 * (Anthropic `tool_addition` / `tool_removal` / a message's `output_config`; OpenAI Responses
 * `additional_tools` / `configuration_update`). Where a provider has no such form, the adapter
 * folds it into the top-level fields, which changes the prefix (documented per adapter).
 */
export interface ConversationUpdate {
  /** Tools the model may call from here on, besides those it had. */
  addTools?: ToolSpec[];
  /** Names of tools the model may no longer call from here on. */
  removeTools?: string[];
  /** Reasoning effort from here on, in the provider's own level names (`"low"`, `"max"`). */
  effort?: EffortLevel;
  /** Structured output from here on; `null` returns to free text. */
  output?: OutputSpec | null;
  /**
   * How long the message's text is shown: `"next_user_message"` only for the user turn it
   * follows (the message stays in the history, unchanged), `"never"` (the default) on every
   * request. Anthropic's `clear_at` (beta `mid-conversation-system-clear-at-2026-08-21`) on the
   * models that take mid-conversation system messages; `"next_user_message"` is a
   * `HistoryError` where the update is folded into the top-level fields.
   */
  clearAt?: "next_user_message" | "never";
}

/**
 * What an assistant turn's reasoning is bound to, as hashes of the wire request it was
 * produced under (cache markers excluded). Hashes are a fast integrity check, not security.
 * A record golem attaches is frozen: it is evidence, and a check proves a kept message
 * unchanged by the record's identity.
 */
export interface PrefixRecord {
  /** The wire the request went over (`"anthropic"`, `"bedrock"`, `"openai-responses"`). */
  wire: string;
  /** One hash per top-level field of the prefix, by its wire name (`system`, `instructions`). */
  head: Record<string, string>;
  /** One hash per tool definition, in order. */
  tools: string[];
  /** How many wire messages (Responses: input items) came before this turn. */
  count: number;
  /** A hash chained over those `count` wire messages. */
  chain: string;
  /** The first wire message `steps` covers: where the previous such turn sat, or 0. */
  from: number;
  /** One hash per block of each wire message from `from` to `count`, to say what changed. */
  steps: string[][];
  /** One hash per part of this message as it was returned. */
  parts: string[];
  /**
   * Set by golem's agent: a hash of the messages before this turn, as the run held them, so a
   * paused run refuses an edited earlier message before any tool runs.
   */
  history?: string;
  /**
   * The id under which the server holds the conversation up to and including this turn
   * (`serverHistory`: an Anthropic thread's message id, an OpenAI stored response's id).
   */
  server?: string;
  /**
   * On the first recorded turn of a conversation only: the request's top-level `system` and
   * `tools` as golem's types, so a later run (an agent with other instructions or tools) can
   * keep them and append its changes as updates instead of rewriting the prefix.
   */
  setup?: PrefixSetup;
}

/** The top-level setup a conversation's first recorded turn was produced under. */
export interface PrefixSetup {
  system?: string;
  tools?: ToolSpec[];
}

/** How a request whose prefix changed under replayed reasoning is handled. */
export type PrefixCheck = "error" | "drop" | "off";

/**
 * Something a request's input went through before the model saw it: reasoning the provider
 * (or golem, with `prefixCheck: "drop"`) dropped, or a block that failed a binding check and
 * was shown all the same.
 */
export interface InputTransformation {
  /** `dropped`: left out before the model saw it; `allowed`: failed a check, shown anyway. */
  action: "dropped" | "allowed";
  /** Who did it: the provider (its `input_transformations`) or golem's prefix check. */
  by: "provider" | "golem";
  /**
   * Why, in the provider's words (Anthropic's binding checks: `prefix_binding_mismatch`,
   * `model_binding_mismatch`, `organization_binding_mismatch`, `end_user_binding_mismatch`),
   * or golem's own: `prefix_mismatch`, or `interrupted` (a tool call of a message cut off).
   */
  reason:
    | "prefix_mismatch"
    | "interrupted"
    | "prefix_binding_mismatch"
    | "model_binding_mismatch"
    | "organization_binding_mismatch"
    | "end_user_binding_mismatch"
    | (string & {});
  /** Where: the provider's request path (`messages.1.content.0`), or golem's history path. */
  path?: string;
  /** OpenAI: the id of the reasoning item. */
  id?: string;
  /**
   * The history index of the message, when golem can tell: a provider entry's wire `path`
   * mapped back to the history message that block was built from.
   */
  index?: number;
  /** The provider's entry as it was sent. */
  raw?: unknown;
}

/**
 * One streamed increment. `index` is the part's position in the final message's `content`;
 * a provider delta arrives once, when its part is complete.
 */
export type Delta =
  | { type: "thinking"; index: number; text?: string; signature?: string; redacted?: string }
  | { type: "text"; index: number; text?: string; signature?: string }
  | {
      type: "tool-call";
      index: number;
      id?: string;
      name?: string;
      arguments?: string;
      signature?: string;
    }
  | { type: "provider"; index: number; provider: string; value: unknown };

/** Token counts of one model call (or a whole run). */
export interface Usage {
  /** All input, cached parts included; every sampling step of the call summed. */
  inputTokens: number;
  /** All output, thinking included; every sampling step of the call summed. */
  outputTokens: number;
  reasoningTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /**
   * `cacheWriteTokens` split by the lifetime each write was made with, keyed as the provider
   * names it (OpenAI: `"30m"`, `"12h"`), where the provider reports the split.
   */
  cacheWriteTokensByTtl?: Record<string, number>;
  /**
   * The steps of a call the provider sampled more than once, as it reported them (Anthropic
   * server-side compaction: a `compaction` step, then the `message` step; Gemini long decode:
   * a `message` hop, then one `continuation` per further hop); the counts above are their
   * sums. Absent on an ordinary call and on a run's total.
   */
  iterations?: UsageIteration[];
}

/** One sampling step of a model call, counted as {@link Usage} counts a call. */
export interface UsageIteration {
  /** The provider's name for the step: `"compaction"`, `"message"`, `"fallback_message"`, ... */
  type: string;
  /** The model that ran the step, when the provider names it (Anthropic: a server-side fallback's hops). */
  model?: string;
  inputTokens: number;
  outputTokens: number;
  /** The step's thinking, where the provider counts it apart (a Gemini long-decode hop). */
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
  /** Ask the provider to hold the arguments to the schema exactly, where it can. */
  strict?: boolean;
}

/**
 * Sampling and length settings, one name each across providers. Given to `create()` they are
 * defaults; given on a request they override those defaults for that call.
 */
export interface CallSettings {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  seed?: number;
  /**
   * Deep-merged into the wire JSON after golem builds it (and before Bedrock signs it): the
   * escape hatch for a field golem has no option for. What it overrides loses golem's checks.
   */
  extraBody?: Record<string, unknown>;
}

/** Structured output: the answer is JSON text that matches `schema`. */
export interface OutputSpec {
  /** JSON Schema of the answer. */
  schema: object;
  name?: string;
  description?: string;
  /**
   * OpenAI and Azure: hold the answer to the schema exactly (strict mode), the schema made
   * into the form strict mode takes; `false` sends it as given, as a guide.
   * @defaultValue true
   */
  strict?: boolean;
}

/** What a model call sends. */
export interface ModelRequest extends CallSettings {
  system?: string;
  messages: Message[];
  tools?: ToolSpec[];
  toolChoice?: "auto" | "none" | "required" | { name: string };
  /** Ask for JSON that matches a schema, in the provider's native structured-output mode. */
  output?: OutputSpec;
}

/** What a model call returns. */
export interface ModelResponse {
  message: Message;
  usage: Usage;
  /** The provider's stop reason, as it sent it. */
  stopReason: string;
  /** What the provider (or golem's prefix check) dropped or let through from the input. */
  inputTransformations?: InputTransformation[];
  /** Why the provider stopped, in its own words, as sent (Anthropic's `stop_details`). */
  stopDetails?: unknown;
  /** The provider's id of this response (Anthropic, OpenAI, Gemini `responseId`); Converse sends none. */
  id?: string;
  /** The model the provider says answered (Gemini `modelVersion`), which may differ from the one asked for. */
  model?: string;
  /**
   * The provider's token to continue this answer where it stopped (Gemini 4 long decode: a
   * `CONTINUATION` finish, or a failed hop's last checkpoint); sent back as the request's
   * top-level `continuationToken` (`extraBody`), the same request otherwise (docs/gemini.md).
   */
  continuationToken?: string;
  /**
   * With `serverHistory` on (docs/server-history.md): what this call sent (`"suffix"`: only
   * the messages after the response the server holds; `"full"`: the whole history, asking the
   * server to hold it), the id a later call continues from, and why a suffix fell back to
   * the full history, if it did (the server's error code, or golem's reason).
   */
  serverHistory?: { sent: "suffix" | "full"; id: string; fallback?: string };
  /** With `serverHistory` on: the bytes of the request body this call sent (the last attempt). */
  sentBytes?: number;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * A streamed model call: iterate it for deltas, or only await `response` (it then drains the
 * stream). An error rejects both; `response` never becomes an unhandled rejection when the
 * caller only iterates. Breaking out of the loop cancels the body, and `response` rejects with
 * an `AbortError` (a `DOMException`, typed `CancelledStream`) carrying what had arrived as `partial`.
 */
export interface ModelStream extends AsyncIterable<Delta> {
  response: Promise<ModelResponse>;
}

/** A provider model, as every adapter's `create()` returns it. */
export interface Model {
  readonly provider: string;
  readonly model: string;
  /**
   * The call settings `create()` resolved (a provider's default included, `extraBody` left
   * out): the defaults a call's own settings override, for a wrapper that reports what a call
   * sends (`golem/otel`). Absent on a model that has none to tell.
   */
  readonly settings?: Readonly<Omit<CallSettings, "extraBody">>;
  generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse>;
  stream(req: ModelRequest, opts?: CallOptions): ModelStream;
  /**
   * The input tokens `generate` would send for `req`, counted by the provider's own endpoint
   * from the same body (docs/models.md, "Token counting"); absent where golem has none.
   */
  countTokens?(req: ModelRequest, opts?: CallOptions): Promise<number | { inputTokens: number }>;
}

/**
 * A {@link Model} that always has `countTokens`: what an entry with a count endpoint returns
 * (docs/models.md, "Token counting", lists them; OpenAI's Chat Completions has it too, and
 * rejects with a `ConfigError` naming `api: "responses"`).
 */
export interface CountingModel extends Model {
  countTokens(req: ModelRequest, opts?: CallOptions): Promise<{ inputTokens: number }>;
}
