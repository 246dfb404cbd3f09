/**
 * Cohere's Chat API v2 JSON as it travels (snake_case, as the API reference names it; the SDKs'
 * camelCase names are their own). Types only: nothing here runs.
 * @see https://docs.cohere.com/reference/chat
 * @see https://docs.cohere.com/reference/chat-stream
 */

/** `thinking`: reasoning on (the reasoning models' default) or off, with an optional budget. */
export interface CohereThinking {
  type: "enabled" | "disabled";
  /** The most tokens the model may think; it then proceeds with the response. */
  token_budget?: number;
}

/** The body of `POST /v2/chat`. */
export interface CohereChatRequest {
  model: string;
  messages: CohereMessage[];
  tools?: CohereTool[];
  /** No `AUTO` (leave it out) and no way to name one tool. */
  tool_choice?: "REQUIRED" | "NONE";
  /** Every tool call follows its tool's definition strictly (one switch for all tools). */
  strict_tools?: boolean;
  thinking?: CohereThinking;
  max_tokens?: number;
  /** Up to 5. */
  stop_sequences?: string[];
  /** 0..1. */
  temperature?: number;
  /** 0 and up. */
  seed?: number;
  /** 0..500; 0 turns k-sampling off. */
  k?: number;
  /** 0.01..0.99. */
  p?: number;
  response_format?: { type: "json_object"; json_schema?: object };
  stream?: boolean;
}

export type CohereMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | CohereUserContent[] }
  | CohereAssistantMessage
  | { role: "tool"; tool_call_id: string; content: string | CohereToolContent[] };

/** A part of a user message: text, or an image from a URL or a `data:` URL. */
export type CohereUserContent =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

/** A part of a tool result: text, or a document the model may cite. */
export type CohereToolContent =
  | { type: "text"; text: string }
  | { type: "document"; document: { data: string; id?: string } };

/** An assistant content item: the answer's text, or the model's reasoning. */
export type CohereAssistantContent =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string };

export interface CohereAssistantMessage {
  role: "assistant";
  /** A string is one text item. */
  content?: string | CohereAssistantContent[];
  tool_calls?: CohereToolCall[];
  /** What the model says it will do before its tool calls (text beside them goes here). */
  tool_plan?: string;
  citations?: unknown[];
}

export interface CohereToolCall {
  id: string;
  type: "function";
  /** `arguments` is JSON text. */
  function?: { name?: string; arguments?: string };
}

export interface CohereTool {
  type: "function";
  function: { name: string; description?: string; parameters: object };
}

/** A non-streamed answer. */
export interface CohereChatResponse {
  id?: string;
  finish_reason?: CohereFinishReason;
  message?: {
    role?: "assistant";
    content?: CohereAssistantContent[] | null;
    tool_calls?: CohereToolCall[] | null;
    tool_plan?: string | null;
    citations?: unknown[] | null;
  };
  usage?: CohereUsage | null;
}

/** Why a generation ended; `ERROR` is a failed generation, not an answer. */
export type CohereFinishReason =
  | "COMPLETE"
  | "STOP_SEQUENCE"
  | "MAX_TOKENS"
  | "TOOL_CALL"
  | "ERROR"
  | "TIMEOUT"
  | (string & {});

export interface CohereUsage {
  /** What is billed (the user's own tokens only). */
  billed_units?: { input_tokens?: number; output_tokens?: number } | null;
  /** What the model read and wrote, the system prompt Cohere adds included. */
  tokens?: { input_tokens?: number; output_tokens?: number } | null;
  /** Input tokens read from the inference cache. */
  cached_tokens?: number | null;
}

/** One event of a stream: its `type`, and the fields of that type. */
export type CohereStreamEvent =
  | { type: "message-start"; id?: string; delta?: { message?: { role?: string } } }
  | {
      type: "content-start";
      index?: number;
      delta?: {
        message?: { content?: { type?: "text" | "thinking"; text?: string; thinking?: string } };
      };
    }
  | {
      type: "content-delta";
      index?: number;
      delta?: { message?: { content?: { text?: string; thinking?: string } } };
    }
  | { type: "content-end"; index?: number }
  | { type: "tool-plan-delta"; delta?: { message?: { tool_plan?: string } } }
  | {
      type: "tool-call-start";
      index?: number;
      delta?: { message?: { tool_calls?: CohereToolCall } };
    }
  | {
      type: "tool-call-delta";
      index?: number;
      delta?: { message?: { tool_calls?: { function?: { arguments?: string } } } };
    }
  | { type: "tool-call-end"; index?: number }
  | { type: "citation-start" | "citation-end" | "debug"; index?: number }
  | {
      type: "message-end";
      id?: string;
      delta?: {
        /** Why the generation failed, with `finish_reason: "ERROR"`. */
        error?: string | null;
        finish_reason?: CohereFinishReason | null;
        usage?: CohereUsage | null;
      };
    };

/** The body of every error answer (`id` names the failed request). */
export interface CohereErrorBody {
  message?: string;
  id?: string;
}
