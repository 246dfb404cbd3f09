import { createTextBuffer, type TextBuffer } from "./text-buffer.js";
import type { Delta, Message, Part, TextPart, ThinkingPart, ToolCallPart } from "./types.js";

/** A message's content as parts: a string is one text part (none when it is `""`). */
export function partsOf(m: Message): Part[] {
  if (typeof m.content !== "string") return m.content;
  return m.content === "" ? [] : [{ type: "text", text: m.content }];
}

/** The text parts of a message joined, `""` when it has none. */
export function textOf(m: Message): string {
  if (typeof m.content === "string") return m.content;
  let text = "";
  for (const p of m.content) if (p.type === "text") text += p.text;
  return text;
}

/** The thinking parts of a message, in order. */
export function thinkingOf(m: Message): ThinkingPart[] {
  return partsOf(m).filter((p): p is ThinkingPart => p.type === "thinking");
}

/** The tool calls of a message, in order. */
export function toolCallsOf(m: Message): ToolCallPart[] {
  return partsOf(m).filter((p): p is ToolCallPart => p.type === "tool-call");
}

/**
 * The parts of one assistant message as they arrive, in arrival order. Every adapter's message
 * builder keeps its parts here, fed by `generate` (a whole body) and by `stream` (one event at
 * a time) alike, so the two results are equal by construction. Text, thinking text and tool
 * arguments are joined in pieces ({@link createTextBuffer}); each call that changes a part
 * returns the {@link Delta} it makes, whose `index` is the part's place in the final message.
 */
export interface PartsBuilder {
  /** How many parts there are so far; the index the next {@link start} gives. */
  readonly length: number;
  /** Adds a part at the end (its text or arguments so far included); returns its index. */
  start(part: Part): number;
  /** The part at `index` as it is now (text and arguments not included); `undefined` if none. */
  at(index: number): Part | undefined;
  /** Appends to the text of a text or thinking part. */
  appendText(index: number, piece: string): Delta;
  /** Appends to a tool call's arguments. */
  appendArguments(index: number, piece: string): Delta;
  /**
   * Appends a piece to the signature of a text, thinking or tool-call part (the whole
   * signature when it comes at once). The delta carries the piece: a part's signature is its
   * signature deltas joined, as its text is its text deltas joined.
   */
  appendSignature(index: number, piece: string): Delta;
  /** The text or arguments of the part at `index` so far. */
  textAt(index: number): string;
  /** Replaces the text or arguments of the part at `index` (a call's arguments made whole). */
  setText(index: number, text: string): void;
  /** The parts so far, as fresh objects. */
  parts(): Part[];
}

interface Slot {
  part: Part;
  /** The text of a text or thinking part, or a tool call's arguments. */
  buffer: TextBuffer | undefined;
}

/** Creates an empty {@link PartsBuilder}. */
export function createPartsBuilder(): PartsBuilder {
  const slots: Slot[] = [];
  const slot = (index: number): Slot => {
    const found = slots[index];
    if (!found) throw new RangeError(`no part at index ${index}`);
    return found;
  };
  return {
    get length() {
      return slots.length;
    },
    start(part) {
      const text = part.type === "tool-call" ? part.arguments : (part as TextPart).text;
      const buffer = text === undefined ? undefined : createTextBuffer(text);
      return slots.push({ part: { ...part }, buffer }) - 1;
    },
    at: (index) => slots[index]?.part,
    appendText(index, piece) {
      const s = slot(index);
      s.buffer ??= createTextBuffer();
      s.buffer.append(piece);
      return s.part.type === "thinking"
        ? { type: "thinking", index, text: piece }
        : { type: "text", index, text: piece };
    },
    appendArguments(index, piece) {
      slot(index).buffer?.append(piece);
      return { type: "tool-call", index, arguments: piece };
    },
    appendSignature(index, piece) {
      const part = slot(index).part as { type: Part["type"]; signature?: string };
      part.signature = (part.signature ?? "") + piece;
      const type = part.type === "thinking" || part.type === "tool-call" ? part.type : "text";
      return { type, index, signature: piece };
    },
    textAt: (index) => slot(index).buffer?.text() ?? "",
    setText(index, text) {
      slot(index).buffer = createTextBuffer(text);
    },
    parts: () => slots.map(materialize),
  };
}

/** A slot as a fresh part, with its joined text; keys in the order the types declare them. */
function materialize({ part, buffer }: Slot): Part {
  switch (part.type) {
    case "text": {
      const out: Part = { type: "text", text: buffer?.text() ?? part.text };
      if (part.signature !== undefined) out.signature = part.signature;
      if (part.phase !== undefined) out.phase = part.phase;
      if (part.provider !== undefined) out.provider = part.provider;
      return out;
    }
    case "thinking": {
      const out: ThinkingPart = { type: "thinking" };
      if (part.redacted !== undefined) out.redacted = part.redacted;
      else out.text = buffer?.text() ?? part.text ?? "";
      if (part.signature !== undefined) out.signature = part.signature;
      if (part.provider !== undefined) out.provider = part.provider;
      if (part.id !== undefined) out.id = part.id;
      return out;
    }
    case "tool-call": {
      const out: ToolCallPart = {
        type: "tool-call",
        id: part.id,
        name: part.name,
        arguments: buffer?.text() ?? part.arguments,
      };
      if (part.signature !== undefined) out.signature = part.signature;
      if (part.provider !== undefined) out.provider = part.provider;
      return out;
    }
    default:
      return { ...part };
  }
}
