import type {
  Delta,
  Message,
  ThinkingBlock,
  ThinkingDelta,
  ToolCall,
  ToolCallDelta,
} from "../../core/types.js";
import { createTextBuffer, NO_DELTAS, type TextBuffer } from "../../transport/model-stream.js";
import type { FunctionCall, Part, PartialArg } from "./wire.js";

/**
 * Prefix of the ids golem makes up for function calls the server sent without `id`.
 * `buildRequest` leaves such ids out of the replayed parts, so Gemini sees its own parts back.
 */
export const GENERATED_ID_PREFIX = "golem_";

/**
 * Turns response parts, fed one at a time, into one assistant message. `generate` feeds every
 * part of the answer and the stream feeds them as chunks arrive, so both build the same message:
 * - consecutive `thought` parts merge into one thinking block until a part carrying a signature
 *   closes it (the signature stays on that block) or a non-thought part arrives;
 * - text parts join into `content`; a signature on one (often on a trailing `"text":""` part,
 *   fixtures/gemini/text-signature-on-empty-part.json) becomes `contentSignature`;
 * - each `functionCall` part is a tool call with its own signature; Vertex's streamed calls
 *   (`willContinue` + `partialArgs`, fixtures/gemini/parallel-calls-one-signature.json) are
 *   assembled until a part without `willContinue` ends them.
 */
export interface MessageBuilder {
  /** Adds one part; returns the deltas it makes. `responseId` seeds ids the server left out. */
  add(part: Part, responseId: string | undefined): readonly Delta[];
  /** Ends a streamed call that is still open; returns its arguments delta, if any. */
  end(): readonly Delta[];
  /** The message so far, as a fresh object. */
  message(): Message;
}

/** A thinking block being built: its text joined in pieces, as the stream sends it. */
interface ThoughtState {
  text: TextBuffer;
  signature: string | undefined;
}

interface CallState {
  id: string;
  name: string;
  args: Record<string, unknown>;
  signature: string | undefined;
  /** The JSON text, once the call is complete. */
  json: string | undefined;
  /** The JSON path of a string value that continues in the next fragment. */
  continuing: string | undefined;
}

/** Creates an empty {@link MessageBuilder}. */
export function createMessageBuilder(): MessageBuilder {
  return new PartsBuilder();
}

class PartsBuilder implements MessageBuilder {
  // Text is joined in pieces, not with `+=`: a 100 MB stream held 14.7 MB beyond its final
  // message that way, as every piece stays alive in a rope (bench/README.md, "Memory").
  #thinking: ThoughtState[] = [];
  #calls: CallState[] = [];
  #content = createTextBuffer();
  #contentSignature: string | undefined;
  #thoughtOpen = false;
  #openCall: number | undefined;

  add(part: Part, responseId: string | undefined): readonly Delta[] {
    const fc = part.functionCall;
    if (fc) {
      this.#thoughtOpen = false;
      if (fc.name !== undefined) return this.#startCall(part, fc, fc.name, responseId);
      return this.#continueCall(part, fc);
    }
    const closed = this.end();
    let deltas: readonly Delta[] = NO_DELTAS;
    if (part.thought) deltas = this.#addThought(part);
    else if (part.text !== undefined || part.thoughtSignature !== undefined)
      deltas = this.#addText(part);
    // Parts golem does not model (inlineData, executableCode, …) still end a thought run.
    else this.#thoughtOpen = false;
    return closed.length === 0 ? deltas : [...closed, ...deltas];
  }

  end(): readonly Delta[] {
    const index = this.#openCall;
    const call = index === undefined ? undefined : this.#calls[index];
    if (index === undefined || !call) return NO_DELTAS;
    this.#openCall = undefined;
    call.json = JSON.stringify(call.args);
    return [{ toolCall: { index, arguments: call.json } }];
  }

  message(): Message {
    const message: Message = { role: "assistant", content: this.#content.text() };
    if (this.#thinking.length > 0) message.thinking = this.#thinking.map(toThinkingBlock);
    if (this.#calls.length > 0) message.toolCalls = this.#calls.map(toToolCall);
    if (this.#contentSignature !== undefined) message.contentSignature = this.#contentSignature;
    return message;
  }

  #addThought(part: Part): readonly Delta[] {
    const text = part.text ?? "";
    const signature = part.thoughtSignature;
    if (!this.#thoughtOpen) {
      if (text === "" && signature === undefined) return NO_DELTAS;
      this.#thinking.push({ text: createTextBuffer(), signature: undefined });
      this.#thoughtOpen = true;
    }
    const index = this.#thinking.length - 1;
    const block = this.#thinking[index] as ThoughtState;
    if (text !== "") block.text.append(text);
    const delta: ThinkingDelta = { index };
    if (text !== "") delta.text = text;
    if (signature !== undefined) {
      // A signature closes its block: the next thought part starts a new one.
      block.signature = signature;
      delta.signature = signature;
      this.#thoughtOpen = false;
    }
    return text === "" && signature === undefined ? NO_DELTAS : [{ thinking: delta }];
  }

  #addText(part: Part): readonly Delta[] {
    this.#thoughtOpen = false;
    if (part.thoughtSignature !== undefined) this.#contentSignature = part.thoughtSignature;
    const text = part.text ?? "";
    if (text === "") return NO_DELTAS;
    this.#content.append(text);
    return [{ text }];
  }

  #startCall(part: Part, fc: FunctionCall, name: string, responseId: string | undefined): Delta[] {
    const deltas = [...this.end()];
    const index = this.#calls.length;
    const streamed = fc.willContinue === true || fc.partialArgs !== undefined;
    const call: CallState = {
      id: fc.id ?? generatedId(responseId, index),
      name,
      // Copied only when fragments will be written into it, so the wire object stays untouched.
      args: streamed ? copyJSON(fc.args ?? {}) : (fc.args ?? {}),
      signature: part.thoughtSignature,
      json: undefined,
      continuing: undefined,
    };
    this.#calls.push(call);
    if (fc.partialArgs) applyPartialArgs(call, fc.partialArgs);
    const delta: ToolCallDelta = { index, id: call.id, name };
    if (call.signature !== undefined) delta.signature = call.signature;
    if (fc.willContinue) {
      this.#openCall = index;
    } else {
      call.json = JSON.stringify(call.args);
      delta.arguments = call.json;
    }
    deltas.push({ toolCall: delta });
    return deltas;
  }

  #continueCall(part: Part, fc: FunctionCall): readonly Delta[] {
    const index = this.#openCall;
    const call = index === undefined ? undefined : this.#calls[index];
    // A nameless fragment with no call open (Vertex's closing `{}`) has nothing to add.
    if (index === undefined || !call) return NO_DELTAS;
    if (fc.args) Object.assign(call.args, copyJSON(fc.args));
    if (fc.partialArgs) applyPartialArgs(call, fc.partialArgs);
    const deltas: Delta[] = [];
    if (part.thoughtSignature !== undefined && call.signature === undefined) {
      call.signature = part.thoughtSignature;
      deltas.push({ toolCall: { index, signature: call.signature } });
    }
    if (!fc.willContinue) deltas.push(...this.end());
    return deltas.length > 0 ? deltas : NO_DELTAS;
  }
}

function generatedId(responseId: string | undefined, index: number): string {
  return responseId
    ? `${GENERATED_ID_PREFIX}${responseId}_${index}`
    : `${GENERATED_ID_PREFIX}${index}`;
}

function toThinkingBlock(t: ThoughtState): ThinkingBlock {
  const block: ThinkingBlock = { text: t.text.text(), provider: "gemini" };
  if (t.signature !== undefined) block.signature = t.signature;
  return block;
}

function toToolCall(c: CallState): ToolCall {
  const call: ToolCall = { id: c.id, name: c.name, arguments: c.json ?? JSON.stringify(c.args) };
  if (c.signature !== undefined) call.signature = c.signature;
  return call;
}

function applyPartialArgs(call: CallState, fragments: readonly PartialArg[]): void {
  for (const f of fragments) {
    const path = f.jsonPath;
    if (path === undefined) continue;
    if (f.stringValue !== undefined) {
      const previous = call.continuing === path ? readPath(call.args, path) : undefined;
      writePath(
        call.args,
        path,
        typeof previous === "string" ? previous + f.stringValue : f.stringValue,
      );
      call.continuing = f.willContinue ? path : undefined;
      continue;
    }
    call.continuing = undefined;
    if (f.numberValue !== undefined) writePath(call.args, path, f.numberValue);
    else if (f.boolValue !== undefined) writePath(call.args, path, f.boolValue);
    else if (f.nullValue !== undefined) writePath(call.args, path, null);
  }
}

/** `$.a.b[0]` or `$['a']` as keys; `[]` for the root, which is never written. */
function pathKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const m of path.matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/g)) {
    if (m[1] !== undefined) keys.push(m[1]);
    else if (m[2] !== undefined) keys.push(Number(m[2]));
    else keys.push(m[3] ?? m[4] ?? "");
  }
  return keys;
}

type Container = Record<string | number, unknown>;

function readPath(root: Record<string, unknown>, path: string): unknown {
  let at: unknown = root;
  for (const key of pathKeys(path)) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Container)[key];
  }
  return at;
}

const UNSAFE_KEYS = new Set<string | number>(["__proto__", "constructor", "prototype"]);

function writePath(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = pathKeys(path);
  // A path into an object's prototype is never an argument; refuse rather than pollute it.
  if (keys.length === 0 || keys.some((k) => UNSAFE_KEYS.has(k))) return;
  let at = root as Container;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i] as string | number;
    let next = at[key];
    if (typeof next !== "object" || next === null) {
      next = typeof keys[i + 1] === "number" ? [] : {};
      at[key] = next;
    }
    at = next as Container;
  }
  at[keys[keys.length - 1] as string | number] = value;
}

function copyJSON<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
