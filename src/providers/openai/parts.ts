import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, ToolCallPart } from "../../core/types.js";
import { NO_DELTAS } from "../../transport/model-stream.js";
import type { ChatCompletionChunkDelta, ChatCompletionChunkToolCall } from "./wire.js";

/**
 * Turns a Chat Completions answer into one assistant message: `generate` feeds its one
 * `choices[0].message`, the stream feeds each `choices[0].delta`, so both build the same
 * message. The wire has one order: reasoning, then text, then tool calls. A part is opened
 * when its first non-empty piece arrives, so a delta's `index` is the part's final place.
 */
export interface MessageBuilder {
  /** Adds one message or delta (tool calls as fragments); returns the deltas it makes. */
  add(m: ChatCompletionChunkDelta): readonly Delta[];
  /** The first tool call still without an id or a name, as `[position, what]`; else undefined. */
  incompleteCall(): [number, string] | undefined;
  /** The message so far, as a fresh object. */
  message(): Message;
}

/** Creates an empty {@link MessageBuilder}; thinking parts are tagged with `provider`. */
export function createMessageBuilder(provider: string): MessageBuilder {
  const parts = createPartsBuilder();
  // Where the reasoning and the text sit in the parts; set when their first piece arrives.
  let thinking: number | undefined;
  let text: number | undefined;
  // Part index of each tool call, in wire order; wire `index` -> position here.
  const calls: number[] = [];
  const positions = new Map<number, number>();

  /** Where a fragment's call sits in the calls; a fragment without `index` is keyed by id. */
  const position = (f: ChatCompletionChunkToolCall, id: string | undefined): number => {
    if (typeof f.index === "number") {
      let at = positions.get(f.index);
      if (at === undefined) {
        at = calls.length;
        positions.set(f.index, at);
      }
      return at;
    }
    if (id === undefined) return Math.max(0, calls.length - 1);
    const byId = calls.findIndex((i) => (parts.at(i) as ToolCallPart).id === id);
    return byId >= 0 ? byId : calls.length;
  };

  const toolCall = (f: ChatCompletionChunkToolCall): Delta | undefined => {
    const id = typeof f.id === "string" && f.id !== "" ? f.id : undefined;
    const at = position(f, id);
    let index = calls[at];
    if (index === undefined) {
      index = parts.start({ type: "tool-call", id: "", name: "", arguments: "" });
      calls.push(index);
    }
    const call = parts.at(index) as ToolCallPart;
    const args = f.function?.arguments;
    const d = (
      typeof args === "string" && args !== ""
        ? parts.appendArguments(index, args)
        : { type: "tool-call", index }
    ) as Extract<Delta, { type: "tool-call" }>;
    // Some servers repeat id and name on every fragment: the first one counts.
    if (id !== undefined && call.id === "") d.id = call.id = id;
    const name = f.function?.name;
    // The name may come after the first fragment (vercel/ai#14722).
    if (typeof name === "string" && name !== "" && call.name === "") d.name = call.name = name;
    return d.id === undefined && d.name === undefined && d.arguments === undefined ? undefined : d;
  };

  return {
    add(m) {
      let out: Delta[] | undefined;
      // One dialect today; OpenRouter's `reasoning_details` and DashScope's
      // `encrypted_content` (issue 21) would add their thinking parts here, in this place.
      const thought = reasoningOf(m);
      if (thought !== "") {
        thinking ??= parts.start({ type: "thinking", provider });
        out = [parts.appendText(thinking, thought)];
      }
      // Some servers send content parts (arrays) golem does not read; they count as no text.
      const content = m.content;
      if (typeof content === "string" && content !== "") {
        text ??= parts.start({ type: "text", text: "" });
        out = append(out, parts.appendText(text, content));
      }
      const fragments = m.tool_calls;
      if (fragments) {
        for (const f of fragments) {
          const d = toolCall(f);
          if (d) out = append(out, d);
        }
      }
      return out ?? NO_DELTAS;
    },
    incompleteCall() {
      for (const [i, index] of calls.entries()) {
        const call = parts.at(index) as ToolCallPart;
        if (call.id === "") return [i, "an id"];
        if (call.name === "") return [i, "a function name"];
      }
      return undefined;
    },
    message: () => ({ role: "assistant", content: parts.parts() }),
  };
}

/**
 * The reasoning text of a message or delta: `reasoning_content` (DeepSeek), else `reasoning`
 * (vLLM). Servers in transition send both with the same text, so never both.
 */
function reasoningOf(m: ChatCompletionChunkDelta): string {
  const rc = m.reasoning_content;
  if (typeof rc === "string" && rc !== "") return rc;
  return typeof m.reasoning === "string" ? m.reasoning : "";
}

function append(out: Delta[] | undefined, d: Delta): Delta[] {
  if (out === undefined) return [d];
  out.push(d);
  return out;
}
