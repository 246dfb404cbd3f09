import { StreamError } from "../../core/errors.js";
import { isObjectLike } from "../../core/issue.js";
import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, ProviderPart } from "../../core/types.js";
import { createTextBuffer, NO_DELTAS, type TextBuffer } from "../../send/model-stream.js";

/** The name parts from this adapter carry in `provider`. */

/**
 * Turns Messages API content blocks into one assistant message whose parts keep the blocks'
 * order, which Anthropic checks when thinking comes back (Claude 4.6+ interleaves
 * `[thinking, tool_use, thinking, tool_use]`). `parseResponse` feeds each whole block with
 * {@link MessageBuilder.block}; the stream feeds `content_block_start`/`delta`/`stop`, so both
 * give the same parts:
 * - `thinking` -> a thinking part (an empty unsigned one is not opened until text or a
 *   signature arrives: it carries nothing); `redacted_thinking` -> a redacted thinking part;
 * - `text` -> a text part of its own (opened on its first text; `citations` are not kept);
 * - `tool_use` -> a tool call whose arguments are `JSON.stringify(input)` of a whole block, and
 *   the streamed `partial_json` exactly as it arrived (`""` means `{}`) — no parse/stringify
 *   round trip that would change digits or spacing;
 * - any other block (server tool use and results, MCP, code execution, future types) -> a
 *   provider part whose value is the block as a non-streamed response holds it.
 */
export interface MessageBuilder {
  /** A whole block of a non-streamed response, at `index` of `content`. */
  block(index: number, block: unknown): void;
  /** `content_block_start`: a block opens (text and input follow in deltas). */
  start(index: number, block: unknown): readonly Delta[];
  /** `content_block_delta` for the block at `index`. */
  delta(index: number, delta: Record<string, unknown>): readonly Delta[];
  /** `content_block_stop`: a provider block is complete and its delta goes out. */
  stop(index: number): readonly Delta[];
  /** The message so far, as a fresh object. */
  message(): Message;
}

type Kind = "thinking" | "text" | "tool" | "provider" | "done";

/** A `content_block_delta`'s `delta`, as parsed. */
type WireDelta = Record<string, unknown>;

/** Where a wire block lives: its part (`-1` until one is opened) and, for a provider block, its input. */
interface Slot {
  kind: Kind;
  part: number;
  block?: Record<string, unknown>;
  input?: TextBuffer;
}

const START = "content_block_start";

/** Creates an empty {@link MessageBuilder}. */
export function createMessageBuilder(provider: string): MessageBuilder {
  const parts = createPartsBuilder();
  const slots: (Slot | undefined)[] = [];

  /** The slot's part index, opening an empty part for it first if it has none yet. */
  const opened = (slot: Slot, kind: "text" | "thinking"): number => {
    if (slot.part < 0) {
      slot.part = parts.start(
        kind === "text" ? { type: "text", text: "" } : { type: "thinking", text: "", provider },
      );
    }
    return slot.part;
  };

  /** Appends text to a text or thinking block, opening its part on the first non-empty piece. */
  const text = (slot: Slot, kind: "text" | "thinking", piece: string): readonly Delta[] =>
    piece === "" ? NO_DELTAS : [parts.appendText(opened(slot, kind), piece)];

  const open = (index: number, raw: unknown, whole: boolean, what: string): readonly Delta[] => {
    if (slots[index] !== undefined) {
      throw new StreamError(`anthropic: ${what} for block ${index}, which already started`);
    }
    if (!isObjectLike(raw)) {
      throw new StreamError(`anthropic: ${what} for block ${index} that is not an object`);
    }
    const b = raw as Record<string, unknown>;
    switch (b.type) {
      case "thinking": {
        const slot: Slot = { kind: "thinking", part: -1 };
        slots[index] = slot;
        const thinking = optionalString(b, "thinking", what, index);
        const signature = optionalString(b, "signature", what, index);
        const deltas: Delta[] = [];
        if (thinking !== "") deltas.push(...text(slot, "thinking", thinking));
        // A stream starts the block with `signature: ""`: no signature yet.
        if (signature) deltas.push(parts.appendSignature(opened(slot, "thinking"), signature));
        return deltas;
      }
      case "redacted_thinking": {
        const redacted = stringField(b, "data", what, index, true);
        const part = parts.start({ type: "thinking", redacted, provider });
        slots[index] = { kind: "done", part };
        return [{ type: "thinking", index: part, redacted }];
      }
      case "text": {
        const slot: Slot = { kind: "text", part: -1 };
        slots[index] = slot;
        return text(slot, "text", optionalString(b, "text", what, index));
      }
      case "tool_use": {
        const id = stringField(b, "id", what, index, true);
        const name = stringField(b, "name", what, index, true);
        const args = whole ? JSON.stringify(b.input ?? {}) : "";
        const part = parts.start({ type: "tool-call", id, name, arguments: args });
        slots[index] = { kind: "tool", part };
        return [{ type: "tool-call", index: part, id, name }];
      }
      default: {
        if (typeof b.type !== "string") {
          throw new StreamError(`anthropic: ${what} for block ${index} without a string \`type\``);
        }
        const value: ProviderPart = { type: "provider", provider, value: b };
        const part = parts.start(value);
        slots[index] = whole ? { kind: "done", part } : { kind: "provider", part, block: b };
        return NO_DELTAS;
      }
    }
  };

  return {
    block(index, block) {
      open(index, block, true, "content");
    },

    start: (index, block) => open(index, block, false, START),

    delta(index, d) {
      const slot = slots[index];
      if (!slot) {
        throw new StreamError(
          `anthropic: content_block_delta for block ${index}, which never started`,
        );
      }
      const type = d.type as string;
      const kind = slot.kind;
      // Every delta type the streaming docs list has its place here; an unknown one, or a
      // known one on a block it does not belong to, is refused (StreamError, with the
      // partial), never dropped: a part missing what its block carried would go back wrong.
      switch (type) {
        case "text_delta":
          if (kind === "text") return text(slot, kind, stringField(d, "text", type, index));
          break;
        case "citations_delta":
          // golem keeps a cited text's text, not its citations, from a body and a stream alike.
          if (kind === "text") return NO_DELTAS;
          break;
        case "thinking_delta":
          if (kind === "thinking") return text(slot, kind, stringField(d, "thinking", type, index));
          break;
        case "signature_delta":
          // A piece of the signature (in practice the whole of it, once): pieces append.
          if (kind === "thinking") {
            const piece = stringField(d, "signature", type, index, true);
            return [parts.appendSignature(opened(slot, kind), piece)];
          }
          break;
        case "input_json_delta": {
          const piece = stringField(d, "partial_json", type, index);
          // The first fragment is often "": it adds nothing, so it makes no delta.
          if (kind === "tool")
            return piece === "" ? NO_DELTAS : [parts.appendArguments(slot.part, piece)];
          if (kind === "provider") {
            slot.input ??= createTextBuffer();
            slot.input.append(piece);
            return NO_DELTAS;
          }
          break;
        }
        case "compaction_delta":
          if (kind === "provider" && slot.block?.type === "compaction") {
            compact(slot.block, d);
            return NO_DELTAS;
          }
      }
      throw new StreamError(`anthropic: ${type} for block ${index}, a ${kind} block`);
    },

    stop(index) {
      const slot = slots[index];
      if (slot?.kind !== "provider" || !slot.block) return NO_DELTAS;
      slot.kind = "done";
      const { block, input } = slot;
      // A streamed server tool use starts with `input: {}` and sends its input as
      // input_json_delta; the whole block (what a JSON body holds) has it parsed.
      if (input) {
        const json = input.text();
        block.input = json === "" ? {} : JSON.parse(json);
      }
      return [{ type: "provider", index: slot.part, provider, value: block }];
    },

    message: () => ({ role: "assistant", content: parts.parts() }),
  };
}

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

/** `o[key]` as a string, `""` when absent or null. */
function optionalString(o: Record<string, unknown>, key: string, what: string, index: number) {
  return o[key] == null ? "" : stringField(o, key, what, index);
}

/**
 * A `compaction_delta` into its block, which starts as `content: null`: the summary (one
 * delta in practice; pieces would append) and the other fields (`encrypted_content`, opaque,
 * to go back verbatim) as they came. A `null` adds nothing (`content: null`: compaction failed).
 */
function compact(block: Record<string, unknown>, d: WireDelta): void {
  for (const [key, value] of Object.entries(d)) {
    if (key === "type" || value == null) continue;
    const before = block[key];
    block[key] = key === "content" && typeof before === "string" ? before + value : value;
  }
}
