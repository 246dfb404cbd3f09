import type { APIError as CoreAPIError } from "../../src/core/errors.js";
import type { Model } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as cohere from "../../src/platforms/cohere/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { AWS_SESSION, FAKE_AUTH } from "../contract/adapters.js";
import { encodeFrame } from "../providers/bedrock/frames.js";
import { DEPLOYMENTS, deployed, type Variant, type Without } from "../variants.js";
import { bodies, frames, sseEvents } from "./bodies.js";

/** The variants the fault matrix runs (each a row of ADAPTERS). */
export type AdapterName = Extract<
  Variant,
  "anthropic" | "bedrock" | "gemini" | "openai" | "azure" | "cohere"
>;

/**
 * The variants without an adapter here that say why themselves: a new variant is a type error
 * until it has one (a name in AdapterName) or a reason, unless it deploys an adapter's wire.
 */
const OWN_REASONS: Without<AdapterName> = {
  vertex:
    "Claude on it speaks the Messages wire over SSE and Gemini generateContent's, as the anthropic and gemini adapters do",
  "anthropic-bedrock":
    "its stream is Bedrock's InvokeModel event stream of Messages chunks, for which there are no fault bodies yet",
};

/**
 * The variants of the registry (test/variants.ts) without an adapter here, and why: a
 * deployment (test/variants.ts `deploys`) is answered as the adapter of the wire it deploys.
 */
export const WITHOUT_FAULT_ADAPTER = {
  ...Object.fromEntries(
    DEPLOYMENTS.map((d) => [
      d,
      `it speaks ${deployed(d)}'s wire as that adapter does; its own auth and URLs are in the stall, secret and credential tables`,
    ]),
  ),
  ...OWN_REASONS,
} as { readonly [V in Exclude<Variant, AdapterName>]: string };
export type Mode = "generate" | "stream";

/** Transport settings a test gives `create`. */
export interface Transport {
  timeoutMs?: number;
  idleTimeoutMs?: number;
  deadlineMs?: number;
  maxRetries?: number;
  fetch?: typeof globalThis.fetch;
}

/** A recorded answer, cut into the pieces the emulator writes one by one. */
export interface Body {
  status: number;
  headers: Record<string, string>;
  /** SSE events or event-stream frames (streams), or a JSON body in a few pieces (generate). */
  pieces: Uint8Array[];
}

/** What one adapter needs for the fault matrix: how to make it, its answers and its errors. */
export interface Adapter {
  name: AdapterName;
  /** Tells apart two setups of one adapter (the OpenAI Responses API); defaults to `name`. */
  label?: string;
  APIError: typeof CoreAPIError;
  create(url: string, transport: Transport): Model;
  body(mode: Mode): Body;
  /** The provider's own error event inside a stream, and the status golem gives it. */
  errorEvent: { bytes: Uint8Array; status: number; type: string };
  /** A stream record whose JSON is broken (Bedrock: a frame with good CRCs, bad JSON). */
  badJSON: Uint8Array;
  /** An HTTP error answer in the provider's shape. */
  errorAnswer(status: number, message: string): { headers: Record<string, string>; body: string };
  /**
   * An answer that carries no candidate, choice or message: the field a `{}` body lacks, and
   * a stream that ends as a complete one would but with no such record (with the field its
   * error names).
   */
  empty: { field: string; stream: { field: string; pieces: Uint8Array[] } };
}

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s);
const FAKE = { fetch: globalThis.fetch };

const openAIError = (type: string) => (status: number, message: string) => ({
  headers: { "content-type": "application/json", "x-request-id": `req_${status}` },
  body: JSON.stringify({
    error: { message, type: status === 429 ? "rate_limit_error" : type, param: null, code: null },
  }),
});

const ANTHROPIC_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};
const GEMINI_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  429: "RESOURCE_EXHAUSTED",
  503: "UNAVAILABLE",
};
const BEDROCK_TYPES: Record<number, string> = {
  400: "ValidationException",
  403: "AccessDeniedException",
  429: "ThrottlingException",
  503: "ServiceUnavailableException",
};

/** An answer without the reply's `field`, and a whole stream without `streamField`'s record. */
function emptyAnswer(
  field: string,
  streamField: string,
  ...pieces: Uint8Array[]
): Adapter["empty"] {
  return { field, stream: { field: streamField, pieces } };
}

/** A Chat Completions stream whose chunks hold no choice (usage only), then `[DONE]`. */
const CHAT_EMPTY = emptyAnswer(
  "choices[0].message",
  "choices",
  bytes(
    'data: {"id":"x","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":0,"total_tokens":9}}\n\n',
  ),
  bytes("data: [DONE]\n\n"),
);

function bedrockEvent(type: string, payload: string): Uint8Array {
  return encodeFrame(
    { ":message-type": "event", ":event-type": type, ":content-type": "application/json" },
    payload,
  );
}

export const ADAPTERS: Adapter[] = [
  {
    name: "anthropic",
    APIError: anthropic.APIError,
    create: (url, t) =>
      anthropic.create({
        ...FAKE_AUTH.anthropic,
        model: "claude-sonnet-4-20250514",
        maxTokens: 4096,
        baseURL: url,
        ...FAKE,
        ...t,
      }),
    body: bodies("anthropic", "thinking-tool-loop", ["thinking-tool-loop-stream", 0], sseEvents),
    errorEvent: {
      bytes: bytes(
        'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
      ),
      status: 529,
      type: "overloaded_error",
    },
    badJSON: bytes('event: content_block_delta\ndata: {"type":"content_block_delta","index":\n\n'),
    errorAnswer: (status, message) => ({
      headers: { "content-type": "application/json", "request-id": `req_${status}` },
      body: JSON.stringify({
        type: "error",
        error: { type: ANTHROPIC_TYPES[status] ?? "api_error", message },
      }),
    }),
    empty: emptyAnswer(
      "content",
      "message_start",
      bytes('event: message_stop\ndata: {"type":"message_stop"}\n\n'),
    ),
  },
  {
    name: "bedrock",
    APIError: bedrock.APIError,
    create: (url, t) =>
      bedrock.create({
        ...FAKE_AUTH.bedrock,
        model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
        credentials: AWS_SESSION,
        baseURL: url,
        ...FAKE,
        ...t,
      }),
    body: bodies("bedrock", "thinking-tool-loop", ["thinking-tool-loop-stream", 0], frames),
    errorEvent: {
      bytes: encodeFrame(
        {
          ":message-type": "exception",
          ":exception-type": "throttlingException",
          ":content-type": "application/json",
        },
        '{"message":"Too many requests, please wait before trying again."}',
      ),
      status: 429,
      type: "throttlingException",
    },
    badJSON: encodeFrame(
      {
        ":message-type": "event",
        ":event-type": "contentBlockDelta",
        ":content-type": "application/json",
      },
      '{"contentBlockIndex":0,"delta":{"text":',
    ),
    errorAnswer: (status, message) => {
      const type = BEDROCK_TYPES[status] ?? "InternalServerException";
      return {
        headers: {
          "content-type": "application/json",
          "x-amzn-requestid": `rid-${status}`,
          "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
        },
        body: JSON.stringify({ message }),
      };
    },
    empty: emptyAnswer(
      "output.message.content",
      "messageStart",
      bedrockEvent("messageStop", '{"stopReason":"end_turn"}'),
      bedrockEvent(
        "metadata",
        '{"usage":{"inputTokens":9,"outputTokens":0,"totalTokens":9},"metrics":{"latencyMs":80}}',
      ),
    ),
  },
  {
    name: "gemini",
    APIError: gemini.APIError,
    create: (url, t) =>
      gemini.create({
        ...FAKE_AUTH.gemini,
        model: "gemini-3-flash-preview",
        // One exchange per call: a long-decode hop's body (fixtures/gemini/long-decode*.json)
        // ends the call in CONTINUATION rather than ask for the next hop.
        longDecode: false,
        baseURL: url,
        ...FAKE,
        ...t,
      }),
    body: bodies("gemini", "thinking-tool-loop", ["parallel-calls-one-signature", 0], sseEvents),
    errorEvent: {
      bytes: bytes(
        'data: {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}\r\n\r\n',
      ),
      status: 503,
      type: "UNAVAILABLE",
    },
    badJSON: bytes('data: {"candidates":[{"content":{"parts":[{"text":"cut\r\n\r\n'),
    errorAnswer: (status, message) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        error: { code: status, message, status: GEMINI_STATUS[status] ?? "INTERNAL" },
      }),
    }),
    empty: emptyAnswer(
      "candidates",
      "candidates",
      bytes('data: {"usageMetadata":{"promptTokenCount":9},"responseId":"r1"}\r\n\r\n'),
    ),
  },
  {
    name: "openai",
    APIError: openai.APIError,
    create: (url, t) =>
      openai.create({
        ...FAKE_AUTH.openai,
        model: "deepseek-v4-flash",
        baseURL: url,
        ...FAKE,
        ...t,
      }),
    body: bodies(
      "openai",
      "deepseek-thinking-tool-loop",
      ["deepseek-thinking-tool-loop-stream", 0],
      sseEvents,
    ),
    errorEvent: {
      bytes: bytes(
        'data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}\n\n',
      ),
      status: 200,
      type: "server_error",
    },
    badJSON: bytes('data: {"id":"x","choices":[{"delta":{"content":"cut\n\n'),
    errorAnswer: openAIError("invalid_request_error"),
    empty: CHAT_EMPTY,
  },
  {
    name: "azure",
    APIError: azure.APIError,
    create: (url, t) =>
      azure.create({
        endpoint: url,
        deployment: "gpt-5-mini",
        ...FAKE_AUTH.azure,
        ...FAKE,
        ...t,
      }),
    body: bodies("azure", "v1-tool-call", ["v1-tool-call-stream", 1], sseEvents),
    errorEvent: {
      bytes: bytes(
        'data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}\n\n',
      ),
      status: 200,
      type: "server_error",
    },
    badJSON: bytes('data: {"choices":[{"delta":{"content":"cut\n\n'),
    errorAnswer: openAIError("invalid_request_error"),
    empty: CHAT_EMPTY,
  },
  {
    name: "cohere",
    APIError: cohere.APIError,
    create: (url, t) =>
      cohere.create({
        ...FAKE_AUTH.cohere,
        model: "command-a-reasoning-08-2025",
        baseURL: url,
        ...FAKE,
        ...t,
      }),
    body: bodies("cohere", "thinking-tool-loop", ["thinking-tool-loop-stream", 1], sseEvents),
    // A generation that failed mid-stream ends at message-end with finish_reason ERROR.
    errorEvent: {
      bytes: bytes(
        'data: {"type":"message-end","delta":{"error":"internal server error","finish_reason":"ERROR"}}\n\n',
      ),
      status: 200,
      type: "ERROR",
    },
    badJSON: bytes(
      'data: {"type":"content-delta","index":1,"delta":{"message":{"content":{"text":"cut\n\n',
    ),
    // https://docs.cohere.com/reference/errors: `{ id, message }`, the trace in x-debug-trace-id.
    errorAnswer: (status, message) => ({
      headers: { "content-type": "application/json", "x-debug-trace-id": `trace_${status}` },
      body: JSON.stringify({ id: `err_${status}`, message }),
    }),
    empty: emptyAnswer(
      "message",
      "message-start",
      bytes('data: {"type":"message-end","delta":{"finish_reason":"COMPLETE"}}\n\n'),
    ),
  },
];

/**
 * `openai.create({ api: "responses" })`: the same adapter over the Responses API, with its own
 * cassettes and its own error event. Its error answers are the Chat Completions ones.
 */
export const OPENAI_RESPONSES: Adapter = {
  ...(ADAPTERS.find((a) => a.name === "openai") as Adapter),
  label: "openai responses",
  create: (url, t) =>
    openai.create({
      ...FAKE_AUTH.openai,
      model: "gpt-5",
      api: "responses",
      baseURL: url,
      ...FAKE,
      ...t,
    }),
  body: bodies(
    "openai",
    "responses-thinking-tool-loop",
    ["responses-thinking-tool-loop-stream", 0],
    sseEvents,
  ),
  // https://platform.openai.com/docs/api-reference/responses-streaming/error
  errorEvent: {
    bytes: bytes(
      'event: error\ndata: {"type":"error","code":"server_error","message":"The server had an error while processing your request.","param":null}\n\n',
    ),
    status: 200,
    type: "server_error",
  },
  empty: emptyAnswer(
    "output",
    "output",
    bytes(
      'event: response.completed\ndata: {"type":"response.completed","response":{"id":"resp_1","status":"completed"}}\n\n',
    ),
  ),
};
