import { StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import { answeredWithout } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { errorFields } from "../openai-chat/response.js";
import type { StreamContext } from "../openai-chat/stream.js";
import { createResponsesMessageBuilder } from "./parts.js";
import {
  failedResponseFields,
  mapStatus,
  missingCallField,
  parseInputTransformations,
  parseResponsesUsage,
} from "./response.js";
import type { ResponseObject, ResponseStreamEvent } from "./wire.js";

/**
 * The state of one streamed response, fed one SSE record at a time and dispatched on the
 * data's `type`. Items feed the message builder `parseResponsesResponse` uses
 * (responses-parts.ts): summary text and output text stream as they come, a reasoning item's
 * `encrypted_content` signs its first part at `response.output_item.done` (the one in
 * `.added` may be incomplete), other items arrive whole at `.done`. The stream is complete at
 * `response.completed` or `response.incomplete`, whose `output` settles every item once more,
 * so the final message equals what `parseResponsesResponse` makes of the same output.
 */
export function createResponsesStreamState(
  ctx: StreamContext,
  keepIds = false,
): StreamMachine<SSERecord> {
  const builder = createResponsesMessageBuilder(ctx.provider, keepIds);
  /** The response object of the terminal event (with usage and status); set, the stream is done. */
  let end: ResponseObject | undefined;
  /** The response object of `response.created`, which names the response before it ends. */
  let head: ResponseObject | undefined;

  const response = (): ModelResponse => {
    const out: ModelResponse = {
      message: builder.message(),
      usage: parseResponsesUsage(end?.usage),
      stopReason: end ? mapStatus(end) : "",
      ...identityOf(end?.id ?? head?.id, end?.model ?? head?.model),
    };
    const transformations = parseInputTransformations(end?.input_transformations);
    if (transformations) out.inputTransformations = transformations;
    return out;
  };

  const onEnd = (e: ResponseStreamEvent): readonly Delta[] => {
    end = e.response || {}; // truthy whatever the event holds
    const output = end.output;
    if (!Array.isArray(output)) return NO_DELTAS;
    const deltas: Delta[] = [];
    for (const [i, item] of output.entries()) deltas.push(...builder.done(i, item));
    return deltas.length === 0 ? NO_DELTAS : deltas;
  };

  const fail = (e: ResponseStreamEvent): never => {
    const context = { provider: ctx.provider, requestId: ctx.requestId, body: e };
    if (e.type === "response.failed") throw ctx.toError(failedResponseFields(e.response, context));
    // Two shapes of `error` event: fields on the event, or an `error` object.
    const error = e.error ?? { message: e.message ?? "stream error", code: e.code ?? null };
    throw ctx.toError(errorFields(error, { ...context, status: 200, retryable: false }));
  };

  /** A `.done` event's whole text, when it has one (a string). */
  const done = (
    e: ResponseStreamEvent,
    kind: "summary" | "reasoning" | "text" | "arguments",
    index: number,
    whole: unknown,
  ): readonly Delta[] =>
    typeof whole === "string"
      ? builder.textDone(e.output_index ?? 0, kind, index, whole)
      : NO_DELTAS;

  const onEvent = (e: ResponseStreamEvent): readonly Delta[] => {
    switch (e.type) {
      case "response.reasoning_summary_text.delta":
        return builder.summaryText(e.output_index ?? 0, e.summary_index ?? 0, text(e));
      case "response.output_text.delta":
        return builder.text(e.output_index ?? 0, e.content_index ?? 0, text(e));
      case "response.function_call_arguments.delta":
        return builder.arguments(e.output_index ?? 0, text(e));
      // Raw reasoning: OpenAI's (and LM Studio's, DeepSeek's) name, and the Open Responses
      // spec's (schema 2026-04-24, fixtures/open-responses/).
      case "response.reasoning_text.delta":
      case "response.reasoning.delta":
        return builder.reasoningText(e.output_index ?? 0, e.content_index ?? 0, text(e));
      // A `.done` holds the whole text: what the deltas lacked comes from here (LM Studio sends
      // a call's arguments only in `.done`, fixtures/openai/lmstudio-responses-tool-loop-stream.json).
      case "response.function_call_arguments.done":
        return done(e, "arguments", 0, e.arguments);
      case "response.output_text.done":
        return done(e, "text", e.content_index ?? 0, e.text);
      case "response.reasoning_summary_text.done":
        return done(e, "summary", e.summary_index ?? 0, e.text);
      case "response.reasoning_text.done":
      case "response.reasoning.done":
        return done(e, "reasoning", e.content_index ?? 0, e.text);
      case "response.created":
        head = e.response;
        return NO_DELTAS;
      case "response.output_item.added":
        return e.item ? builder.added(e.output_index ?? 0, e.item) : NO_DELTAS;
      case "response.output_item.done":
        return e.item ? builder.done(e.output_index ?? 0, e.item) : NO_DELTAS;
      case "response.completed":
      case "response.incomplete":
        return onEnd(e);
      case "response.failed":
      case "error":
        return fail(e);
      default:
        return NO_DELTAS;
    }
  };

  return {
    push(record) {
      const data = record.data;
      // After the terminal event nothing counts; some compatible servers append `[DONE]`.
      if (end || data === "" || data === "[DONE]") return NO_DELTAS;
      return onEvent(JSON.parse(data) as ResponseStreamEvent);
    },
    finish() {
      if (!end) {
        throw new StreamError(
          `${ctx.provider} stream ended without response.completed, .incomplete or .failed`,
          response(),
        );
      }
      const final = response();
      // Items arrive by their own events, so a terminal response without `output` is refused
      // only when none came either: the stream carried no output at all.
      if (!Array.isArray(end.output) && final.message.content.length === 0) {
        throw answeredWithout(ctx.provider, "output", final);
      }
      const missing = missingCallField(final.message);
      if (missing) throw new StreamError(`${ctx.provider} streamed ${missing}`, final);
      return final;
    },
    partial: response,
  };
}

const text = (e: ResponseStreamEvent): string => (typeof e.delta === "string" ? e.delta : "");
