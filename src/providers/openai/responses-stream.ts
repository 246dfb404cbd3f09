import { StreamError } from "../../core/errors.js";
import type {
  Delta,
  Message,
  ModelResponse,
  ThinkingBlock,
  ThinkingDelta,
  ToolCall,
  ToolCallDelta,
  Usage,
} from "../../core/types.js";
import {
  createTextBuffer,
  NO_DELTAS,
  type StreamMachine,
  type TextBuffer,
} from "../../transport/model-stream.js";
import type { SSERecord } from "../../transport/sse.js";
import { errorFields } from "./response.js";
import {
  failedResponseFields,
  mapStatus,
  messageText,
  parseReasoningItem,
  parseResponsesUsage,
  SUMMARY_SEPARATOR,
} from "./responses-response.js";
import type {
  ResponseFunctionToolCall,
  ResponseOutputMessage,
  ResponseReasoningItem,
  ResponseStreamEvent,
} from "./responses-wire.js";
import type { StreamContext } from "./stream.js";

/** A reasoning item being streamed; its block is made on its first text or signature. */
interface ReasoningSlot {
  block?: number;
  /** Summary parts begun so far, and the `summary_index` of the last one. */
  parts: number;
  summaryIndex: number;
}

/** A reasoning block as it streams in: its summary text joined in pieces, not with `+=`. */
interface ThinkingState {
  text: TextBuffer;
  signature?: string;
}

/**
 * The state of one streamed response, fed one SSE record at a time and dispatched on the
 * data's `type`. Summary text streams as thinking deltas, a reasoning item's
 * `encrypted_content` arrives as a signature delta at `response.output_item.done` (the one in
 * `.added` may be incomplete), text and function-call arguments stream as they come. The
 * stream is complete at `response.completed` or `response.incomplete`; the final response
 * equals what `parseResponsesResponse` makes of the same output.
 */
export function createResponsesStreamState(ctx: StreamContext): StreamMachine<SSERecord> {
  const thinking: ThinkingState[] = [];
  const reasoning = new Map<number, ReasoningSlot>();
  const calls: ToolCall[] = [];
  const callAt = new Map<number, number>();
  // Text per message item, in the order the items came.
  const texts = new Map<number, TextBuffer>();
  let usage: Usage | undefined;
  let stopReason: string | undefined;
  let done = false;

  const response = (): ModelResponse => {
    const content = [...texts.values()].map((t) => t.text()).join("");
    const message: Message = { role: "assistant", content };
    if (thinking.length > 0) message.thinking = thinking.map(toBlock);
    if (calls.length > 0) message.toolCalls = calls.map((c) => ({ ...c }));
    return {
      message,
      usage: usage ?? { inputTokens: 0, outputTokens: 0 },
      stopReason: stopReason ?? "",
    };
  };

  const toBlock = (t: ThinkingState): ThinkingBlock => {
    const block: ThinkingBlock = { text: t.text.text(), provider: ctx.provider };
    if (t.signature !== undefined) block.signature = t.signature;
    return block;
  };

  const slotOf = (outputIndex: number): ReasoningSlot => {
    let slot = reasoning.get(outputIndex);
    if (slot === undefined) {
      slot = { parts: 0, summaryIndex: -1 };
      reasoning.set(outputIndex, slot);
    }
    return slot;
  };

  const blockOf = (slot: ReasoningSlot): { at: number; block: ThinkingState } => {
    slot.block ??= thinking.push({ text: createTextBuffer() }) - 1;
    return { at: slot.block, block: thinking[slot.block] as ThinkingState };
  };

  /** Summary text for part `summaryIndex`; a new part after the first starts with the separator. */
  const onSummaryText = (e: ResponseStreamEvent, text: string): readonly Delta[] => {
    const slot = slotOf(e.output_index ?? 0);
    const part = e.summary_index ?? 0;
    if (slot.summaryIndex !== part) {
      if (slot.parts > 0) text = SUMMARY_SEPARATOR + text;
      slot.parts++;
      slot.summaryIndex = part;
    }
    if (text === "") return NO_DELTAS;
    const { at, block } = blockOf(slot);
    block.text.append(text);
    return [{ thinking: { index: at, text } }];
  };

  /** The finished item is authoritative: the rest of its summary, then its signature. */
  const onReasoningDone = (outputIndex: number, item: ResponseReasoningItem): readonly Delta[] => {
    const final = parseReasoningItem(item, ctx.provider);
    if (final === undefined) return NO_DELTAS;
    const { at, block } = blockOf(slotOf(outputIndex));
    const d: ThinkingDelta = { index: at };
    const text = final.text ?? "";
    const streamed = block.text.text();
    if (text !== streamed && text.startsWith(streamed)) d.text = text.slice(streamed.length);
    block.text = createTextBuffer(text);
    if (final.signature !== undefined) {
      block.signature = final.signature;
      d.signature = final.signature;
    }
    return d.text === undefined && d.signature === undefined ? NO_DELTAS : [{ thinking: d }];
  };

  const callOf = (outputIndex: number): { at: number; call: ToolCall } => {
    let at = callAt.get(outputIndex);
    if (at === undefined) {
      at = calls.push({ id: "", name: "", arguments: "" }) - 1;
      callAt.set(outputIndex, at);
    }
    return { at, call: calls[at] as ToolCall };
  };

  /** Fills in what a call item says and the call lacks; a delta for what is new. */
  const onCallItem = (outputIndex: number, item: ResponseFunctionToolCall): readonly Delta[] => {
    const { at, call } = callOf(outputIndex);
    const d: ToolCallDelta = { index: at };
    if (call.id === "" && typeof item.call_id === "string" && item.call_id !== "") {
      call.id = item.call_id;
      d.id = item.call_id;
    }
    if (call.name === "" && typeof item.name === "string" && item.name !== "") {
      call.name = item.name;
      d.name = item.name;
    }
    const args = item.arguments;
    if (typeof args === "string" && args !== call.arguments) {
      if (args.startsWith(call.arguments)) d.arguments = args.slice(call.arguments.length);
      call.arguments = args;
    }
    const changed = d.id !== undefined || d.name !== undefined || d.arguments !== undefined;
    return changed ? [{ toolCall: d }] : NO_DELTAS;
  };

  const onItem = (e: ResponseStreamEvent, finished: boolean): readonly Delta[] => {
    const outputIndex = e.output_index ?? 0;
    const item = e.item;
    switch (item?.type) {
      case "reasoning":
        return finished ? onReasoningDone(outputIndex, item as ResponseReasoningItem) : NO_DELTAS;
      case "function_call":
        return onCallItem(outputIndex, item as ResponseFunctionToolCall);
      case "message":
        if (finished) {
          texts.set(outputIndex, createTextBuffer(messageText(item as ResponseOutputMessage)));
        } else if (!texts.has(outputIndex)) texts.set(outputIndex, createTextBuffer());
        return NO_DELTAS;
      default:
        return NO_DELTAS;
    }
  };

  const onText = (e: ResponseStreamEvent): readonly Delta[] => {
    const outputIndex = e.output_index ?? 0;
    const delta = typeof e.delta === "string" ? e.delta : "";
    let text = texts.get(outputIndex);
    if (text === undefined) {
      text = createTextBuffer();
      texts.set(outputIndex, text);
    }
    if (delta === "") return NO_DELTAS;
    text.append(delta);
    return [{ text: delta }];
  };

  const onArguments = (e: ResponseStreamEvent): readonly Delta[] => {
    const delta = typeof e.delta === "string" ? e.delta : "";
    if (delta === "") return NO_DELTAS;
    const { at, call } = callOf(e.output_index ?? 0);
    call.arguments += delta;
    return [{ toolCall: { index: at, arguments: delta } }];
  };

  const onEnd = (e: ResponseStreamEvent): readonly Delta[] => {
    done = true;
    usage = parseResponsesUsage(e.response?.usage);
    stopReason = e.response ? mapStatus(e.response) : "";
    return NO_DELTAS;
  };

  const fail = (e: ResponseStreamEvent): never => {
    const context = { provider: ctx.provider, requestId: ctx.requestId, body: e };
    if (e.type === "response.failed") {
      const failed = failedResponseFields({ ...e.response, status: "failed" }, context);
      if (failed !== undefined) throw ctx.toError(failed);
    }
    // Two shapes of `error` event: fields on the event, or an `error` object.
    const error = e.error ?? { message: e.message ?? "stream error", code: e.code ?? null };
    throw ctx.toError(errorFields(error, { ...context, status: 200, retryable: false }));
  };

  const onEvent = (e: ResponseStreamEvent): readonly Delta[] => {
    switch (e.type) {
      case "response.reasoning_summary_part.added":
        return onSummaryText(e, "");
      case "response.reasoning_summary_text.delta":
        return onSummaryText(e, typeof e.delta === "string" ? e.delta : "");
      case "response.output_text.delta":
        return onText(e);
      case "response.function_call_arguments.delta":
        return onArguments(e);
      case "response.output_item.added":
        return onItem(e, false);
      case "response.output_item.done":
        return onItem(e, true);
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
      if (done || data === "" || data === "[DONE]") return NO_DELTAS;
      return onEvent(JSON.parse(data) as ResponseStreamEvent);
    },
    finish() {
      if (!done) {
        throw new StreamError(
          `${ctx.provider} stream ended without response.completed, .incomplete or .failed`,
          response(),
        );
      }
      const final = response();
      for (const [i, call] of calls.entries()) {
        if (call.id === "" || call.name === "") {
          const missing = call.id === "" ? "a call_id" : "a name";
          throw new StreamError(
            `${ctx.provider} streamed function call ${i} without ${missing}`,
            final,
          );
        }
      }
      return final;
    },
    partial: response,
  };
}
