import { isNonEmptyString } from "../../core/issue.js";
import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, ThinkingPart, ToolCallPart } from "../../core/types.js";
import type { ThinkPiece, ThinkSplitter } from "../../kit/think-tags.js";
import { NO_DELTAS } from "../../send/model-stream.js";
import type {
  ChatCompletionChunkDelta,
  ChatCompletionChunkToolCall,
  ReasoningDetail,
} from "./wire.js";

/**
 * Turns a Chat Completions answer into one assistant message: `generate` feeds its one
 * `choices[0].message`, the stream feeds each `choices[0].delta`, so both build the same
 * message. The wire has one order: reasoning, then text, then tool calls. A part is opened
 * when its first non-empty piece arrives, so a delta's `index` is the part's final place.
 *
 * Reasoning comes in one of three dialects (docs/adr/0012-reasoning-dialects.md): a text
 * field (`reasoning_content`, else `reasoning`) as one thinking part; DashScope's
 * `encrypted_content` as one redacted thinking part; or OpenRouter's `reasoning_details`,
 * where each entry is a provider part holding it exactly as sent (placed by {@link settle}),
 * plus a thinking part for a `reasoning.text` (text, signature), `reasoning.summary` (text) or
 * `reasoning.encrypted` (redacted `data`) entry. A message or delta with details entries reads no text field: the
 * same reasoning in `reasoning` would be thinking twice.
 *
 * On a server that writes its reasoning into `content` between tags (servers.ts, `"tags"`),
 * the content is split as it arrives (kit/think-tags.ts): each reasoning run a thinking part,
 * each run of answer a text part, in their order; a tag cut across chunks is held back until
 * the next chunk says what it is, and {@link MessageBuilder.settle} gives what is held at the
 * end. A message whose reasoning came in a field first takes its content as it is: the same
 * reasoning twice would be doubled.
 */
export interface MessageBuilder {
  /** Adds one message or delta (tool calls as fragments); returns the deltas it makes. */
  add(m: ChatCompletionChunkDelta): readonly Delta[];
  /**
   * Places the `reasoning_details` entries that have no provider part yet, in order, and what
   * the tag splitter held back, and returns their deltas: at the end of a JSON answer, at
   * `finish_reason` and at `[DONE]`.
   */
  settle(): readonly Delta[];
  /** The first tool call still without an id or a name, as `[position, what]`; else undefined. */
  incompleteCall(): [number, string] | undefined;
  /** The message so far, as a fresh object. */
  message(): Message;
}

/**
 * Creates an empty {@link MessageBuilder}; thinking and provider parts are tagged with
 * `provider`. `fragments`: a stream, whose `reasoning_details` entries may come in pieces.
 * `split`: the server writes reasoning into `content` between tags; makes the content's splitter.
 */
export function createMessageBuilder(
  provider: string,
  fragments = true,
  split?: () => ThinkSplitter,
): MessageBuilder {
  const parts = createPartsBuilder();
  // Where the reasoning sits in the parts; set when its first piece arrives.
  let thinking: number | undefined;
  let encrypted: number | undefined;
  // The part the content's last run went to, and what kind; a new kind opens a new part.
  let run: { kind: ThinkPiece["kind"]; at: number } | undefined;
  // The content's tag splitter: made at the first content, unless reasoning came in a field.
  let splitter: ThinkSplitter | undefined;
  let seenContent = false;
  // reasoning_details entries as joined so far, each with its thinking part; the first
  // `settled` of them already have their provider part.
  const entries: { value: ReasoningDetail; part?: number }[] = [];
  let settled = 0;
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

  /**
   * A redacted thinking part at `at` (made when undefined) with `piece` appended to its
   * payload; the delta carries the piece, as a signature delta does (docs/architecture.md).
   */
  const redact = (at: number | undefined, piece: string): [number, Delta] => {
    if (at === undefined) at = parts.start({ type: "thinking", redacted: piece, provider });
    else {
      const part = parts.at(at) as ThinkingPart;
      part.redacted = (part.redacted ?? "") + piece;
    }
    return [at, { type: "thinking", index: at, redacted: piece }];
  };

  /** One entry or fragment: joined to the open entry it continues, else a new entry. */
  const detail = (f: ReasoningDetail, out: Delta[]): void => {
    const last = entries.length > settled ? entries[entries.length - 1] : undefined;
    const entry = fragments && last && continues(last.value, f) ? last : { value: {} };
    if (entry !== last) entries.push(entry);
    const v = join(entry.value, f);
    const summary = v.type === "reasoning.summary";
    if (summary || v.type === "reasoning.text") {
      const text = summary ? f.summary : f.text;
      const piece = isNonEmptyString(text) ? text : undefined;
      const signed = isNonEmptyString(f.signature);
      if (piece === undefined && !signed) return;
      entry.part ??= parts.start({ type: "thinking", provider });
      if (piece !== undefined) out.push(parts.appendText(entry.part, piece));
      // The fragment's piece: the pieces join as the entry's signature does.
      if (signed) out.push(parts.appendSignature(entry.part, f.signature as string));
    } else if (v.type === "reasoning.encrypted" && isNonEmptyString(f.data)) {
      const [at, d] = redact(entry.part, f.data);
      entry.part = at;
      out.push(d);
    }
  };

  /** A run of content: appended to the last run of its kind, else a new part. */
  const piece = (p: ThinkPiece): Delta => {
    if (run?.kind !== p.kind) {
      const at =
        p.kind === "text"
          ? parts.start({ type: "text", text: "" })
          : parts.start({ type: "thinking", provider });
      run = { kind: p.kind, at };
    }
    return parts.appendText(run.at, p.text);
  };

  return {
    add(m) {
      let out: Delta[] | undefined;
      const details = m.reasoning_details;
      if (Array.isArray(details) && details.length > 0) {
        out = [];
        for (const f of details) if (typeof f === "object" && f !== null) detail(f, out);
      } else {
        const thought = reasoningOf(m);
        if (thought !== "") {
          thinking ??= parts.start({ type: "thinking", provider });
          out = [parts.appendText(thinking, thought)];
        }
      }
      // DashScope sends it whole; pieces, if a server split it, are joined.
      const secret = m.encrypted_content;
      if (isNonEmptyString(secret)) {
        const [at, d] = redact(encrypted, secret);
        encrypted = at;
        out = append(out, d);
      }
      // Some servers send content parts (arrays) golem does not read; they count as no text.
      const content = m.content;
      if (typeof content === "string" && content !== "") {
        if (!seenContent && split && thinking === undefined && entries.length === 0) {
          splitter = split();
        }
        seenContent = true;
        const pieces = splitter
          ? splitter.push(content)
          : [{ kind: "text" as const, text: content }];
        for (const p of pieces) out = append(out, piece(p));
      }
      const fragments = m.tool_calls;
      if (fragments) {
        for (const f of fragments) {
          const d = toolCall(f);
          if (d) out = append(out, d);
        }
      }
      return out === undefined || out.length === 0 ? NO_DELTAS : out;
    },
    settle() {
      const held = splitter?.finish() ?? [];
      if (settled === entries.length && held.length === 0) return NO_DELTAS;
      const out: Delta[] = held.map(piece);
      for (const { value } of entries.slice(settled)) {
        const index = parts.start({ type: "provider", provider, value });
        out.push({ type: "provider", index, provider, value });
      }
      settled = entries.length;
      return out;
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

/**
 * Whether a streamed fragment continues entry `e`: the same `type` and `index` (OpenRouter
 * numbers entries by `index`, but a `reasoning.encrypted` entry can share the `index` of the
 * `reasoning.text` before it), and no other `id`.
 */
function continues(e: ReasoningDetail, f: ReasoningDetail): boolean {
  if (typeof f.index !== "number" || f.index !== e.index || f.type !== e.type) return false;
  return !(typeof e.id === "string" && typeof f.id === "string" && e.id !== f.id);
}

/** Fields whose streamed pieces are concatenated; any other field keeps its first value. */
const JOINED: readonly string[] = ["text", "summary", "data", "signature"];

/**
 * Adds fragment `f` to entry `e` in place and returns `e`: text, summary, data and signature
 * pieces appended, a field missing (or null) so far taken from `f`. Keys keep the order they
 * first came in.
 */
function join(e: ReasoningDetail, f: ReasoningDetail): ReasoningDetail {
  for (const [key, value] of Object.entries(f)) {
    const now = e[key];
    if (typeof now === "string" && typeof value === "string" && JOINED.includes(key)) {
      e[key] = now + value;
    } else e[key] ??= value;
  }
  return e;
}

function append(out: Delta[] | undefined, d: Delta): Delta[] {
  if (out === undefined) return [d];
  out.push(d);
  return out;
}
