import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse } from "../../core/types.js";
import { NO_DELTAS, type StreamMachine } from "../../transport/model-stream.js";
import type { SSERecord } from "../../transport/sse.js";
import { createMessageBuilder } from "./parts.js";
import { blockedPromptFields, errorFields, parseUsage } from "./response.js";
import type { GenerateContentResponse, Part, UsageMetadata } from "./wire.js";

/** What the stream state needs from `index.ts`: the provider's error class. */
export interface StreamStateOptions {
  toError(fields: APIErrorFields): APIError;
}

/**
 * The state of one `streamGenerateContent?alt=sse` body. Each `data:` is a whole
 * `GenerateContentResponse` holding only the new parts; parts go through the same builder as
 * `generate`, so the final message is the same. `usageMetadata` is a running snapshot (the last
 * one wins). The stream has no end marker: a stream that ends before any `finishReason` is cut
 * off, a {@link StreamError} with `partial`.
 */
export function createStreamState(options: StreamStateOptions): StreamMachine<SSERecord> {
  const builder = createMessageBuilder();
  let usage: UsageMetadata | undefined;
  let finishReason: string | undefined;

  const response = (stopReason: string): ModelResponse => ({
    message: builder.message(),
    usage: parseUsage(usage),
    stopReason,
  });

  return {
    push(record) {
      // Gemini sends no `[DONE]`; tolerate a proxy that adds one.
      if (record.data === "[DONE]") return NO_DELTAS;
      const chunk = JSON.parse(record.data) as GenerateContentResponse;
      const problem = errorFields(chunk, 200) ?? blockedPromptFields(chunk, 200);
      if (problem) throw options.toError(problem);
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
      // A chunk may carry no candidate at all (usage only).
      const candidate = chunk.candidates?.[0];
      if (!candidate) return NO_DELTAS;
      if (candidate.finishReason) finishReason = candidate.finishReason;
      const parts = candidate.content?.parts;
      if (!parts) return NO_DELTAS;
      if (parts.length === 1) return builder.add(checkedPart(parts[0]!), chunk.responseId);
      const out: Delta[] = [];
      for (const part of parts) out.push(...builder.add(checkedPart(part), chunk.responseId));
      return out;
    },
    finish() {
      if (finishReason === undefined) {
        throw new StreamError("gemini stream ended without a finishReason", response(""));
      }
      builder.end();
      return response(finishReason);
    },
    partial() {
      return response(finishReason ?? "");
    },
  };
}

/**
 * The part, once the fields the builder keeps have the types history needs: a part that breaks
 * the protocol is a StreamError before its deltas go out, not a message that `validateHistory`
 * refuses on the next turn. A `functionCall` without `name` is a continuation (Vertex).
 */
function checkedPart(part: Part): Part {
  const { text, thoughtSignature, functionCall } = part;
  if (text !== undefined && typeof text !== "string") throw partError("a part", "a string", "text");
  if (thoughtSignature !== undefined && !isNonEmpty(thoughtSignature)) {
    throw partError("a part", "a non-empty string", "thoughtSignature");
  }
  if (functionCall !== undefined) {
    if (functionCall.name !== undefined && !isNonEmpty(functionCall.name)) {
      throw partError("a functionCall part", "a non-empty string", "name");
    }
    if (functionCall.id !== undefined && !isNonEmpty(functionCall.id)) {
      throw partError("a functionCall part", "a non-empty string", "id");
    }
  }
  return part;
}

function isNonEmpty(v: unknown): boolean {
  return typeof v === "string" && v !== "";
}

function partError(what: string, kind: string, key: string): StreamError {
  return new StreamError(`gemini: ${what} without ${kind} \`${key}\``);
}
