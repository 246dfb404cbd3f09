import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { withWholeCalls } from "../../kit/whole-calls.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import { answeredWithout, parseErrorJSON } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { type ContentReading, createMessageBuilder } from "./parts.js";
import { errorObjectOf, okErrorFields, parseUsage } from "./response.js";
import type { ChatCompletionChunk, CompletionUsage } from "./wire.js";

/** Who is streaming, and how its errors are made (responses-stream.ts takes it too). */
export interface StreamContext {
  provider: string;
  requestId: string | undefined;
  toError(fields: APIErrorFields): APIError;
}

/**
 * The state of one streamed Chat Completion, fed one SSE record at a time. Each
 * `choices[0].delta` goes through the same builder as `parseResponse` (parts.ts), so the final
 * response equals what `parseResponse` makes of the same content. The stream is complete at
 * `[DONE]` or once a `finish_reason` came. `provider` (`"openai"` or `"azure"`) names who is
 * streaming: it tags thinking parts and errors. `reading`: how the server writes reasoning
 * into `content` (between tags, or as chunks; servers.ts), if it does.
 */
export function createStreamState(
  toError: (fields: APIErrorFields) => APIError,
  requestId?: string,
  provider = "openai",
  reading?: ContentReading,
): StreamMachine<SSERecord> {
  const builder = createMessageBuilder(provider, true, reading);
  let usage: CompletionUsage | undefined;
  let stopReason: string | undefined;
  let done = false;
  /** Some chunk held a choice (a usage-only chunk holds none). */
  let chose = false;
  let id: string | undefined;
  let model: string | undefined;

  const response = (): ModelResponse => ({
    message: builder.message(),
    usage: parseUsage(usage),
    stopReason: stopReason ?? "",
    ...identityOf(id, model),
  });

  const onChunk = (chunk: ChatCompletionChunk): readonly Delta[] => {
    if (chunk.usage) usage = chunk.usage;
    // Every chunk restates them (Azure's first one empty); the first one that has them is kept.
    id ||= chunk.id;
    model ||= chunk.model;
    const choice = chunk.choices?.[0];
    if (choice === undefined) return NO_DELTAS;
    chose = true;
    if (choice.finish_reason) stopReason = choice.finish_reason;
    const delta = choice.delta;
    const out = delta ? builder.add(delta) : NO_DELTAS;
    if (!choice.finish_reason) return out;
    // The reasoning_details entries are complete: their provider parts follow.
    const settled = builder.settle();
    return settled.length === 0 ? out : [...out, ...settled];
  };

  const fail = (body: unknown, data: string): never => {
    throw toError(
      okErrorFields(errorObjectOf(body) ?? { message: data }, provider, requestId, body),
    );
  };

  return {
    push(record) {
      const data = record.data;
      // Anything after `[DONE]` is ignored (openai-node does the same); empty data is a keep-alive.
      if (done || data === "") return NO_DELTAS;
      if (data === "[DONE]") {
        done = true;
        return builder.settle();
      }
      if (record.event === "error") return fail(parseErrorJSON(data), data);
      const chunk = JSON.parse(data) as ChatCompletionChunk;
      if (chunk.error !== undefined && chunk.error !== null) return fail(chunk, data);
      return onChunk(chunk);
    },
    finish() {
      if (!done && stopReason === undefined) {
        throw new StreamError(
          `${provider} stream ended before [DONE] and without a finish_reason`,
          response(),
        );
      }
      const final = response();
      if (!chose) throw answeredWithout(provider, "choices", final);
      return withWholeCalls(final, builder.incompleteCall(), provider);
    },
    partial: response,
  };
}
