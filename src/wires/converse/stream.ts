import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse, Usage } from "../../core/types.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import type { EventStreamHeaderValue, EventStreamMessage } from "../../transport/event-stream.js";
import { answeredWithout, parseErrorJSON } from "../../transport/json.js";
import { isRetryableStatus } from "../../transport/retry.js";
import { createMessageBuilder } from "./parts.js";
import { exceptionStatus, parseUsage } from "./response.js";
import type {
  ContentBlockDeltaEvent,
  ContentBlockStartEvent,
  ConverseStreamOutput,
  ErrorBody,
} from "./wire.js";

/** Builds the provider's `APIError`; passed in by index.ts, which owns the class. */
export type ErrorFactory = (fields: APIErrorFields) => APIError;

/**
 * ConverseStream as a state machine: one decoded event-stream frame in, the deltas the message
 * builder makes of it out (parts.ts), so the final response equals `parseResponse` of the same
 * content, part for part. `citations`: the request let documents be cited (ADR 0034).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export function createStreamState(
  toError: ErrorFactory,
  requestId?: string,
  provider = "bedrock",
  citations = false,
): StreamMachine<EventStreamMessage> {
  const decoder = new TextDecoder();
  const builder = createMessageBuilder(provider, citations);
  let usage: Usage | undefined;
  let stopReason: string | undefined;
  /** A `messageStart` came: the stream carries a message (ConverseStream's first event). */
  let started = false;

  const response = (): ModelResponse => ({
    message: builder.message(),
    usage: usage ?? parseUsage(undefined),
    stopReason: stopReason ?? "",
  });

  const onEvent = (
    type: EventStreamHeaderValue | undefined,
    payload: Uint8Array,
  ): readonly Delta[] => {
    const event = JSON.parse(
      decoder.decode(payload),
    ) as ConverseStreamOutput[keyof ConverseStreamOutput];
    switch (type) {
      case "contentBlockDelta": {
        const e = event as ContentBlockDeltaEvent;
        return builder.delta(blockIndex(e), e.delta ?? {});
      }
      case "contentBlockStart": {
        const e = event as ContentBlockStartEvent;
        return builder.start(blockIndex(e), e.start ?? {});
      }
      case "contentBlockStop":
        return builder.stop(blockIndex(event as { contentBlockIndex: number }));
      case "messageStop":
        stopReason = String((event as ConverseStreamOutput["messageStop"]).stopReason ?? "");
        return NO_DELTAS;
      case "messageStart":
        started = true;
        return NO_DELTAS;
      case "metadata":
        // Usage arrives only here, after messageStop in real streams; order does not matter.
        usage = parseUsage((event as ConverseStreamOutput["metadata"]).usage);
        return NO_DELTAS;
      default:
        // Event types added later: a new event is a new kind of news, not
        // a piece of a block (members added to a block are StreamErrors: parts.ts, ADR 0034).
        return NO_DELTAS;
    }
  };

  return {
    push(message) {
      const { headers } = message;
      switch (headers[":message-type"]) {
        case "event":
          return onEvent(headers[":event-type"], message.payload);
        case "exception":
          throw toError(
            exceptionFields(headers, decoder.decode(message.payload), {
              requestId,
              partial: response(),
              provider,
            }),
          );
        case "error":
          throw toError(errorFields(headers, { requestId, partial: response(), provider }));
        default:
          return NO_DELTAS;
      }
    },
    finish() {
      if (stopReason === undefined) {
        throw new StreamError("The bedrock stream ended before messageStop", response());
      }
      // Nothing of a message came (no messageStart, no block): an answer with no content.
      const final = response();
      if (!started && final.message.content.length === 0) {
        throw answeredWithout(provider, "messageStart", final);
      }
      return final;
    },
    partial: response,
  };
}

function blockIndex(e: { contentBlockIndex?: unknown }): number {
  const index = e?.contentBlockIndex;
  // A non-negative integer: it indexes the builder's per-block arrays.
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > 0xffff) {
    throw new StreamError("bedrock: an event without a valid contentBlockIndex");
  }
  return index;
}

/** What every error frame's fields carry besides its own: the call's id, tag and partial. */
interface FrameContext {
  requestId: string | undefined;
  partial: ModelResponse;
  provider: string;
}

/** An `exception` frame: the service's error, typed by `:exception-type`. */
function exceptionFields(
  headers: Record<string, EventStreamHeaderValue>,
  payload: string,
  ctx: FrameContext,
): APIErrorFields {
  const type = String(headers[":exception-type"] ?? "exception");
  const body = parseErrorJSON(payload);
  const fields = typeof body === "object" && body !== null ? (body as ErrorBody) : {};
  const message = fields.message ?? fields.Message ?? (payload || type);
  return { ...frameFields(type, String(message), ctx), body };
}

/** An `error` frame: the event-stream layer's own error, in `:error-code` / `:error-message`. */
function errorFields(
  headers: Record<string, EventStreamHeaderValue>,
  ctx: FrameContext,
): APIErrorFields {
  const type = String(headers[":error-code"] ?? "error");
  return frameFields(type, String(headers[":error-message"] ?? type), ctx);
}

/** An error frame's fields: the status its type has, retryable as that status is. */
function frameFields(type: string, message: string, ctx: FrameContext): APIErrorFields {
  const status = exceptionStatus(type);
  const { provider, requestId, partial } = ctx;
  return {
    provider,
    status,
    type,
    message,
    requestId,
    retryable: isRetryableStatus(status),
    partial,
  };
}
