import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, Message, ModelResponse, ToolCall, ToolCallDelta } from "../../core/types.js";
import { parseErrorJSON } from "../../transport/json.js";
import { createTextBuffer, NO_DELTAS, type StreamMachine } from "../../transport/model-stream.js";
import type { SSERecord } from "../../transport/sse.js";
import { errorFields, errorObjectOf, parseUsage, reasoningOf } from "./response.js";
import type { ChatCompletionChunk, ChatCompletionChunkToolCall, CompletionUsage } from "./wire.js";

/** Who is streaming, and how its errors are made (index.ts owns the APIError class). */
export interface StreamContext {
  provider: string;
  requestId: string | undefined;
  toError(fields: APIErrorFields): APIError;
}

/**
 * The state of one streamed Chat Completion, fed one SSE record at a time. Reasoning
 * (`delta.reasoning_content` / `delta.reasoning`) is thinking block 0; tool-call fragments are
 * joined by their `index`; the stream is complete at `[DONE]` or once a `finish_reason` came
 * The final response equals what `parseResponse` makes of the same content.
 */
export function createStreamState(ctx: StreamContext): StreamMachine<SSERecord> {
  const content = createTextBuffer();
  const reasoning = createTextBuffer();
  const calls: ToolCall[] = [];
  // Wire `index` -> position in `calls`; servers number from 0 but need not.
  const positions = new Map<number, number>();
  let usage: CompletionUsage | undefined;
  let stopReason: string | undefined;
  let done = false;

  const response = (): ModelResponse => {
    const message: Message = { role: "assistant", content: content.text() };
    const thought = reasoning.text();
    if (thought !== "") message.thinking = [{ text: thought, provider: ctx.provider }];
    if (calls.length > 0) message.toolCalls = calls.map((c) => ({ ...c }));
    return { message, usage: parseUsage(usage), stopReason: stopReason ?? "" };
  };

  const onToolCall = (f: ChatCompletionChunkToolCall): Delta | undefined => {
    const index = callPosition(f, calls, positions);
    let call = calls[index];
    if (call === undefined) {
      call = { id: "", name: "", arguments: "" };
      calls.push(call);
    }
    const d: ToolCallDelta = { index };
    let changed = false;
    // Some servers repeat id and name on every fragment: the first one counts.
    if (typeof f.id === "string" && f.id !== "" && call.id === "") {
      call.id = f.id;
      d.id = f.id;
      changed = true;
    }
    const name = f.function?.name;
    // The name may come after the first fragment (vercel/ai#14722).
    if (typeof name === "string" && name !== "" && call.name === "") {
      call.name = name;
      d.name = name;
      changed = true;
    }
    const args = f.function?.arguments;
    if (typeof args === "string" && args !== "") {
      call.arguments += args;
      d.arguments = args;
      changed = true;
    }
    return changed ? { toolCall: d } : undefined;
  };

  const onChunk = (chunk: ChatCompletionChunk): readonly Delta[] => {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (choice === undefined) return NO_DELTAS;
    if (choice.finish_reason) stopReason = choice.finish_reason;
    const delta = choice.delta;
    if (!delta) return NO_DELTAS;
    let out: Delta[] | undefined;
    const thought = reasoningOf(delta);
    if (thought !== "") {
      reasoning.append(thought);
      out = [{ thinking: { index: 0, text: thought } }];
    }
    if (typeof delta.content === "string" && delta.content !== "") {
      content.append(delta.content);
      out = append(out, { text: delta.content });
    }
    for (const fragment of delta.tool_calls ?? []) {
      const d = onToolCall(fragment);
      if (d) out = append(out, d);
    }
    return out ?? NO_DELTAS;
  };

  const fail = (body: unknown, data: string): never => {
    const error = errorObjectOf(body) ?? { message: data };
    throw ctx.toError(
      errorFields(error, {
        provider: ctx.provider,
        status: 200,
        requestId: ctx.requestId,
        body,
        retryable: false,
      }),
    );
  };

  return {
    push(record) {
      const data = record.data;
      // Anything after `[DONE]` is ignored (openai-node does the same); empty data is a keep-alive.
      if (done || data === "") return NO_DELTAS;
      if (data === "[DONE]") {
        done = true;
        return NO_DELTAS;
      }
      if (record.event === "error") return fail(parseErrorJSON(data), data);
      const chunk = JSON.parse(data) as ChatCompletionChunk;
      if (chunk.error !== undefined && chunk.error !== null) return fail(chunk, data);
      return onChunk(chunk);
    },
    finish() {
      if (!done && stopReason === undefined) {
        throw new StreamError(
          `${ctx.provider} stream ended before [DONE] and without a finish_reason`,
          response(),
        );
      }
      const final = response();
      for (const [i, call] of calls.entries()) {
        if (call.id === "" || call.name === "") {
          const missing = call.id === "" ? "an id" : "a function name";
          throw new StreamError(
            `${ctx.provider} streamed tool call ${i} without ${missing}`,
            final,
          );
        }
      }
      return final;
    },
    partial: response,
  };
}

/** Where a fragment's call sits in `calls`; a fragment without `index` is keyed by its id. */
function callPosition(
  f: ChatCompletionChunkToolCall,
  calls: readonly ToolCall[],
  positions: Map<number, number>,
): number {
  if (typeof f.index === "number") {
    let at = positions.get(f.index);
    if (at === undefined) {
      at = calls.length;
      positions.set(f.index, at);
    }
    return at;
  }
  const byId = typeof f.id === "string" && f.id !== "" ? calls.findIndex((c) => c.id === f.id) : -1;
  if (byId >= 0) return byId;
  return typeof f.id === "string" && f.id !== "" ? calls.length : Math.max(0, calls.length - 1);
}

function append(out: Delta[] | undefined, d: Delta): Delta[] {
  if (out === undefined) return [d];
  out.push(d);
  return out;
}
