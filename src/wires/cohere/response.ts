import { type APIErrorFields, StreamError } from "../../core/errors.js";
import type { ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { answeredWithout, errorBodyParser, responseParser } from "../../transport/json.js";
import { createMessageBuilder, type MessageBuilder } from "./parts.js";
import { parseUsage } from "./usage.js";
import type { CohereChatResponse, CohereErrorBody, CohereToolCall } from "./wire.js";

/**
 * A non-streamed Cohere answer as a golem response: `message`'s content items, `tool_plan` and
 * `tool_calls` go through the same builder as the stream's events (parts.ts), in that order.
 * `provider` tags the thinking parts.
 */
export const parseResponse = /* @__PURE__ */ responseParser(readChat, "cohere");

function readChat(body: CohereChatResponse, provider: string): ModelResponse {
  const wire = body?.message;
  if (typeof wire !== "object" || wire === null) throw answeredWithout(provider, "message");
  const builder = createMessageBuilder(provider);
  const content = wire.content ?? [];
  if (!Array.isArray(content)) {
    throw new StreamError(`${provider} answered with message.content that is not an array`);
  }
  for (const [i, item] of content.entries()) {
    if (item?.type === "thinking") builder.content(i, "thinking", stringOr(item.thinking));
    else if (item?.type === "text") builder.content(i, "text", stringOr(item.text));
  }
  builder.plan(stringOr(wire.tool_plan));
  const calls = wire.tool_calls ?? [];
  if (!Array.isArray(calls)) {
    throw new StreamError(`${provider} answered with tool_calls that are not an array`);
  }
  for (const [i, c] of calls.entries()) addCall(builder, i, c);
  const incomplete = builder.incompleteCall();
  if (incomplete) {
    const [i, missing] = incomplete;
    throw new StreamError(`${provider} answered with tool_calls[${i}] without ${missing}`);
  }
  return {
    message: builder.message(),
    usage: parseUsage(body.usage),
    stopReason: body.finish_reason ?? "",
    ...identityOf(body.id, undefined),
  };
}

/** A whole tool call, as a stream's `tool-call-start` would open it. */
export function addCall(builder: MessageBuilder, i: number, c: CohereToolCall | undefined) {
  return builder.startCall(i, c?.id, c?.function?.name, argumentsText(c?.function?.arguments));
}

/** Arguments as JSON text; an object (which a proxy may send) as its JSON, none as "". */
function argumentsText(args: unknown): string {
  if (typeof args === "string") return args;
  return typeof args === "object" && args !== null ? JSON.stringify(args) : "";
}

const stringOr = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The request id of an answer. Cohere documents none; its answers carry `x-debug-trace-id`
 * (listed in `access-control-expose-headers`), the id of the request's trace, which is what
 * its support can look up.
 */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get("x-debug-trace-id") ?? undefined;
}

/** What an error answer (secrets already removed) says, as APIError fields. */
export const parseErrorBody = /* @__PURE__ */ errorBodyParser(readError, "cohere");

/**
 * An error answer, its body parsed, -> the fields of its `APIError`: every error body of the
 * Chat API is `{ message, id? }` (API reference, the error responses of `POST /v2/chat`); the
 * body's `id` names the failed request when the headers name none. A body that is not JSON
 * (a proxy's page) is quoted, clipped.
 * @see https://docs.cohere.com/reference/errors
 */
export function readError(body: unknown, res: ErrorResponse, provider: string): APIErrorFields {
  const { status, headers, retryable } = res;
  const { message, id } = (
    typeof body === "object" && body !== null ? body : {}
  ) as CohereErrorBody;
  const text = typeof body === "string" && body.trim() !== "" ? clip(body.trim()) : undefined;
  return {
    provider,
    status,
    message: nonEmpty(message) ?? text ?? `HTTP ${status}`,
    type: undefined,
    requestId: requestIdOf(headers) ?? nonEmpty(id),
    body,
    retryable,
  };
}

/**
 * The error of a 200 whose generation failed (`finish_reason: "ERROR"`, in a body or at a
 * stream's `message-end`): the reason Cohere gives, not retried.
 */
export function failedGenerationFields(
  error: unknown,
  provider: string,
  requestId: string | undefined,
  body: unknown,
): APIErrorFields {
  return {
    provider,
    status: 200,
    message: nonEmpty(error) ?? "the generation failed (finish_reason ERROR)",
    type: "ERROR",
    requestId,
    body,
    retryable: false,
  };
}

/** The error of a 2xx body that is Cohere's error object and no answer; undefined otherwise. */
export function bodyErrorFields(
  body: unknown,
  provider: string,
  requestId: string | undefined,
): APIErrorFields | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as CohereChatResponse & CohereErrorBody;
  if (b.finish_reason === "ERROR") return failedGenerationFields(undefined, provider, requestId, b);
  if (b.message !== undefined && typeof b.message === "string") {
    return {
      provider,
      status: 200,
      message: b.message,
      type: undefined,
      requestId: requestId ?? nonEmpty(b.id),
      body,
      retryable: false,
    };
  }
  return undefined;
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function clip(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}
