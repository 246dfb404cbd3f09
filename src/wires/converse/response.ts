import { type APIErrorFields, StreamError } from "../../core/errors.js";
import type { ModelResponse, Usage } from "../../core/types.js";
import { usageWithCache } from "../../kit/usage.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { answeredWithout, errorBodyParser, responseParser } from "../../transport/json.js";
import { createMessageBuilder } from "./parts.js";
import type { ConverseResponse, ErrorBody, OutputContentBlock, TokenUsage } from "./wire.js";

/** Turns a Converse response body into golem's response, block for block (parts.ts). */
export const parseResponse = /* @__PURE__ */ responseParser(readConverse, "bedrock");

function readConverse(body: unknown, provider: string): ModelResponse {
  const res = body as Partial<ConverseResponse> | null;
  const content = res?.output?.message?.content;
  if (!Array.isArray(content)) throw answeredWithout(provider, "output.message.content");
  if (typeof res?.stopReason !== "string") throw answeredWithout(provider, "stopReason");
  if (typeof res.usage !== "object" || res.usage === null) {
    throw answeredWithout(provider, "usage");
  }
  const builder = createMessageBuilder(provider);
  for (const [i, block] of (content as (OutputContentBlock | null)[]).entries()) {
    if (typeof block !== "object" || block === null || Array.isArray(block)) {
      throw new StreamError(`bedrock: output.message.content[${i}] is not an object`);
    }
    builder.add(block, i);
  }
  return { message: builder.message(), usage: parseUsage(res.usage), stopReason: res.stopReason };
}

/**
 * Converse token counts in golem's names; reasoning is inside `outputTokens` (no split given).
 * With prompt caching, `inputTokens` counts only the uncached input, so golem's `inputTokens`
 * (all input) adds the cache reads and writes, as for Anthropic.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */
export function parseUsage(u: Partial<TokenUsage> | undefined): Usage {
  return usageWithCache(
    u?.inputTokens,
    u?.outputTokens,
    u?.cacheReadInputTokens,
    u?.cacheWriteInputTokens,
  );
}

/**
 * Reads a restJson1 error: the type from `x-amzn-errortype`, else the body's `code` or
 * `__type`; the message from `message` or `Message`; the request id from `x-amzn-requestid`.
 */
export const parseErrorBody = /* @__PURE__ */ errorBodyParser(readError, "bedrock");

/** An error answer, its body parsed, -> the fields of its `APIError`. */
export function readError(body: unknown, res: ErrorResponse, provider: string): APIErrorFields {
  const { status, headers, retryable } = res;
  const fields = typeof body === "object" && body !== null ? (body as ErrorBody) : {};
  const rawType = headers.get("x-amzn-errortype") ?? fields.code ?? fields.__type;
  const message =
    fields.message ??
    fields.Message ??
    (typeof body === "string" && body !== "" ? body : `HTTP ${status}`);
  const out: APIErrorFields = {
    provider,
    status,
    message: String(message),
    body,
    retryable,
  };
  const type = typeof rawType === "string" ? sanitizeErrorType(rawType) : "";
  if (type) out.type = type;
  const requestId = headers.get("x-amzn-requestid");
  if (requestId) out.requestId = requestId;
  return out;
}

/**
 * `ValidationException:http://internal.amazon.com/coral/...` -> `ValidationException`, and
 * `aws.protocoltests#FooError` -> `FooError`: the AWS SDKs' rule.
 */
export function sanitizeErrorType(raw: string): string {
  let type = raw;
  const comma = type.indexOf(",");
  if (comma >= 0) type = type.slice(0, comma);
  const colon = type.indexOf(":");
  if (colon >= 0) type = type.slice(0, colon);
  const hash = type.indexOf("#");
  if (hash >= 0) type = type.slice(hash + 1);
  return type.trim();
}

// The HTTP statuses the service model gives each Converse exception.
const EXCEPTION_STATUS: Record<string, number> = {
  validationexception: 400,
  servicequotaexceededexception: 400,
  accessdeniedexception: 403,
  resourcenotfoundexception: 404,
  modeltimeoutexception: 408,
  modelerrorexception: 424,
  modelstreamerrorexception: 424,
  throttlingexception: 429,
  modelnotreadyexception: 429,
  internalserverexception: 500,
  serviceunavailableexception: 503,
};

/**
 * The HTTP status of an exception named inside a stream (matched ignoring case: both
 * `throttlingException` and `ThrottlingException` occur); an unknown one counts as a 500.
 */
export function exceptionStatus(type: string): number {
  const key = type.toLowerCase();
  return Object.hasOwn(EXCEPTION_STATUS, key) ? (EXCEPTION_STATUS[key] as number) : 500;
}
