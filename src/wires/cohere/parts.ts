import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, ToolCallPart } from "../../core/types.js";
import { NO_DELTAS } from "../../send/model-stream.js";

/** A content item's kind: the answer's text, or the model's reasoning. */
export type ContentKind = "text" | "thinking";

/**
 * Turns Cohere's answer into one assistant message: `generate` feeds the whole `message`
 * (its content items, `tool_plan`, `tool_calls`), the stream feeds each event's piece, so both
 * build the same message. The parts keep the order the pieces arrive in, which is the wire's:
 * content items (thinking and text, in their order), the tool plan, the tool calls.
 *
 * A `thinking` item is a thinking part tagged with the platform (`provider`), kept as it came
 * and sent back as a `thinking` item in its place (request.ts). `tool_plan` is what the model
 * says before its tool calls: a text part, which goes back as `tool_plan` (text beside tool
 * calls is refused in `content`). A part is opened when its first non-empty piece arrives, so a
 * delta's `index` is the part's final place and an empty item makes no part.
 */
export interface MessageBuilder {
  /** A piece of content item `item` (wire index) of `kind`. */
  content(item: number, kind: ContentKind, piece: string): readonly Delta[];
  /** A piece of the tool plan. */
  plan(piece: string): readonly Delta[];
  /** Tool call `call` (wire index) opens with its id and name, and arguments if any. */
  startCall(call: number, id: unknown, name: unknown, args: string): readonly Delta[];
  /** A piece of tool call `call`'s arguments. */
  callArguments(call: number, piece: string): readonly Delta[];
  /** The first tool call without an id or a name, as `[position, what]`; else undefined. */
  incompleteCall(): [number, string] | undefined;
  /** The message so far, as a fresh object. */
  message(): Message;
}

/** Creates an empty {@link MessageBuilder}; thinking parts are tagged with `provider`. */
export function createMessageBuilder(provider: string): MessageBuilder {
  const parts = createPartsBuilder();
  // Part index of each content item and tool call, by wire index; of the plan once it opens.
  const items = new Map<number, number>();
  const calls = new Map<number, number>();
  let plan: number | undefined;

  const text = (at: number, piece: string): readonly Delta[] => [parts.appendText(at, piece)];

  return {
    content(item, kind, piece) {
      if (piece === "") return NO_DELTAS;
      let at = items.get(item);
      if (at === undefined) {
        at = parts.start(
          kind === "thinking" ? { type: "thinking", provider } : { type: "text", text: "" },
        );
        items.set(item, at);
      }
      return text(at, piece);
    },
    plan(piece) {
      if (piece === "") return NO_DELTAS;
      plan ??= parts.start({ type: "text", text: "" });
      return text(plan, piece);
    },
    startCall(call, id, name, args) {
      const index = parts.start({
        type: "tool-call",
        id: typeof id === "string" ? id : "",
        name: typeof name === "string" ? name : "",
        arguments: args,
      });
      calls.set(call, index);
      const part = parts.at(index) as ToolCallPart;
      const d: Extract<Delta, { type: "tool-call" }> = { type: "tool-call", index };
      if (part.id !== "") d.id = part.id;
      if (part.name !== "") d.name = part.name;
      if (args !== "") d.arguments = args;
      return [d];
    },
    callArguments(call, piece) {
      if (piece === "") return NO_DELTAS;
      let index = calls.get(call);
      // Arguments before their call's start: the call opens without an id or a name, which
      // the stream's end refuses (incompleteCall) rather than invent them.
      if (index === undefined) {
        index = parts.start({ type: "tool-call", id: "", name: "", arguments: "" });
        calls.set(call, index);
      }
      return [parts.appendArguments(index, piece)];
    },
    incompleteCall() {
      for (const [position, index] of [...calls.values()].entries()) {
        const call = parts.at(index) as ToolCallPart;
        if (call.id === "") return [position, "an id"];
        if (call.name === "") return [position, "a function name"];
      }
      return undefined;
    },
    message: () => ({ role: "assistant", content: parts.parts() }),
  };
}
