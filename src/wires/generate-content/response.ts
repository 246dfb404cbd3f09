import type { APIErrorFields } from "../../core/errors.js";
import type { ModelResponse, Usage } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { answeredWithout, errorBodyParser, responseParser } from "../../transport/json.js";
import { isRetryableStatus } from "../../transport/retry.js";
import { createMessageBuilder } from "./parts.js";
import type { GenerateContentResponse, Status, UsageMetadata } from "./wire.js";

/** The adapter's name, on every block and error it makes. */

/**
 * Parses a `generateContent` answer: the first candidate's parts become one assistant message
 * (the same way the stream builds it), `finishReason` is the stop reason as sent (`""` when
 * absent). A prompt blocked before generation has no candidate: `call.ts` turns that into an
 * `APIError` ({@link blockedPromptFields}) before calling this. Any other body without a
 * candidate (`{}`) is a `StreamError`, not an empty reply.
 */
export const parseResponse = /* @__PURE__ */ responseParser(readResponse, "gemini");

function readResponse(body: GenerateContentResponse, provider: string): ModelResponse {
  const builder = createMessageBuilder(provider);
  const candidate = body.candidates?.[0];
  if (typeof candidate !== "object" || candidate === null) {
    throw answeredWithout(provider, "candidates");
  }
  for (const part of candidate.content?.parts ?? []) builder.add(part, body.responseId);
  builder.end();
  return {
    message: builder.message(),
    usage: parseUsage(body.usageMetadata),
    stopReason: candidate.finishReason ?? body.promptFeedback?.blockReason ?? "",
    ...identityOf(body.responseId, body.modelVersion),
  };
}

/**
 * Maps `usageMetadata`. `candidatesTokenCount` excludes thoughts (total = prompt + candidates
 * + thoughts in every fixture), so `outputTokens`, the billed output, adds `thoughtsTokenCount`.
 * `inputTokens` is `promptTokenCount`, which includes cached tokens.
 */
export function parseUsage(u: UsageMetadata | undefined): Usage {
  const thoughts = u?.thoughtsTokenCount;
  const usage: Usage = {
    inputTokens: u?.promptTokenCount ?? 0,
    outputTokens: (u?.candidatesTokenCount ?? 0) + (thoughts ?? 0),
  };
  if (thoughts !== undefined) usage.reasoningTokens = thoughts;
  if (u?.cachedContentTokenCount !== undefined) usage.cacheReadTokens = u.cachedContentTokenCount;
  return usage;
}

/**
 * The error fields for a prompt Gemini refused to answer (`promptFeedback.blockReason`, no
 * candidate): `type` is the block reason, nothing is retryable. `undefined` for any other body.
 */
export function blockedPromptFields(
  body: unknown,
  status: number,
  provider = "gemini",
): APIErrorFields | undefined {
  const b = body as GenerateContentResponse | null;
  const reason = b?.promptFeedback?.blockReason;
  if (!reason || (b?.candidates?.length ?? 0) > 0) return undefined;
  const detail = b?.promptFeedback?.blockReasonMessage;
  return {
    provider,
    status,
    type: reason,
    message: `the prompt was blocked (${reason})${detail ? `: ${detail}` : ""}`,
    body,
    retryable: false,
  };
}

/**
 * The error fields of a body that is an error object, `{ error }` or `[{ error }]`,
 * as an HTTP answer or an SSE event; `undefined` when the body is no error. Inside a stream
 * (a 200) `status` is the error's own `code`, the status the same error has outside a stream.
 */
export function errorFields(
  body: unknown,
  status: number,
  provider = "gemini",
): APIErrorFields | undefined {
  const wrapped = Array.isArray(body) ? body[0] : body;
  const error = (wrapped as { error?: Status } | null)?.error;
  if (typeof error !== "object" || error === null) return undefined;
  const code = typeof error.code === "number" ? error.code : status;
  const message = error.message ?? "no message";
  return {
    provider,
    status: status === 200 ? code : status,
    type: error.status,
    message: code === status || status === 200 ? message : `${message} (code ${code})`,
    body,
    retryable: isRetryableStatus(code),
    retryAfterMs: retryInfoMs(error.details),
  };
}

const RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo";

/**
 * The wait a `google.rpc.RetryInfo` detail asks for, in ms: its `retryDelay` is a protobuf
 * Duration in JSON, decimal seconds with an `s` ("34.4s"). Google sends no
 * `retry-after` header with it, so this is the only hint a 429 carries.
 */
function retryInfoMs(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const d = detail as { "@type"?: unknown; retryDelay?: unknown } | null;
    if (d?.["@type"] !== RETRY_INFO || typeof d.retryDelay !== "string") continue;
    const seconds = /^(\d{1,9}(?:\.\d{1,9})?)s$/.exec(d.retryDelay)?.[1];
    if (seconds !== undefined) return Math.ceil(Number(seconds) * 1000);
  }
  return undefined;
}

/**
 * The fields of a failed HTTP answer; bodies that are not Google's error JSON are quoted.
 * `retryable` is the transport's verdict for this answer.
 */
export const parseErrorBody = /* @__PURE__ */ errorBodyParser(readError, "gemini");

/** An error answer, its body parsed, -> the fields of its `APIError`. */
export function readError(body: unknown, res: ErrorResponse, provider: string): APIErrorFields {
  const { status, text, retryable } = res;
  const fields = errorFields(body, status, provider);
  if (fields) return { ...fields, retryable };
  const start = text.length > 200 ? `${text.slice(0, 200)}...` : text;
  return {
    provider,
    status,
    message: start.trim() === "" ? "no error body" : start,
    body,
    retryable,
  };
}
