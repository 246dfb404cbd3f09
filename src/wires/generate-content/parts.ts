import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, TextPart, ToolCallPart } from "../../core/types.js";
import { NO_DELTAS } from "../../send/model-stream.js";
import type { FunctionCall, Part, PartialArg } from "./wire.js";

/**
 * Prefix of the ids golem makes up for function calls the server sent without `id`.
 * `buildRequest` leaves such ids out of the replayed parts, so Gemini sees its own parts back.
 */
export const GENERATED_ID_PREFIX = "golem_";

/**
 * Turns response parts, fed one at a time, into one assistant message whose parts keep the
 * order they came in. `generate` feeds every part of the answer and the stream feeds them as
 * chunks arrive, so both build the same message:
 * - consecutive `thought` parts merge into one thinking part until a part carrying a signature
 *   closes it (the signature stays on that part) or another part arrives;
 * - text parts join into one text part while nothing else comes between: a signed piece ends
 *   its part with the signature on it, and text after it starts a new part. A stream often
 *   sends the signature on a trailing `"text":""` part
 *   (fixtures/gemini/text-signature-on-empty-part.json): that is the last piece of the text
 *   before it, as the same answer unstreamed carries the signature on its one text part
 *   (https://ai.google.dev/gemini-api/docs/thought-signatures); with no open text part before
 *   it, it is a text part of its own, so it goes back where it came;
 * - each `functionCall` part is a tool call with its own signature; Vertex's streamed calls
 *   (`willContinue` + `partialArgs`, fixtures/gemini/parallel-calls-one-signature.json) are
 *   assembled until a part without `willContinue` ends them;
 * - any other part (`executableCode`, `codeExecutionResult`, `inlineData`, ...) is a provider
 *   part holding the wire part as sent, signature included, replayed verbatim.
 */
export interface MessageBuilder {
  /** Adds one part; returns the deltas it makes. `responseId` seeds ids the server left out. */
  add(part: Part, responseId: string | undefined): readonly Delta[];
  /** Ends a streamed call that is still open; returns its arguments delta, if any. */
  end(): readonly Delta[];
  /** The message so far, as a fresh object. */
  message(): Message;
}

/** A Vertex call whose arguments arrive over several parts. */
interface OpenCall {
  index: number;
  args: Record<string, unknown>;
  /** The JSON path of a string value that continues in the next fragment. */
  continuing: string | undefined;
}

const NONE = -1;

/** Creates an empty {@link MessageBuilder}. */
export function createMessageBuilder(provider: string): MessageBuilder {
  const parts = createPartsBuilder();
  /** The thinking part still taking thought pieces, or {@link NONE}. */
  let thought = NONE;
  /** The text part still taking text pieces, or {@link NONE}. */
  let text = NONE;
  let open: OpenCall | undefined;
  let calls = 0;

  const end = (): readonly Delta[] => {
    const call = open;
    if (!call) return NO_DELTAS;
    open = undefined;
    const json = JSON.stringify(call.args);
    parts.setText(call.index, json);
    return [{ type: "tool-call", index: call.index, arguments: json }];
  };

  /**
   * A text or thought piece, appended to the open part of its kind (opened if none); a
   * signature closes that part and stays on it.
   */
  const addPiece = (part: Part): readonly Delta[] => {
    const piece = part.text ?? "";
    const signature = part.thoughtSignature;
    if (piece === "" && signature === undefined) return NO_DELTAS;
    let index: number;
    if (part.thought) {
      text = NONE;
      if (thought === NONE) thought = parts.start({ type: "thinking", text: "", provider });
      index = thought;
    } else {
      thought = NONE;
      if (text === NONE) text = parts.start({ type: "text", text: "" });
      index = text;
      if (signature !== undefined) (parts.at(index) as TextPart).provider = provider;
    }
    const delta = (
      piece === "" ? { type: parts.at(index)?.type, index } : parts.appendText(index, piece)
    ) as Delta & { signature?: string };
    if (signature !== undefined) {
      parts.appendSignature(index, signature); // a part is signed once: it ends here
      delta.signature = signature;
      thought = text = NONE;
    }
    return [delta];
  };

  const startCall = (
    part: Part,
    fc: FunctionCall,
    name: string,
    responseId: string | undefined,
  ): Delta[] => {
    const deltas = [...end()];
    const n = calls++;
    const call: ToolCallPart = {
      type: "tool-call",
      id: fc.id ?? generatedId(responseId, n),
      name,
      arguments: "",
    };
    const signature = part.thoughtSignature;
    if (signature !== undefined) {
      call.signature = signature;
      call.provider = provider;
    }
    const index = parts.start(call);
    const delta: Delta = { type: "tool-call", index, id: call.id, name };
    if (signature !== undefined) delta.signature = signature;
    deltas.push(delta);
    let args = fc.args ?? {};
    if (fc.willContinue === true || fc.partialArgs !== undefined) {
      // Copied, since fragments are written into it: the wire object stays untouched.
      const started: OpenCall = { index, args: copyJSON(args), continuing: undefined };
      if (fc.partialArgs) applyPartialArgs(started, fc.partialArgs);
      if (fc.willContinue) {
        open = started;
        return deltas;
      }
      args = started.args;
    }
    // Gemini sends `args` as an object: its JSON text is the arguments.
    const json = JSON.stringify(args);
    parts.setText(index, json);
    delta.arguments = json;
    return deltas;
  };

  const continueCall = (part: Part, fc: FunctionCall): readonly Delta[] => {
    const call = open;
    // A nameless fragment with no call open (Vertex's closing `{}`) has nothing to add.
    if (!call) return NO_DELTAS;
    if (fc.args) Object.assign(call.args, copyJSON(fc.args));
    if (fc.partialArgs) applyPartialArgs(call, fc.partialArgs);
    const deltas: Delta[] = [];
    const wire = parts.at(call.index) as ToolCallPart;
    if (part.thoughtSignature !== undefined && wire.signature === undefined) {
      wire.provider = provider;
      deltas.push(parts.appendSignature(call.index, part.thoughtSignature));
    }
    if (!fc.willContinue) deltas.push(...end());
    return deltas.length > 0 ? deltas : NO_DELTAS;
  };

  return {
    add(part, responseId) {
      const fc = part.functionCall;
      if (fc) {
        thought = text = NONE;
        if (fc.name !== undefined) return startCall(part, fc, fc.name, responseId);
        return continueCall(part, fc);
      }
      const closed = end();
      let deltas: readonly Delta[];
      if (isTextLike(part)) deltas = addPiece(part);
      else {
        thought = text = NONE;
        const index = parts.start({ type: "provider", provider, value: part });
        deltas = [{ type: "provider", index, provider, value: part }];
      }
      return closed.length === 0 ? deltas : [...closed, ...deltas];
    },
    end,
    message: () => ({ role: "assistant", content: parts.parts() }),
  };
}

/**
 * A part golem keeps as text or thought: one with `text`, or one that carries nothing but a
 * signature. Anything else is a provider part.
 */
function isTextLike(part: Part): boolean {
  if (part.text !== undefined) return true;
  for (const key in part) if (key !== "thoughtSignature" && key !== "thought") return false;
  return true;
}

function generatedId(responseId: string | undefined, index: number): string {
  return responseId
    ? `${GENERATED_ID_PREFIX}${responseId}_${index}`
    : `${GENERATED_ID_PREFIX}${index}`;
}

function applyPartialArgs(call: OpenCall, fragments: readonly PartialArg[]): void {
  for (const f of fragments) {
    const path = f.jsonPath;
    if (path === undefined) continue;
    if (f.stringValue !== undefined) {
      writePath(call.args, path, f.stringValue, call.continuing === path);
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

const UNSAFE_KEYS = new Set<string | number>(["__proto__", "constructor", "prototype"]);

/**
 * Writes `value` at `path`, making the objects and arrays on the way; with `append`, a string
 * already there is continued instead.
 */
function writePath(
  root: Record<string, unknown>,
  path: string,
  value: unknown,
  append = false,
): void {
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
  const last = keys[keys.length - 1] as string | number;
  const previous = at[last];
  at[last] = append && typeof previous === "string" ? previous + (value as string) : value;
}

function copyJSON<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
