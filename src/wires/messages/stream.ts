import { StreamError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import type { InputTransformation, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import type { SSERecord } from "../../transport/sse.js";
import { createMessageBuilder } from "./parts.js";
import { messageResponse, parseErrorEvent, parseInputTransformations } from "./response.js";
import type {
  MessageStreamEvent,
  WireInputTransformation,
  WireMessage,
  WireUsage,
} from "./wire.js";

/** Builds the provider's `APIError` from fields; passed in by index.ts to avoid a cycle. */
export type ErrorFactory = (fields: ReturnType<typeof parseErrorEvent>) => Error;

/**
 * The Messages stream as a state machine: one SSE record in, the deltas it makes out. Content
 * blocks go through the same builder as `parseResponse`, so the final message has the same
 * parts in the same order; a delta's `index` is its part's place in that message.
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming
 */
export function createStreamState(
  toError: ErrorFactory,
  requestId?: string,
  provider = "anthropic",
): StreamMachine<SSERecord> {
  const builder = createMessageBuilder(provider);
  let usage: WireUsage = {};
  let stopReason = "";
  let stopDetails: unknown;
  let started = false;
  let stopped = false;
  let transformations: InputTransformation[] | undefined;
  let identity: Pick<ModelResponse, "id" | "model"> = {};

  const response = (): ModelResponse =>
    messageResponse(builder.message(), usage, stopReason, identity, transformations, stopDetails);
  // `input_transformations` rides the message: on message_start, or restated on message_delta.
  const noteTransformations = (list: WireInputTransformation[] | null | undefined) => {
    transformations = parseInputTransformations(list) ?? transformations;
  };

  return {
    push(record) {
      if (record.event === "ping") return NO_DELTAS;
      const event = JSON.parse(record.data) as MessageStreamEvent & Record<string, unknown>;
      switch (event.type) {
        case "message_start": {
          const message = (event as { message: WireMessage }).message;
          started = true;
          usage = { ...message.usage };
          identity = identityOf(message.id, message.model);
          noteTransformations(message.input_transformations);
          return NO_DELTAS;
        }
        case "content_block_start":
          return builder.start(event.index as number, event.content_block);
        case "content_block_delta":
          return builder.delta(event.index as number, event.delta as Record<string, unknown>);
        case "content_block_stop":
          return builder.stop(event.index as number);
        case "message_delta": {
          const e = event as {
            delta?: { stop_reason?: string | null; stop_details?: unknown };
            usage?: WireUsage;
            input_transformations?: WireInputTransformation[] | null;
          };
          noteTransformations(e.input_transformations);
          const reason = e.delta?.stop_reason;
          if (isNonEmptyString(reason)) stopReason = reason;
          const details = e.delta?.stop_details;
          if (details !== null && details !== undefined) stopDetails = details;
          // message_delta usage is cumulative and nullable: keep what it does not restate.
          for (const [k, v] of Object.entries(e.usage ?? {})) {
            if (v !== null && v !== undefined) (usage as Record<string, unknown>)[k] = v;
          }
          return NO_DELTAS;
        }
        case "message_stop":
          stopped = true;
          return NO_DELTAS;
        case "error":
          throw toError(
            parseErrorEvent(
              event.error as { type?: string; message?: string },
              requestId,
              provider,
            ),
          );
        default:
          return NO_DELTAS; // ping and event types added later
      }
    },
    finish() {
      if (!started || !stopped) {
        throw new StreamError(
          started
            ? "The anthropic stream ended before message_stop"
            : "The anthropic stream ended before message_start",
          response(),
        );
      }
      return response();
    },
    partial: response,
  };
}
