import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { withWholeCalls } from "../../kit/whole-calls.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import { answeredWithout, parseErrorJSON } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { createMessageBuilder } from "./parts.js";
import { failedGenerationFields } from "./response.js";
import { parseUsage } from "./usage.js";
import type { CohereErrorBody, CohereStreamEvent, CohereUsage } from "./wire.js";

/**
 * The state of one streamed Cohere answer, fed one SSE record at a time: each event's piece
 * goes through the same builder as `parseResponse` (parts.ts), so the final response equals
 * what `parseResponse` makes of the same message. The event's `type` in its JSON says what it
 * is (the SSE `event:` line, where sent, says the same). The stream is complete at
 * `message-end`; a generation that failed there (`finish_reason: "ERROR"`) is the platform's
 * `APIError`, with what arrived as `partial`.
 * @see https://docs.cohere.com/reference/chat-stream
 * @see https://docs.cohere.com/docs/streaming
 */
export function createStreamState(
  toError: (fields: APIErrorFields) => APIError,
  requestId?: string,
  provider = "cohere",
): StreamMachine<SSERecord> {
  const builder = createMessageBuilder(provider);
  let id: string | undefined;
  let started = false;
  let ended = false;
  let stopReason: string | undefined;
  let usage: CohereUsage | null | undefined;
  // Each content item's kind, by its index, from its `content-start`.
  const kinds = new Map<number, "text" | "thinking">();

  const response = (): ModelResponse => ({
    message: builder.message(),
    usage: parseUsage(usage),
    stopReason: stopReason ?? "",
    ...identityOf(id, undefined),
  });

  const fail = (fields: APIErrorFields): never => {
    const error = toError(fields);
    error.partial = response();
    throw error;
  };

  const onEvent = (e: CohereStreamEvent): readonly Delta[] => {
    switch (e.type) {
      case "message-start":
        started = true;
        id ||= e.id;
        return NO_DELTAS;
      case "content-start": {
        const content = e.delta?.message?.content;
        const kind = content?.type === "thinking" ? "thinking" : "text";
        kinds.set(e.index ?? 0, kind);
        return builder.content(e.index ?? 0, kind, piece(content?.[kind]));
      }
      case "content-delta": {
        const content = e.delta?.message?.content;
        const item = e.index ?? 0;
        // A delta names its kind by its field; the item's start said the same.
        const kind =
          kinds.get(item) ?? (typeof content?.thinking === "string" ? "thinking" : "text");
        return builder.content(item, kind, piece(content?.[kind]));
      }
      case "tool-plan-delta":
        return builder.plan(piece(e.delta?.message?.tool_plan));
      case "tool-call-start": {
        const call = e.delta?.message?.tool_calls;
        return builder.startCall(
          e.index ?? 0,
          call?.id,
          call?.function?.name,
          piece(call?.function?.arguments),
        );
      }
      case "tool-call-delta":
        return builder.callArguments(
          e.index ?? 0,
          piece(e.delta?.message?.tool_calls?.function?.arguments),
        );
      case "message-end": {
        ended = true;
        id ||= e.id;
        const delta = e.delta;
        usage = delta?.usage ?? usage;
        if (typeof delta?.finish_reason === "string") stopReason = delta.finish_reason;
        if (stopReason === "ERROR" || (typeof delta?.error === "string" && delta.error !== "")) {
          fail(failedGenerationFields(delta?.error, provider, requestId, e));
        }
        return NO_DELTAS;
      }
      // content-end, tool-call-end: the item is whole already; citations and debug events
      // carry nothing golem keeps.
      default:
        return NO_DELTAS;
    }
  };

  return {
    push(record) {
      const data = record.data;
      // Anything after the end is ignored; empty data is a keep-alive; `[DONE]` the terminator
      // Cohere's SDKs accept.
      if (ended || data === "" || data === "[DONE]") return NO_DELTAS;
      const event = parseErrorJSON(data) as (CohereStreamEvent & CohereErrorBody) | string;
      if (typeof event !== "object" || event === null) {
        throw new SyntaxError(`${provider} streamed an event that is not JSON: ${clip(data)}`);
      }
      // An error sent as an event has Cohere's error shape (`{ message, id? }`) and no type.
      if (typeof event.type !== "string" || record.event === "error") {
        const message = typeof event.message === "string" ? event.message : undefined;
        if (message === undefined && record.event !== "error") {
          throw new StreamError(`${provider} streamed an event without a type: ${clip(data)}`);
        }
        return fail({
          provider,
          status: 200,
          message: message ?? clip(data),
          type: undefined,
          requestId: requestId ?? (typeof event.id === "string" ? event.id : undefined),
          body: event,
          retryable: false,
        });
      }
      return onEvent(event);
    },
    finish() {
      if (!ended) {
        throw new StreamError(`${provider} stream ended before message-end`, response());
      }
      const final = response();
      if (!started && final.message.content.length === 0) {
        throw answeredWithout(provider, "message-start", final);
      }
      return withWholeCalls(final, builder.incompleteCall(), provider);
    },
    partial: response,
  };
}

const piece = (v: unknown): string => (typeof v === "string" ? v : "");

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
