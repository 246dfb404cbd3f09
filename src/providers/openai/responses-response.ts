import { type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Message, ModelResponse, ThinkingBlock, ToolCall, Usage } from "../../core/types.js";
import { errorFields, errorObjectOf } from "./response.js";
import type {
  ResponseFunctionToolCall,
  ResponseObject,
  ResponseOutputMessage,
  ResponseReasoningItem,
  ResponseUsage,
} from "./responses-wire.js";

/** Between the parts of a multi-part reasoning summary, in one thinking block (ADR 0003). */
export const SUMMARY_SEPARATOR = "\n\n";

/**
 * A non-streamed response as a golem response. Each `reasoning` item becomes one thinking
 * block (summary text, `encrypted_content` as signature, tagged `provider`); `message` items
 * give the text and `function_call` items the tool calls (`call_id` as id).
 */
export function parseResponsesResponse(body: unknown, provider: string): ModelResponse {
  const res = body as ResponseObject;
  if (typeof res !== "object" || res === null || !Array.isArray(res.output)) {
    throw new StreamError(`${provider} answered without an output array`);
  }
  const thinking: ThinkingBlock[] = [];
  const calls: ToolCall[] = [];
  let content = "";
  for (const item of res.output) {
    switch (item?.type) {
      case "reasoning": {
        const block = parseReasoningItem(item as ResponseReasoningItem, provider);
        if (block) thinking.push(block);
        break;
      }
      case "message":
        content += messageText(item as ResponseOutputMessage);
        break;
      case "function_call":
        calls.push(parseFunctionCall(item as ResponseFunctionToolCall, calls.length, provider));
        break;
    }
  }
  const message: Message = { role: "assistant", content };
  if (thinking.length > 0) message.thinking = thinking;
  if (calls.length > 0) message.toolCalls = calls;
  return { message, usage: parseResponsesUsage(res.usage), stopReason: mapStatus(res) };
}

/**
 * One reasoning item as a block: its summary parts joined by a blank line (`""` when none)
 * and its `encrypted_content` as signature. Without encrypted content an empty summary makes
 * no block, since an unsigned block needs text.
 */
export function parseReasoningItem(
  item: ResponseReasoningItem,
  provider: string,
): ThinkingBlock | undefined {
  const text = summaryText(item);
  const signature = item.encrypted_content;
  if (typeof signature === "string" && signature !== "") return { text, signature, provider };
  return text === "" ? undefined : { text, provider };
}

/** The summary parts of a reasoning item, joined by {@link SUMMARY_SEPARATOR}. */
export function summaryText(item: ResponseReasoningItem): string {
  const parts = Array.isArray(item.summary) ? item.summary : [];
  return parts.map((p) => (typeof p?.text === "string" ? p.text : "")).join(SUMMARY_SEPARATOR);
}

/** The `output_text` parts of a message item, joined; refusals and other parts are not read. */
export function messageText(item: ResponseOutputMessage): string {
  let text = "";
  for (const part of item.content ?? []) {
    if (part?.type === "output_text" && typeof part.text === "string") text += part.text;
  }
  return text;
}

/** A `function_call` item as a tool call; `call_id` (not the item `id`) is what results answer. */
export function parseFunctionCall(
  item: ResponseFunctionToolCall,
  i: number,
  provider: string,
): ToolCall {
  if (typeof item.call_id !== "string" || item.call_id === "") {
    throw new StreamError(`${provider} answered with function call ${i} without a call_id`);
  }
  if (typeof item.name !== "string" || item.name === "") {
    throw new StreamError(`${provider} answered with function call ${i} without a name`);
  }
  const args = typeof item.arguments === "string" ? item.arguments : "";
  return { id: item.call_id, name: item.name, arguments: args };
}

/**
 * Token counts: `input_tokens` includes `cached_tokens` and `output_tokens` includes
 * `reasoning_tokens`, as the API counts them. No usage counts as zero.
 */
export function parseResponsesUsage(u: ResponseUsage | null | undefined): Usage {
  if (typeof u !== "object" || u === null) return { inputTokens: 0, outputTokens: 0 };
  const usage: Usage = { inputTokens: u.input_tokens ?? 0, outputTokens: u.output_tokens ?? 0 };
  const reasoning = u.output_tokens_details?.reasoning_tokens;
  if (typeof reasoning === "number") usage.reasoningTokens = reasoning;
  const cached = u.input_tokens_details?.cached_tokens;
  if (typeof cached === "number") usage.cacheReadTokens = cached;
  return usage;
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
 * or a `response.failed` event); `undefined` for any other response.
 */
export function failedResponseFields(
  res: ResponseObject | undefined,
  context: { provider: string; requestId: string | undefined; body: unknown },
): APIErrorFields | undefined {
  if (res?.status !== "failed") return undefined;
  const error = res.error ?? {};
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
  const failed = failedResponseFields(res, { provider, requestId, body });
  if (failed !== undefined || Array.isArray(res?.output)) return failed;
  const error = errorObjectOf(body);
  if (error === undefined) return undefined;
  return errorFields(error, { provider, status: 200, requestId, body, retryable: false });
}
