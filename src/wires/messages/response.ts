import { type APIErrorFields, StreamError } from "../../core/errors.js";
import { isObjectLike } from "../../core/issue.js";
import type { InputTransformation, Message, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { providerTransformations } from "../../kit/prefix/transformations.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { answeredWithout, errorBodyParser, responseParser } from "../../transport/json.js";
import { createMessageBuilder } from "./parts.js";
import { parseUsage } from "./usage.js";
import type { ErrorBody, WireInputTransformation, WireMessage, WireUsage } from "./wire.js";

export { parseUsage } from "./usage.js";

/**
 * A Messages API response body -> golem's response: every content block becomes a part, in
 * order (see {@link createMessageBuilder}). A body without the fields golem reads is a
 * {@link StreamError} naming the first one missing.
 */
export const parseResponse = /* @__PURE__ */ responseParser(readMessage, "anthropic");

function readMessage(body: unknown, provider: string): ModelResponse {
  const msg = body as WireMessage | null;
  if (!isObjectLike(msg) || !Array.isArray(msg.content)) {
    throw answeredWithout(provider, "content");
  }
  const builder = createMessageBuilder(provider);
  for (const [i, block] of msg.content.entries()) builder.block(i, block);
  return messageResponse(
    builder.message(),
    msg.usage,
    typeof msg.stop_reason === "string" ? msg.stop_reason : "",
    identityOf(msg.id, msg.model),
    parseInputTransformations(msg.input_transformations),
    (msg as { stop_details?: unknown }).stop_details,
  );
}

/**
 * The response a body and a stream both end in: its message, usage, stop reason and identity,
 * and the input transformations and `stop_details` where there are any.
 */
export function messageResponse(
  message: Message,
  usage: WireUsage | undefined,
  stopReason: string,
  identity: Pick<ModelResponse, "id" | "model">,
  transformations: InputTransformation[] | undefined,
  details: unknown,
): ModelResponse {
  const response: ModelResponse = { message, usage: parseUsage(usage), stopReason, ...identity };
  if (transformations) response.inputTransformations = transformations;
  if (details !== null && details !== undefined) response.stopDetails = details;
  return response;
}

/**
 * `input_transformations` -> golem's entries: `thinking_dropped` (the block was left out
 * before the model saw it) and `thinking_mismatch_allowed` (it failed a binding check and was
 * shown all the same); an entry of a type golem does not know is kept as dropped, with `raw`.
 * `undefined` when the response has none.
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking
 */
export function parseInputTransformations(
  list: readonly WireInputTransformation[] | null | undefined,
): InputTransformation[] | undefined {
  return providerTransformations(list, (raw) => raw?.type === "thinking_mismatch_allowed", "path");
}

/** An error answer -> the fields of `anthropic.APIError`. */
export const parseErrorBody = /* @__PURE__ */ errorBodyParser(readError, "anthropic");

/** An error answer, its body parsed, -> the fields of its `APIError`. */
export function readError(body: unknown, res: ErrorResponse, provider: string): APIErrorFields {
  const { status, text, headers, retryable } = res;
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  const requestId =
    headers.get("request-id") ?? (body as Partial<ErrorBody>)?.request_id ?? undefined;
  return {
    provider,
    status,
    type: typeof error?.type === "string" ? error.type : undefined,
    message: typeof error?.message === "string" ? error.message : describeBody(status, text),
    requestId: requestId ?? undefined,
    body,
    // A 429 from the monthly spend cap will not clear by waiting (Anthropic errors doc).
    retryable: retryable && !isSpendLimit(error),
  };
}

function isSpendLimit(error: unknown): boolean {
  const details = (error as { details?: { error_code?: unknown } } | undefined)?.details;
  return details?.error_code === "enforced_spend_limit_reached";
}

/**
 * The HTTP status each error type has outside a stream, so an error event in a
 * 200 stream reads like the same error before it: code keyed on `status >= 500` still works
 * (anthropic-sdk-python#1258).
 */
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** A stream's `error` event -> the fields of `anthropic.APIError`. */
export function parseErrorEvent(
  error: { type?: string; message?: string } | undefined,
  requestId: string | undefined,
  provider = "anthropic",
): APIErrorFields {
  const type = error?.type;
  return {
    provider,
    // An unknown type keeps the stream's own 200.
    status: (type && STATUS_OF_TYPE[type]) || 200,
    type,
    message: error?.message ?? "error event in the stream",
    requestId,
    body: { type: "error", error },
    // Classify by type, not by the 200 (anthropic-sdk-python#1258): these are worth a retry.
    retryable: type === "overloaded_error" || type === "api_error" || type === "rate_limit_error",
  };
}

function describeBody(status: number, text: string): string {
  const start = text.trim().slice(0, 200);
  return start === "" ? `HTTP ${status} with an empty body` : `HTTP ${status}: ${start}`;
}
