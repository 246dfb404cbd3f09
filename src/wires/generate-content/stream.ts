import { type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse } from "../../core/types.js";
import { identityOf } from "../../kit/identity.js";
import { NO_DELTAS, type StreamMachine } from "../../send/model-stream.js";
import { answeredWithout } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { createMessageBuilder } from "./parts.js";
import { blockedPromptFields, errorFields, parseUsage } from "./response.js";
import type { GenerateContentResponse, Part, UsageMetadata } from "./wire.js";

/**
 * The state of one `streamGenerateContent?alt=sse` body. Each `data:` is a whole
 * `GenerateContentResponse` holding only the new parts; parts go through the same builder as
 * `generate`, so the final message is the same. `usageMetadata` is a running snapshot (the last
 * one wins). The stream has no end marker: a stream that ends before any `finishReason` is cut
 * off, a {@link StreamError} with `partial`.
 */
export function createStreamState(
  toError: (fields: APIErrorFields) => Error,
  requestId?: string,
  provider = "gemini",
): StreamMachine<SSERecord> {
  const builder = createMessageBuilder(provider);
  let usage: UsageMetadata | undefined;
  let finishReason: string | undefined;
  /** Some chunk held a candidate (usage-only chunks hold none). */
  let candidates = false;
  let id: string | undefined;
  let model: string | undefined;

  const response = (stopReason: string): ModelResponse => ({
    message: builder.message(),
    usage: parseUsage(usage),
    stopReason,
    ...identityOf(id, model),
  });
  const check = (part: Part): Part => {
    const problem = partProblem(part);
    if (problem) throw new StreamError(`gemini: ${problem}`, response(finishReason ?? ""));
    return part;
  };

  return {
    push(record) {
      // Gemini sends no `[DONE]`; tolerate a proxy that adds one.
      if (record.data === "[DONE]") return NO_DELTAS;
      const chunk = JSON.parse(record.data) as GenerateContentResponse;
      const problem =
        errorFields(chunk, 200, provider) ?? blockedPromptFields(chunk, 200, provider);
      if (problem) {
        if (requestId !== undefined) problem.requestId = requestId;
        problem.partial = response(finishReason ?? "");
        throw toError(problem);
      }
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
      // Every chunk restates them; the first one that has them is kept.
      id ||= chunk.responseId;
      model ||= chunk.modelVersion;
      // A chunk may carry no candidate at all (usage only).
      const candidate = chunk.candidates?.[0];
      if (!candidate) return NO_DELTAS;
      candidates = true;
      if (candidate.finishReason) finishReason = candidate.finishReason;
      const parts = candidate.content?.parts;
      if (!parts) return NO_DELTAS;
      if (parts.length === 1) return builder.add(check(parts[0] as Part), chunk.responseId);
      const out: Delta[] = [];
      for (const part of parts) out.push(...builder.add(check(part), chunk.responseId));
      return out;
    },
    finish() {
      if (!candidates) throw answeredWithout(provider, "candidates", response(""));
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
 * What is wrong with a part's fields that the builder keeps, if anything: a part that breaks
 * the protocol is a StreamError (with what arrived) before its deltas go out, not a message
 * that `validateHistory` refuses on the next turn. A `functionCall` without `name` is a
 * continuation (Vertex).
 */
function partProblem(part: Part): string | undefined {
  const { text, thoughtSignature, functionCall } = part;
  if (text !== undefined && typeof text !== "string") return "a part without a string `text`";
  if (thoughtSignature !== undefined && !isNonEmpty(thoughtSignature)) {
    return "a part without a non-empty string `thoughtSignature`";
  }
  if (functionCall === undefined) return undefined;
  if (functionCall.name !== undefined && !isNonEmpty(functionCall.name)) {
    return "a functionCall part without a non-empty string `name`";
  }
  if (functionCall.id !== undefined && !isNonEmpty(functionCall.id)) {
    return "a functionCall part without a non-empty string `id`";
  }
  return undefined;
}

function isNonEmpty(v: unknown): boolean {
  return typeof v === "string" && v !== "";
}
