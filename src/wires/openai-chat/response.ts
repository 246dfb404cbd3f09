import { type APIErrorFields, StreamError } from "../../core/errors.js";
import type { ModelResponse, Usage } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import type { ThinkSplitter } from "../../kit/think-tags.js";
import { withCounts } from "../../kit/usage.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { answeredWithout, errorBodyParser, responseParser } from "../../transport/json.js";
import { createMessageBuilder } from "./parts.js";
import type {
  ChatCompletion,
  ChatCompletionChunkToolCall,
  ChatCompletionMessageToolCall,
  CompletionUsage,
  OpenAIErrorObject,
} from "./wire.js";

/**
 * A non-streamed Chat Completion as a golem response: `choices[0].message` goes through the
 * same builder as the stream's deltas (parts.ts). `provider` (`"openai"` or `"azure"`) tags
 * the thinking and provider parts that reasoning makes (parts.ts); OpenAI's own models send none.
 */
export const parseResponse = /* @__PURE__ */ responseParser(readCompletion, "openai");

/** {@link parseResponse} for a server that writes reasoning into `content` between tags. */
export function tagParser(split: () => ThinkSplitter): typeof parseResponse {
  return responseParser(
    (body: unknown, provider: string) => readCompletion(body, provider, split),
    "openai",
  );
}

function readCompletion(
  body: unknown,
  provider: string,
  split?: () => ThinkSplitter,
): ModelResponse {
  const completion = body as ChatCompletion;
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  const wire = choice?.message;
  if (typeof wire !== "object" || wire === null) {
    throw answeredWithout(provider, "choices[0].message");
  }
  const calls = wire.tool_calls ?? [];
  if (!Array.isArray(calls))
    throw new StreamError(`${provider} answered with tool_calls that are not an array`);
  const builder = createMessageBuilder(provider, false, split);
  builder.add({
    content: wire.content,
    reasoning_content: wire.reasoning_content ?? null,
    reasoning: wire.reasoning ?? null,
    reasoning_details: wire.reasoning_details ?? null,
    encrypted_content: wire.encrypted_content ?? null,
    tool_calls: calls.map((c, i) => toolCallFragment(c, i, provider)),
  });
  builder.settle();
  return {
    message: builder.message(),
    usage: parseUsage(completion.usage),
    stopReason: choice?.finish_reason ?? "",
    ...identityOf(completion.id, completion.model),
  };
}

/** A whole tool call as the one fragment a stream would have sent for it. */
function toolCallFragment(
  c: ChatCompletionMessageToolCall,
  i: number,
  provider: string,
): ChatCompletionChunkToolCall {
  if (typeof c?.id !== "string" || c.id === "") {
    throw new StreamError(`${provider} answered with tool_calls[${i}] without an id`);
  }
  const name = c.function?.name;
  if (typeof name !== "string" || name === "") {
    throw new StreamError(`${provider} answered with tool_calls[${i}] without function.name`);
  }
  return { index: i, id: c.id, function: { name, arguments: argumentsText(c.function.arguments) } };
}

// A few compatible servers send arguments as a JSON object rather than JSON text.
function argumentsText(args: unknown): string {
  if (typeof args === "string") return args;
  return typeof args === "object" && args !== null ? JSON.stringify(args) : "";
}

/**
 * Token counts; `reasoning_tokens` is part of `completion_tokens` and `cached_tokens` part of
 * `prompt_tokens`, both as the server counts them. No usage at all counts as zero.
 */
export function parseUsage(u: CompletionUsage | null | undefined): Usage {
  if (typeof u !== "object" || u === null) return { inputTokens: 0, outputTokens: 0 };
  return withCounts(
    { inputTokens: u.prompt_tokens ?? 0, outputTokens: u.completion_tokens ?? 0 },
    u.completion_tokens_details?.reasoning_tokens,
    u.prompt_tokens_details?.cached_tokens,
    u.prompt_tokens_details?.cache_write_tokens,
  );
}

/**
 * The request id of an answer: `x-request-id`, else Azure API Management's `apim-request-id`
 * (OpenAI sends only the first).
 */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get("x-request-id") ?? headers.get("apim-request-id") ?? undefined;
}

/** What an error answer (secrets already removed) says, as APIError fields. */
export const parseErrorBody = /* @__PURE__ */ errorBodyParser(readError, "openai");

/** An error answer, its body parsed, -> the fields of its `APIError`. */
export function readError(body: unknown, res: ErrorResponse, provider: string): APIErrorFields {
  const { status, headers, retryable } = res;
  const error = errorObjectOf(body);
  const fallback =
    typeof body === "string" && body.trim() !== "" ? clip(body.trim()) : `HTTP ${status}`;
  return errorFields(error ?? { message: fallback }, {
    provider,
    status,
    requestId: requestIdOf(headers),
    body,
    retryable,
  });
}

/**
 * The error of a 200 body that holds no completion but `{"error": …}`, as some compatible
 * servers answer; `undefined` for an ordinary completion.
 */
export function bodyErrorFields(
  body: unknown,
  provider: string,
  requestId: string | undefined,
): APIErrorFields | undefined {
  if (Array.isArray((body as { choices?: unknown } | null)?.choices)) return undefined;
  const error = errorObjectOf(body);
  return error && okErrorFields(error, provider, requestId, body);
}

/** The fields of an error that came with a 200 (in the body or a stream event): not retried. */
export function okErrorFields(
  error: OpenAIErrorObject,
  provider: string,
  requestId: string | undefined,
  body: unknown,
): APIErrorFields {
  return errorFields(error, { provider, status: 200, requestId, body, retryable: false });
}

/** The `error` of a body that is an error (in a 200 body or a stream event), else undefined. */
export function errorObjectOf(body: unknown): OpenAIErrorObject | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "object" && error !== null) return error as OpenAIErrorObject;
  // Some compatible servers send `{"error": "text"}` or a bare `{"message": "text"}`.
  if (typeof error === "string") return { message: error };
  if (typeof message === "string") return { message };
  return undefined;
}

/** APIError fields from an `error` object: `type`, else `code` (Azure sends only `code`). */
export function errorFields(
  error: OpenAIErrorObject,
  context: {
    provider: string;
    status: number;
    requestId: string | undefined;
    body: unknown;
    retryable: boolean;
  },
): APIErrorFields {
  const type = nonEmpty(error.type) ?? nonEmpty(error.code);
  // A 429 for an empty balance will not pass by waiting.
  const quota = type === "insufficient_quota" || error.code === "insufficient_quota";
  return {
    ...context,
    message: nonEmpty(error.message) ?? `HTTP ${context.status}`,
    type,
    retryable: context.retryable && !quota,
  };
}

function nonEmpty(v: string | number | null | undefined): string | undefined {
  if (typeof v === "number") return String(v);
  return typeof v === "string" && v !== "" ? v : undefined;
}

function clip(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}
