import { type APIErrorFields, StreamError } from "../../core/errors.js";
import { toolCallsOf } from "../../core/parts.js";
import type { InputTransformation, Message, ModelResponse, Usage } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { providerTransformations } from "../../kit/prefix/transformations.js";
import { answeredWithout } from "../../transport/json.js";
import { errorFields, errorObjectOf, parseUsage } from "../openai-chat/response.js";
import { createResponsesMessageBuilder } from "./parts.js";
import type { ResponseInputTransformation, ResponseObject, ResponseUsage } from "./wire.js";

/**
 * A non-streamed response as a golem response: every `output` item, in order, through the
 * message builder the stream uses too (parts.ts); `keepIds` keeps reasoning item ids.
 */
export function parseResponsesResponse(
  body: unknown,
  provider: string,
  keepIds = false,
): ModelResponse {
  const res = body as ResponseObject;
  if (typeof res !== "object" || res === null || !Array.isArray(res.output)) {
    throw answeredWithout(provider, "output");
  }
  const builder = createResponsesMessageBuilder(provider, keepIds);
  for (const [i, item] of res.output.entries()) builder.done(i, item);
  const response: ModelResponse = {
    message: builder.message(),
    usage: parseResponsesUsage(res.usage),
    stopReason: mapStatus(res),
    ...identityOf(res.id, res.model),
  };
  const transformations = parseInputTransformations(res.input_transformations);
  if (transformations) response.inputTransformations = transformations;
  const missing = missingCallField(response.message);
  if (missing) throw new StreamError(`${provider} answered with ${missing}`);
  return response;
}

/**
 * `input_transformations` -> golem's entries: each reasoning item the API removed (reason
 * `prefix_mismatch` after a prefix change), by the id it had in an earlier response's output;
 * `undefined` when there are none.
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export function parseInputTransformations(
  list: readonly ResponseInputTransformation[] | null | undefined,
): InputTransformation[] | undefined {
  const removed = (action: string | undefined) => action === "removed" || action === undefined;
  return providerTransformations(list, (raw) => !removed(raw?.action), "id");
}

/** `"function call N without a call_id"` (or `a name`) for the first such call; else `""`. */
export function missingCallField(message: Message): string {
  for (const [i, c] of toolCallsOf(message).entries()) {
    if (c.id === "" || c.name === "") {
      return `function call ${i} without ${c.id === "" ? "a call_id" : "a name"}`;
    }
  }
  return "";
}

/**
 * Token counts: `input_tokens` includes `cached_tokens` and `output_tokens` includes
 * `reasoning_tokens`, as the API counts them. No usage counts as zero.
 */
export function parseResponsesUsage(u: ResponseUsage | null | undefined): Usage {
  if (typeof u !== "object" || u === null) return { inputTokens: 0, outputTokens: 0 };
  // Chat Completions' counts under other names: one reading of both.
  return parseUsage({
    prompt_tokens: u.input_tokens ?? 0,
    completion_tokens: u.output_tokens ?? 0,
    prompt_tokens_details: u.input_tokens_details ?? null,
    completion_tokens_details: u.output_tokens_details ?? null,
  });
}

/**
 * The stop reason: `status` as sent (`"completed"`, also when the model stopped to call
 * tools), or for an incomplete response its `incomplete_details.reason`
 * (`"max_output_tokens"`, `"content_filter"`).
 */
export function mapStatus(res: ResponseObject): string {
  if (res.status === "incomplete") {
    const reason = res.incomplete_details?.reason;
    return typeof reason === "string" && reason !== "" ? reason : "incomplete";
  }
  return typeof res.status === "string" ? res.status : "";
}

/**
 * The error of a response object that failed (`status: "failed"` with `error`, in a 200 body
 * or a `response.failed` event).
 */
export function failedResponseFields(
  res: ResponseObject | undefined,
  context: { provider: string; requestId: string | undefined; body: unknown },
): APIErrorFields {
  const error = res?.error ?? {};
  return errorFields(
    { message: error.message ?? "the response failed", code: error.code ?? null },
    { ...context, status: 200, retryable: false },
  );
}

/**
 * The error of a 200 body that is no usable response: a failed response, or `{"error": …}`
 * without `output` (as some compatible servers answer); `undefined` otherwise.
 */
export function responsesBodyErrorFields(
  body: unknown,
  provider: string,
  requestId: string | undefined,
): APIErrorFields | undefined {
  const res = typeof body === "object" && body !== null ? (body as ResponseObject) : undefined;
  if (res?.status === "failed") return failedResponseFields(res, { provider, requestId, body });
  if (Array.isArray(res?.output)) return undefined;
  const error = errorObjectOf(body);
  if (error === undefined) return undefined;
  return errorFields(error, { provider, status: 200, requestId, body, retryable: false });
}
