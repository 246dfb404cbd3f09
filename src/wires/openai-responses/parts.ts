import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, TextPart, ThinkingPart, ToolCallPart } from "../../core/types.js";
import { NO_DELTAS } from "../../send/model-stream.js";
import type {
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseReasoningItem,
} from "./wire.js";

/**
 * Turns Responses API output items into one assistant message, part for part in output order
 * (docs/adr/0007-responses-items-as-parts.md). `generate` hands every item of `output` to
 * {@link ResponsesMessageBuilder.done}; a stream feeds `.added`, the deltas, `.done` and the
 * output of `response.completed`, so both build the same message:
 * - a `reasoning` item: one thinking part per summary part, in order, or, when the item carries
 *   raw reasoning instead (`content` of `reasoning_text` parts, the Open Responses servers),
 *   one per such part (whichever the item streamed first: never both, never doubled); its
 *   `encrypted_content` the signature of the item's first part (one `{ text: "", signature }`
 *   part when it has no text; no part when it has neither); with `keepIds`, its `id` on that
 *   first part too;
 * - a `message` item: one text part per non-empty `output_text`, with the item's `phase`;
 * - a `function_call` item: a tool call (`call_id` as id, `arguments` as sent);
 * - any other item: a provider part holding the finished item as sent.
 */
export interface ResponsesMessageBuilder {
  /** `response.output_item.added`: a call's part starts, a message's phase is noted. */
  added(outputIndex: number, item: ResponseOutputItem): readonly Delta[];
  /** A `reasoning_summary_text.delta`. */
  summaryText(outputIndex: number, summaryIndex: number, piece: string): readonly Delta[];
  /** A `reasoning_text.delta` (OpenAI, LM Studio, DeepSeek) or `reasoning.delta` (Open Responses). */
  reasoningText(outputIndex: number, contentIndex: number, piece: string): readonly Delta[];
  /**
   * A `.done` event of a text (`"summary"`, `"reasoning"`, `"text"`) or of a call's arguments
   * (`"arguments"`, index unused): the whole text, authoritative, so what the deltas lacked (a
   * server that sends arguments only in `.done`) is added here.
   */
  textDone(
    outputIndex: number,
    kind: "summary" | "reasoning" | "text" | "arguments",
    index: number,
    text: string,
  ): readonly Delta[];
  /** An `output_text.delta`. */
  text(outputIndex: number, contentIndex: number, piece: string): readonly Delta[];
  /** A `function_call_arguments.delta`. */
  arguments(outputIndex: number, piece: string): readonly Delta[];
  /**
   * A finished item (`output` of a response, `output_item.done`, `response.completed`). It is
   * authoritative: what the stream lacked is added, a reasoning item is signed. Idempotent.
   */
  done(outputIndex: number, item: ResponseOutputItem): readonly Delta[];
  /** The message so far, as a fresh object. */
  message(): Message;
}

type Phase = NonNullable<TextPart["phase"]>;
type ToolCallDelta = Extract<Delta, { type: "tool-call" }>;

/** What is known of one output item: where its parts are. */
interface ItemState {
  /** Part index per `summary_index` or `content_index` (reasoning: of whichever it carries). */
  parts: number[];
  /** A reasoning item's text: its summary or its `reasoning_text` content, the first one seen. */
  carrier: "summary" | "content" | undefined;
  /** The part of a function call or provider item; -1 before it starts. */
  part: number;
  phase: Phase | undefined;
}

/**
 * The tag of the parts the Responses API gives (`"openai-responses"`, `"azure-responses"`):
 * not the Chat Completions parts' `"openai"` / `"azure"`, so each builder knows which wire a
 * part came from and leaves out what its own wire cannot take
 * (docs/adr/0019-a-tag-per-openai-wire.md). The model's `provider` stays the adapter's name.
 */
export function responsesTag(provider: string): string {
  return `${provider}-responses`;
}

/**
 * Creates an empty {@link ResponsesMessageBuilder}; thinking, phase and items get
 * {@link responsesTag}. `keepIds`: a reasoning item's `id` is kept on its first thinking part
 * (servers that take reasoning back as items by id, servers.ts).
 */
export function createResponsesMessageBuilder(
  adapter: string,
  keepIds = false,
): ResponsesMessageBuilder {
  const provider = responsesTag(adapter);
  const b = createPartsBuilder();
  // By output_index (small and dense), an array, not a Map: this runs per event.
  const items: ItemState[] = [];

  const stateOf = (outputIndex: number): ItemState =>
    (items[outputIndex] ??= { parts: [], part: -1, phase: undefined, carrier: undefined });

  /** Makes the part's text `final`: a delta for what the stream lacked, or a silent fix. */
  const settle = (at: number, final: string, call: boolean, out: Delta[]): void => {
    const streamed = b.textAt(at);
    if (final === streamed) return;
    if (!final.startsWith(streamed)) b.setText(at, final);
    else if (call) out.push(b.appendArguments(at, final.slice(streamed.length)));
    else out.push(b.appendText(at, final.slice(streamed.length)));
  };

  /**
   * Part `i` of an item (a summary part or a content entry), opened empty first if it has none:
   * its text then comes as pieces or a settled text, so an opening makes the same delta.
   */
  const partAt = (state: ItemState, i: number, thinking: boolean, phase?: Phase): number =>
    (state.parts[i] ??= b.start(
      thinking
        ? { type: "thinking", text: "", provider }
        : phase === undefined
          ? { type: "text", text: "" }
          : { type: "text", text: "", phase, provider },
    ));

  /** Appends a streamed piece of summary (`thinking`) or output text to part `i` of an item. */
  const append = (outputIndex: number, i: number, piece: string, thinking: boolean) => {
    if (piece === "") return NO_DELTAS;
    const state = stateOf(outputIndex);
    return [b.appendText(partAt(state, i, thinking, state.phase), piece)];
  };

  /** Whether a reasoning item's text comes from `carrier` (the first one seen decides). */
  const carries = (state: ItemState, carrier: "summary" | "content"): boolean => {
    state.carrier ??= carrier;
    return state.carrier === carrier;
  };

  const startCall = (state: ItemState, item: ResponseFunctionToolCall, out: Delta[]): void => {
    const id = typeof item.call_id === "string" ? item.call_id : "";
    const name = typeof item.name === "string" ? item.name : "";
    const args = typeof item.arguments === "string" ? item.arguments : "";
    const index = b.start({ type: "tool-call", id, name, arguments: args });
    state.part = index;
    const d: ToolCallDelta = { type: "tool-call", index, id, name };
    if (args !== "") d.arguments = args;
    out.push(d);
  };

  const doneReasoning = (state: ItemState, item: ResponseReasoningItem, out: Delta[]): void => {
    const raw = Array.isArray(item.content) ? item.content : [];
    const hasRaw = raw.some((c) => c?.type === "reasoning_text" && typeof c.text === "string");
    state.carrier ??= hasRaw ? "content" : "summary";
    const texts =
      state.carrier === "content" ? raw : Array.isArray(item.summary) ? item.summary : [];
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]?.text;
      const final = typeof text === "string" ? text : "";
      if (final !== "" || state.parts[i] !== undefined) {
        settle(partAt(state, i, true), final, false, out);
      }
    }
    const signature = item.encrypted_content;
    const signed = typeof signature === "string" && signature !== "";
    const id = keepIds && typeof item.id === "string" && item.id !== "" ? item.id : undefined;
    if (!signed && state.parts.every((at) => at === undefined)) return;
    const first = state.parts.find((at) => at !== undefined) ?? partAt(state, 0, true);
    const part = b.at(first) as ThinkingPart;
    // The builder's own object: the id rides the final message, as a text part's phase does.
    if (id !== undefined) part.id ??= id;
    // Signed once, by the first finished item that has it (`output_item.done` in a stream):
    // OpenAI encrypts the reasoning anew each time it serializes it, so `response.completed`
    // carries other bytes for the same item (fixtures/openai/responses-reencrypted-stream.json).
    if (signed && part.signature === undefined) out.push(b.appendSignature(first, signature));
  };

  const doneMessage = (state: ItemState, item: ResponseOutputMessage, out: Delta[]): void => {
    const phase = phaseOf(item);
    const content = Array.isArray(item.content) ? item.content : [];
    for (let i = 0; i < content.length; i++) {
      const c = content[i];
      if (c?.type !== "output_text" || typeof c.text !== "string") continue;
      if (c.text === "" && state.parts[i] === undefined) continue;
      const at = partAt(state, i, false, phase);
      settle(at, c.text, false, out);
      // The part is the builder's own object: the finished item's phase is the one kept.
      if (phase !== undefined) Object.assign(b.at(at) as TextPart, { phase, provider });
    }
  };

  const doneCall = (state: ItemState, item: ResponseFunctionToolCall, out: Delta[]): void => {
    if (state.part < 0) {
      startCall(state, item, out);
      return;
    }
    const call = b.at(state.part) as ToolCallPart;
    const d: ToolCallDelta = { type: "tool-call", index: state.part };
    if (call.id === "" && typeof item.call_id === "string" && item.call_id !== "") {
      call.id = d.id = item.call_id;
    }
    if (call.name === "" && typeof item.name === "string" && item.name !== "") {
      call.name = d.name = item.name;
    }
    if (d.id !== undefined || d.name !== undefined) out.push(d);
    if (typeof item.arguments === "string") settle(state.part, item.arguments, true, out);
  };

  return {
    added(outputIndex, item) {
      const state = stateOf(outputIndex);
      if (item?.type === "message") state.phase = phaseOf(item as ResponseOutputMessage);
      if (item?.type !== "function_call" || state.part >= 0) return NO_DELTAS;
      const out: Delta[] = [];
      startCall(state, { ...(item as ResponseFunctionToolCall), arguments: "" }, out);
      return out;
    },
    summaryText: (outputIndex, summaryIndex, piece) =>
      carries(stateOf(outputIndex), "summary")
        ? append(outputIndex, summaryIndex, piece, true)
        : NO_DELTAS,
    reasoningText: (outputIndex, contentIndex, piece) =>
      carries(stateOf(outputIndex), "content")
        ? append(outputIndex, contentIndex, piece, true)
        : NO_DELTAS,
    textDone(outputIndex, kind, index, text) {
      const state = stateOf(outputIndex);
      const out: Delta[] = [];
      if (kind === "arguments") {
        if (state.part < 0) startCall(state, { type: "function_call" }, []);
        settle(state.part, text, true, out);
      } else if (kind === "text") {
        if (text !== "" || state.parts[index] !== undefined) {
          settle(partAt(state, index, false, state.phase), text, false, out);
        }
      } else if (carries(state, kind === "summary" ? "summary" : "content")) {
        if (text !== "" || state.parts[index] !== undefined) {
          settle(partAt(state, index, true), text, false, out);
        }
      }
      return out.length === 0 ? NO_DELTAS : out;
    },
    text: (outputIndex, contentIndex, piece) => append(outputIndex, contentIndex, piece, false),
    arguments(outputIndex, piece) {
      if (piece === "") return NO_DELTAS;
      const state = stateOf(outputIndex);
      if (state.part < 0) startCall(state, { type: "function_call" }, []);
      return [b.appendArguments(state.part, piece)];
    },
    done(outputIndex, item) {
      const state = stateOf(outputIndex);
      const out: Delta[] = [];
      switch (item?.type) {
        case "reasoning":
          doneReasoning(state, item as ResponseReasoningItem, out);
          break;
        case "message":
          doneMessage(state, item as ResponseOutputMessage, out);
          break;
        case "function_call":
          doneCall(state, item as ResponseFunctionToolCall, out);
          break;
        default: {
          // Built-in tool items and types golem does not know: kept whole, sent once.
          if (state.part >= 0 || typeof item !== "object" || item === null) break;
          const index = b.start({ type: "provider", provider, value: item });
          state.part = index;
          out.push({ type: "provider", index, provider, value: item });
        }
      }
      return out.length === 0 ? NO_DELTAS : out;
    },
    message: () => ({ role: "assistant", content: b.parts() }),
  };
}

/** The item's `phase` when it is one golem models (gpt-5.3-codex and later send it). */
function phaseOf(item: ResponseOutputMessage): Phase | undefined {
  const phase = item.phase;
  return phase === "commentary" || phase === "final_answer" ? phase : undefined;
}
