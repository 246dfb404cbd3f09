import { assistantMessage } from "../../core/assistant.js";
import { type APIError, type APIErrorFields, StreamError } from "../../core/errors.js";
import type { Delta, ModelResponse, ThinkingBlock, ToolCall, Usage } from "../../core/types.js";
import type { EventStreamHeaderValue, EventStreamMessage } from "../../transport/event-stream.js";
import { parseErrorJSON } from "../../transport/json.js";
import {
  createTextBuffer,
  NO_DELTAS,
  type StreamMachine,
  type TextBuffer,
} from "../../transport/model-stream.js";
import { isRetryableStatus } from "../../transport/retry.js";
import { PROVIDER } from "./request.js";
import { exceptionStatus, parseUsage } from "./response.js";
import type {
  ContentBlockDeltaEvent,
  ContentBlockStartEvent,
  ConverseStreamOutput,
  ErrorBody,
  ReasoningContentBlockDelta,
} from "./wire.js";

/** Builds the provider's `APIError`; passed in by index.ts, which owns the class. */
export type ErrorFactory = (fields: APIErrorFields) => APIError;

/** Where a wire content block lives in golem's message. */
type Slot =
  | { kind: "thinking"; index: number }
  | { kind: "text" }
  | { kind: "tool"; index: number };

interface ReasoningState {
  text: TextBuffer;
  signature: string;
  redacted: string;
}

interface ToolState {
  call: ToolCall;
  /** The input fragments joined; parsed and normalised at `contentBlockStop`. */
  input: string;
  done: boolean;
}

/**
 * ConverseStream as a state machine: one decoded event-stream frame in, the deltas it makes
 * out, in provider order (reasoning before text). The final response equals `parseResponse`
 * of the same content.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export function createStreamState(
  toError: ErrorFactory,
  requestId?: string,
): StreamMachine<EventStreamMessage> {
  const decoder = new TextDecoder();
  const slots = new Map<number, Slot>();
  const reasoning: ReasoningState[] = [];
  const tools: ToolState[] = [];
  const text = createTextBuffer();
  let usage: Usage | undefined;
  let stopReason: string | undefined;

  const response = (): ModelResponse => ({
    message: assistantMessage(
      text.text(),
      reasoning.map(toBlock),
      // Until its block stops, a call shows the raw input fragments.
      tools.map((t) => (t.done ? { ...t.call } : { ...t.call, arguments: t.input })),
    ),
    usage: usage ?? parseUsage(undefined),
    stopReason: stopReason ?? "",
  });

  const slotOf = (index: number, kind: Slot["kind"]): Slot => {
    let slot = slots.get(index);
    if (!slot) {
      if (kind === "tool")
        throw new StreamError(`bedrock: toolUse input for block ${index}, which never started`);
      // Reasoning and text blocks get no contentBlockStart: the first delta opens them.
      slot =
        kind === "text"
          ? { kind }
          : {
              kind,
              index: reasoning.push({ text: createTextBuffer(), signature: "", redacted: "" }) - 1,
            };
      slots.set(index, slot);
    }
    if (slot.kind !== kind)
      throw new StreamError(`bedrock: block ${index} mixes ${slot.kind} and ${kind} deltas`);
    return slot;
  };

  // Each delta and start is checked for the fields it reads: a frame that breaks the protocol
  // is a StreamError here, not a message that `validateHistory` refuses on the next turn.
  const onReasoning = (index: number, d: ReasoningContentBlockDelta): readonly Delta[] => {
    // An empty text delta precedes the signature (observed); it opens nothing and says nothing.
    if (!d.text && !d.signature && !d.redactedContent) return NO_DELTAS;
    const at = (slotOf(index, "thinking") as { index: number }).index;
    const state = reasoning[at] as ReasoningState;
    if (d.text) {
      const piece = reasoningString(d.text, "text", index);
      state.text.append(piece);
      return [{ thinking: { index: at, text: piece } }];
    }
    // Signatures and redacted payloads arrive whole in one delta in every capture; should one
    // ever be split, joining the pieces is what rebuilds it.
    if (d.signature) {
      const piece = reasoningString(d.signature, "signature", index);
      state.signature += piece;
      return [{ thinking: { index: at, signature: piece } }];
    }
    const piece = reasoningString(d.redactedContent, "redactedContent", index);
    state.redacted += piece;
    return [{ thinking: { index: at, redacted: piece } }];
  };

  const onDelta = (e: ContentBlockDeltaEvent): readonly Delta[] => {
    const index = blockIndex(e);
    const delta = e.delta ?? {};
    if (delta.reasoningContent) return onReasoning(index, delta.reasoningContent);
    if (typeof delta.text === "string") {
      if (delta.text === "") return NO_DELTAS;
      slotOf(index, "text");
      text.append(delta.text);
      return [{ text: delta.text }];
    }
    if (delta.toolUse && typeof delta.toolUse.input === "string" && delta.toolUse.input !== "") {
      const at = (slotOf(index, "tool") as { index: number }).index;
      (tools[at] as ToolState).input += delta.toolUse.input;
      return [{ toolCall: { index: at, arguments: delta.toolUse.input } }];
    }
    if (delta.text !== undefined) throw fieldError(index, "a string", "text");
    return NO_DELTAS; // citations, images and members added later
  };

  const onStart = (e: ContentBlockStartEvent): readonly Delta[] => {
    const index = blockIndex(e);
    const start = e.start?.toolUse;
    if (!start) return NO_DELTAS;
    if (slots.has(index)) {
      throw new StreamError(`bedrock: contentBlockStart for block ${index}, which already started`);
    }
    const id = start.toolUseId;
    if (typeof id !== "string" || id === "") throw startError(index, "toolUseId");
    if (typeof start.name !== "string" || start.name === "") throw startError(index, "name");
    const call: ToolCall = { id, name: start.name, arguments: "" };
    const at = tools.push({ call, input: "", done: false }) - 1;
    slots.set(index, { kind: "tool", index: at });
    return [{ toolCall: { index: at, id: call.id, name: call.name } }];
  };

  const onStop = (index: number): void => {
    const slot = slots.get(index);
    if (slot?.kind === "tool") finishTool(tools[slot.index] as ToolState);
  };

  const onEvent = (
    type: EventStreamHeaderValue | undefined,
    payload: Uint8Array,
  ): readonly Delta[] => {
    const event = JSON.parse(
      decoder.decode(payload),
    ) as ConverseStreamOutput[keyof ConverseStreamOutput];
    switch (type) {
      case "contentBlockDelta":
        return onDelta(event as ContentBlockDeltaEvent);
      case "contentBlockStart":
        return onStart(event as ContentBlockStartEvent);
      case "contentBlockStop":
        onStop(blockIndex(event as { contentBlockIndex: number }));
        return NO_DELTAS;
      case "messageStop":
        stopReason = String((event as ConverseStreamOutput["messageStop"]).stopReason ?? "");
        return NO_DELTAS;
      case "metadata":
        // Usage arrives only here, after messageStop in real streams; order does not matter.
        usage = parseUsage((event as ConverseStreamOutput["metadata"]).usage);
        return NO_DELTAS;
      default:
        return NO_DELTAS; // messageStart and event types added later
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
            exceptionFields(headers, decoder.decode(message.payload), requestId, response()),
          );
        case "error":
          throw toError(errorFields(headers, requestId, response()));
        default:
          return NO_DELTAS;
      }
    },
    finish() {
      if (stopReason === undefined) {
        throw new StreamError("The bedrock stream ended before messageStop", response());
      }
      for (const tool of tools) if (!tool.done) finishTool(tool);
      return response();
    },
    partial: response,
  };
}

function blockIndex(e: { contentBlockIndex?: unknown }): number {
  const index = e?.contentBlockIndex;
  if (typeof index !== "number")
    throw new StreamError("bedrock: an event without contentBlockIndex");
  return index;
}

function fieldError(index: number, kind: string, key: string): StreamError {
  return new StreamError(
    `bedrock: contentBlockDelta for block ${index} without ${kind} \`${key}\``,
  );
}

function startError(index: number, key: string): StreamError {
  return new StreamError(
    `bedrock: contentBlockStart for block ${index} without a non-empty \`toolUse.${key}\``,
  );
}

/** A reasoning delta's field, which must be a string. */
function reasoningString(v: unknown, key: string, index: number): string {
  if (typeof v !== "string") throw fieldError(index, "a string", `reasoningContent.${key}`);
  return v;
}

/** Normalises like the non-streamed parse (`JSON.stringify(input)`); "" means `{}`. */
function finishTool(tool: ToolState): void {
  tool.call.arguments = JSON.stringify(tool.input === "" ? {} : JSON.parse(tool.input));
  tool.done = true;
}

function toBlock(r: ReasoningState): ThinkingBlock {
  if (r.redacted) return { redacted: r.redacted, provider: PROVIDER };
  const text = r.text.text();
  if (r.signature) return { text, signature: r.signature, provider: PROVIDER };
  return { text, provider: PROVIDER };
}

/** An `exception` frame: the service's error, typed by `:exception-type`. */
function exceptionFields(
  headers: Record<string, EventStreamHeaderValue>,
  payload: string,
  requestId: string | undefined,
  partial: ModelResponse,
): APIErrorFields {
  const type = String(headers[":exception-type"] ?? "exception");
  const body = parseErrorJSON(payload);
  const fields = typeof body === "object" && body !== null ? (body as ErrorBody) : {};
  const message = fields.message ?? fields.Message ?? (payload || type);
  const status = exceptionStatus(type);
  return {
    provider: PROVIDER,
    status,
    type,
    message: String(message),
    requestId,
    body,
    retryable: isRetryableStatus(status),
    partial,
  };
}

/** An `error` frame: the event-stream layer's own error, in `:error-code` / `:error-message`. */
function errorFields(
  headers: Record<string, EventStreamHeaderValue>,
  requestId: string | undefined,
  partial: ModelResponse,
): APIErrorFields {
  const type = String(headers[":error-code"] ?? "error");
  const status = exceptionStatus(type);
  const message = String(headers[":error-message"] ?? type);
  return {
    provider: PROVIDER,
    status,
    type,
    message,
    requestId,
    retryable: isRetryableStatus(status),
    partial,
  };
}
