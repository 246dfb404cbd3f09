import { assistantMessage } from "../../core/assistant.js";
import { StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse, ThinkingBlock, ToolCall } from "../../core/types.js";
import {
  createTextBuffer,
  NO_DELTAS,
  type StreamMachine,
  type TextBuffer,
} from "../../transport/model-stream.js";
import type { SSERecord } from "../../transport/sse.js";
import { parseErrorEvent, parseUsage, thinkingFrom } from "./response.js";
import type { ContentBlock, ContentBlockDelta, MessageStreamEvent, WireUsage } from "./wire.js";

/** Where a wire content block lives in golem's message. */
type Slot =
  | { kind: "thinking"; index: number }
  | { kind: "text" }
  | { kind: "tool"; index: number }
  | { kind: "ignored" };

/** A thinking block as it streams in. */
interface ThinkingState {
  text: TextBuffer;
  signature: string;
  redacted?: string;
}

/** Builds the provider's `APIError` from fields; passed in by index.ts to avoid a cycle. */
export type ErrorFactory = (fields: ReturnType<typeof parseErrorEvent>) => Error;

/**
 * The Messages stream as a state machine: one SSE record in, the deltas it makes out, in
 * provider order. The final response equals `parseResponse` of the same content.
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming
 */
export function createStreamState(
  toError: ErrorFactory,
  requestId?: string,
): StreamMachine<SSERecord> {
  const slots: Slot[] = [];
  const thinking: ThinkingState[] = [];
  const toolCalls: ToolCall[] = [];
  const text = createTextBuffer();
  let usage: WireUsage = {};
  let stopReason = "";
  let started = false;
  let stopped = false;

  const response = (): ModelResponse => ({
    message: assistantMessage(
      text.text(),
      thinking.map(toBlock),
      toolCalls.map((c) => ({ ...c })),
    ),
    usage: parseUsage(usage),
    stopReason,
  });

  // Each start and delta is checked for the fields it reads: a record that breaks the protocol
  // is a StreamError here, not a message that `validateHistory` refuses on the next turn.
  const onStart = (
    index: number,
    block: ContentBlock & Record<string, unknown>,
  ): readonly Delta[] => {
    if (slots[index] !== undefined) {
      throw new StreamError(
        `anthropic: content_block_start for block ${index}, which already started`,
      );
    }
    switch (block.type) {
      case "thinking": {
        const initial = createTextBuffer(initialText(block, "thinking", index));
        const at = thinking.push({ text: initial, signature: "" }) - 1;
        slots[index] = { kind: "thinking", index: at };
        return NO_DELTAS;
      }
      case "redacted_thinking": {
        // Arrives whole here, with no deltas.
        const data = stringField(block, "data", START, index, true);
        const at = thinking.push({ text: createTextBuffer(), signature: "", redacted: data }) - 1;
        slots[index] = { kind: "thinking", index: at };
        return [{ thinking: { index: at, redacted: data } }];
      }
      case "text": {
        slots[index] = { kind: "text" };
        const initial = initialText(block, "text", index);
        text.append(initial);
        return initial ? [{ text: initial }] : NO_DELTAS;
      }
      case "tool_use": {
        const id = stringField(block, "id", START, index, true);
        const call = { id, name: stringField(block, "name", START, index, true), arguments: "" };
        const at = toolCalls.push(call) - 1;
        slots[index] = { kind: "tool", index: at };
        return [{ toolCall: { index: at, id: call.id, name: call.name } }];
      }
      default:
        slots[index] = { kind: "ignored" };
        return NO_DELTAS;
    }
  };

  const onDelta = (
    index: number,
    delta: ContentBlockDelta & Record<string, unknown>,
  ): readonly Delta[] => {
    const slot = slots[index];
    if (!slot) {
      throw new StreamError(
        `anthropic: content_block_delta for block ${index}, which never started`,
      );
    }
    if (slot.kind === "text" && delta.type === "text_delta") {
      const piece = stringField(delta, "text", delta.type, index);
      text.append(piece);
      return [{ text: piece }];
    }
    if (slot.kind === "thinking") {
      const block = thinking[slot.index] as ThinkingState;
      if (delta.type === "thinking_delta") {
        const piece = stringField(delta, "thinking", delta.type, index);
        block.text.append(piece);
        return [{ thinking: { index: slot.index, text: piece } }];
      }
      if (delta.type === "signature_delta") {
        // The signature arrives whole in one delta; replace, never append.
        block.signature = stringField(delta, "signature", delta.type, index, true);
        return [{ thinking: { index: slot.index, signature: block.signature } }];
      }
    }
    if (slot.kind === "tool" && delta.type === "input_json_delta") {
      const piece = stringField(delta, "partial_json", delta.type, index);
      (toolCalls[slot.index] as ToolCall).arguments += piece;
      return [{ toolCall: { index: slot.index, arguments: piece } }];
    }
    return NO_DELTAS; // citations_delta and future delta types
  };

  const onStop = (index: number): void => {
    const slot = slots[index];
    if (slot?.kind !== "tool") return;
    const call = toolCalls[slot.index] as ToolCall;
    // Normalize like the non-streamed parse, JSON.stringify(input); "" means {}. Until this
    // point `arguments` holds the raw fragments, which is what `partial` shows.
    call.arguments = JSON.stringify(call.arguments === "" ? {} : JSON.parse(call.arguments));
  };

  return {
    push(record) {
      if (record.event === "ping") return NO_DELTAS;
      const event = JSON.parse(record.data) as MessageStreamEvent & Record<string, unknown>;
      switch (event.type) {
        case "message_start":
          started = true;
          usage = { ...(event as { message: { usage: WireUsage } }).message.usage };
          return NO_DELTAS;
        case "content_block_start":
          return onStart(
            event.index as number,
            event.content_block as ContentBlock & Record<string, unknown>,
          );
        case "content_block_delta":
          return onDelta(
            event.index as number,
            event.delta as ContentBlockDelta & Record<string, unknown>,
          );
        case "content_block_stop":
          onStop(event.index as number);
          return NO_DELTAS;
        case "message_delta": {
          const e = event as { delta?: { stop_reason?: string | null }; usage?: WireUsage };
          const reason = e.delta?.stop_reason;
          if (typeof reason === "string" && reason !== "") stopReason = reason;
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
            parseErrorEvent(event.error as { type?: string; message?: string }, requestId),
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

function toBlock(b: ThinkingState): ThinkingBlock {
  if (b.redacted !== undefined) return { redacted: b.redacted, provider: "anthropic" };
  return thinkingFrom(b.text.text(), b.signature);
}

const START = "content_block_start";

/**
 * `o[key]`, which must be a string (`nonEmpty`: ids, names, signatures, redacted data, not
 * `""` either); otherwise a StreamError naming the record type `what`, the block and the field.
 */
function stringField(
  o: Record<string, unknown>,
  key: string,
  what: string,
  index: number,
  nonEmpty?: boolean,
): string {
  const v = o[key];
  if (typeof v === "string" && (v !== "" || !nonEmpty)) return v;
  const kind = nonEmpty ? "a non-empty" : "a string";
  throw new StreamError(`anthropic: ${what} for block ${index} without ${kind} \`${key}\``);
}

/** A block start's initial text; absent reads as `""`. */
function initialText(block: Record<string, unknown>, key: string, index: number): string {
  return block[key] === undefined ? "" : stringField(block, key, START, index);
}
