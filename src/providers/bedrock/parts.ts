import { StreamError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, Part, ProviderPart, ThinkingPart } from "../../core/types.js";
import { NO_DELTAS } from "../../transport/model-stream.js";
import type {
  ContentBlockDelta,
  ContentBlockStart,
  OutputContentBlock,
  ReasoningContentBlockDelta,
  ToolResultBlockDelta,
} from "./wire.js";

/**
 * Turns Converse content blocks into one assistant message, part for part, in block order.
 * `generate` feeds whole blocks ({@link MessageBuilder.add}); the stream feeds
 * contentBlockStart / contentBlockDelta / contentBlockStop by `contentBlockIndex`, so both build
 * the same message:
 * - `reasoningContent.reasoningText` -> a thinking part (an empty unsigned one opens none);
 * - `reasoningContent.redactedContent` -> a redacted thinking part; streamed pieces are joined
 *   as bytes (each piece is base64 of its own bytes: the base64 texts do not concatenate);
 * - `text` -> a text part (an empty one opens none: Bedrock refuses blank text back);
 * - `toolUse` -> a tool call whose arguments are `JSON.stringify(input)` of a body, or the
 *   streamed `input` text as it arrived;
 * - a built-in tool's `toolUse` (`"type": "server_tool_use"`) and its `toolResult` in the
 *   assistant's own content (Nova's `nova_code_interpreter`, documented at
 *   https://docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html), and any block golem
 *   does not model -> a provider part holding the block as a body carries it. Bedrock ran such
 *   a tool itself: as a tool call an agent would try to run it again. Any other `toolUse` is
 *   the caller's to run, `"type": "tool_use"` included: the live API sends that on ordinary
 *   calls (fixtures/bedrock/typed-tool-use.json).
 */
export interface MessageBuilder {
  /** One whole block of a Converse body's `output.message.content` (its index `i`, for errors). */
  add(block: OutputContentBlock, i: number): void;
  /** A streamed `contentBlockStart` (tool use and results only; reasoning and text have none). */
  start(index: number, start: ContentBlockStart): readonly Delta[];
  /** A streamed `contentBlockDelta`; the first one of a reasoning or text block opens its part. */
  delta(index: number, delta: ContentBlockDelta): readonly Delta[];
  /** A streamed `contentBlockStop`: a redacted or provider part is whole now, and says so once. */
  stop(index: number): readonly Delta[];
  /** The message so far, as a fresh object. */
  message(): Message;
}

// What a streamed block (by contentBlockIndex) has become; 0 (or a hole): nothing yet.
const TEXT = 1;
const THINKING = 2;
const REDACTED = 3;
const CALL = 4;
/** A built-in tool's call: its input text is in `pending`. */
const SERVER_CALL = 5;
/** A built-in tool's result: its content entries are in `pending`. */
const RESULT = 6;
const KIND_NAMES = [
  "",
  "text",
  "reasoning",
  "redacted reasoning",
  "toolUse",
  "toolUse",
  "toolResult",
];

// What a streamed text or reasoning block opens with (parts.start copies it).
const EMPTY_TEXT: Part = { type: "text", text: "" };

/** Creates an empty {@link MessageBuilder}. */
export function createMessageBuilder(provider: string): MessageBuilder {
  const parts = createPartsBuilder();
  const EMPTY_THINKING: Part = { type: "thinking", text: "", provider };
  // Arrays indexed by contentBlockIndex (small and dense), not Maps: this runs per frame.
  const kinds: number[] = [];
  const partOf: number[] = [];
  /** Redacted pieces (string[]), a built-in call's input text, a result's content entries. */
  const pending: unknown[] = [];
  /** contentBlockIndexes of blocks completed at their stop (redacted, built-in tool blocks). */
  const open: number[] = [];

  /**
   * The part index of block `index` if it is of `kind`; if it has not opened, a part started
   * as a copy of `empty`, or -1 without one.
   */
  const at = (index: number, kind: number, empty?: Part): number => {
    const now = kinds[index];
    if (now === kind) return partOf[index] as number;
    if (now) {
      throw new StreamError(
        `bedrock: block ${index} mixes ${KIND_NAMES[now]} and ${KIND_NAMES[kind]} deltas`,
      );
    }
    return empty ? begin(index, kind, empty) : -1;
  };

  const begin = (index: number, kind: number, part: Part): number => {
    const i = parts.start(part);
    kinds[index] = kind;
    partOf[index] = i;
    return i;
  };

  /** Opens a part completed at contentBlockStop, gathering its payload in `pending` till then. */
  const openAtStop = (index: number, kind: number, part: Part, gathered: unknown): void => {
    begin(index, kind, part);
    pending[index] = gathered;
    open.push(index);
  };

  /**
   * Writes what block `index` has gathered into its part. `final` at contentBlockStop: a
   * payload that does not decode is then a StreamError; before that (a partial), it waits.
   */
  const settle = (index: number, final: boolean): void => {
    const part = parts.at(partOf[index] as number) as ThinkingPart | ProviderPart;
    const gathered = pending[index];
    try {
      if (part.type === "thinking") part.redacted = joinBase64(gathered as string[]);
      else if (kinds[index] === SERVER_CALL) {
        // A result's entries need nothing: its part holds their array (see `start`).
        const input = gathered as string;
        (part.value as { toolUse: { input: unknown } }).toolUse.input =
          input === "" ? {} : JSON.parse(input);
      }
    } catch (cause) {
      if (!final) return;
      throw new StreamError(`bedrock: block ${index} does not decode`, undefined, { cause });
    }
  };

  const reasoning = (index: number, d: ReasoningContentBlockDelta): readonly Delta[] => {
    if (d.redactedContent !== undefined) {
      const piece = reasoningString(d.redactedContent, "redactedContent", index);
      if (piece === "") return NO_DELTAS;
      if (at(index, REDACTED) >= 0) (pending[index] as string[]).push(piece);
      else {
        const part: Part = { type: "thinking", redacted: piece, provider };
        openAtStop(index, REDACTED, part, [piece]);
      }
      return NO_DELTAS; // its delta comes at contentBlockStop, with the payload whole
    }
    const text = d.text === undefined ? "" : reasoningString(d.text, "text", index);
    const signature =
      d.signature === undefined ? "" : reasoningString(d.signature, "signature", index);
    // An empty text delta precedes the signature (observed); it opens nothing and says nothing.
    if (text === "" && signature === "") return NO_DELTAS;
    const i = at(index, THINKING, EMPTY_THINKING);
    if (text !== "") return [parts.appendText(i, text)];
    // A signature can arrive in pieces (fixtures/bedrock/split-signature-stream.json): each
    // delta carries its piece, and the pieces join.
    return [parts.appendSignature(i, signature)];
  };

  return {
    add(block, i) {
      const r = block.reasoningContent;
      if (r && typeof r.redactedContent === "string") {
        // Kept as the base64 text it arrives as: Bedrock takes back exactly that.
        if (r.redactedContent !== "") {
          parts.start({ type: "thinking", redacted: r.redactedContent, provider });
        }
      } else if (r && typeof r.reasoningText?.text === "string") {
        const { text, signature } = r.reasoningText;
        const part: ThinkingPart = { type: "thinking", text, provider };
        if (typeof signature === "string" && signature !== "") part.signature = signature;
        if (text !== "" || part.signature !== undefined) parts.start(part);
      } else if (typeof block.text === "string") {
        if (block.text !== "") parts.start({ type: "text", text: block.text });
      } else if (block.toolUse && !isServerTool(block.toolUse)) {
        const { toolUseId, name, input } = block.toolUse;
        if (!isNonEmptyString(toolUseId) || !isNonEmptyString(name)) {
          throw new StreamError(
            `bedrock: output.message.content[${i}].toolUse has no toolUseId or name`,
          );
        }
        const args = JSON.stringify(input ?? {});
        parts.start({ type: "tool-call", id: toolUseId, name, arguments: args });
      } else {
        parts.start({ type: "provider", provider, value: block });
      }
    },

    start(index, start) {
      const tool = start.toolUse;
      const result = start.toolResult;
      if (!tool && !result) return NO_DELTAS; // images and members added later
      if (kinds[index]) {
        throw new StreamError(
          `bedrock: contentBlockStart for block ${index}, which already started`,
        );
      }
      if (result) {
        if (!isNonEmptyString(result.toolUseId)) throw startError(index, "toolResult.toolUseId");
        // The part holds the very array the entries are gathered in.
        const content: ToolResultBlockDelta[] = [];
        const value = { toolResult: { ...result, content } };
        openAtStop(index, RESULT, { type: "provider", provider, value }, content);
        return NO_DELTAS;
      }
      const t = tool as NonNullable<ContentBlockStart["toolUse"]>;
      if (!isNonEmptyString(t.toolUseId)) throw startError(index, "toolUse.toolUseId");
      if (!isNonEmptyString(t.name)) throw startError(index, "toolUse.name");
      if (isServerTool(t)) {
        const value = { toolUse: { ...t, input: {} } };
        openAtStop(index, SERVER_CALL, { type: "provider", provider, value }, "");
        return NO_DELTAS;
      }
      const part: Part = { type: "tool-call", id: t.toolUseId, name: t.name, arguments: "" };
      return [
        { type: "tool-call", index: begin(index, CALL, part), id: t.toolUseId, name: t.name },
      ];
    },

    delta(index, delta) {
      if (delta.reasoningContent) return reasoning(index, delta.reasoningContent);
      if (delta.text !== undefined) {
        if (typeof delta.text !== "string") throw deltaError(index, "text");
        if (delta.text === "") return NO_DELTAS;
        const i = at(index, TEXT, EMPTY_TEXT);
        return [parts.appendText(i, delta.text)];
      }
      if (delta.toolUse) {
        const input = delta.toolUse.input;
        if (typeof input !== "string") throw deltaError(index, "toolUse.input");
        const kind = kinds[index];
        if (kind === SERVER_CALL) pending[index] += input;
        else if (kind !== CALL) {
          throw new StreamError(`bedrock: toolUse input for block ${index}, which never started`);
        } else if (input !== "") {
          // The text as it arrived: no parse and stringify, so the call goes back as sent.
          return [parts.appendArguments(partOf[index] as number, input)];
        }
        return NO_DELTAS;
      }
      if (delta.toolResult) {
        if (kinds[index] !== RESULT) {
          throw new StreamError(`bedrock: toolResult for block ${index}, which never started`);
        }
        appendResult(pending[index] as ToolResultBlockDelta[], delta.toolResult);
      }
      return NO_DELTAS; // citations, images and members added later
    },

    stop(index) {
      // Only redacted and built-in tool blocks are open till their stop (and only till then).
      const o = open.indexOf(index);
      if (o < 0) return NO_DELTAS;
      open.splice(o, 1);
      settle(index, true);
      const i = partOf[index] as number;
      const part = parts.at(i) as ThinkingPart | ProviderPart;
      // One delta, whole: redacted pieces do not add up as text, nor does a block golem keeps as is.
      return part.type === "thinking"
        ? [{ type: "thinking", index: i, redacted: part.redacted as string }]
        : [{ type: "provider", index: i, provider, value: part.value }];
    },

    message() {
      for (const index of open) settle(index, false);
      return { role: "assistant", content: parts.parts() };
    },
  };
}

/**
 * Whether a `toolUse` is a tool Bedrock ran itself: `server_tool_use` is the one documented
 * value of its `type` (ToolUseBlock, ToolUseBlockStart in the API reference).
 */
function isServerTool(toolUse: { type?: unknown }): boolean {
  return toolUse.type === "server_tool_use";
}

/**
 * Redacted pieces joined as bytes: each piece is base64 of its own bytes, so their base64
 * texts do not concatenate (fixtures/bedrock/redacted-split-stream.json). One piece stays
 * the text it came as.
 */
function joinBase64(pieces: readonly string[]): string {
  if (pieces.length === 1) return pieces[0] as string;
  let bytes = "";
  for (const piece of pieces) bytes += atob(piece);
  return btoa(bytes);
}

/** A result's pieces as a body holds them: consecutive text pieces make one text entry. */
function appendResult(content: ToolResultBlockDelta[], pieces: readonly ToolResultBlockDelta[]) {
  for (const piece of pieces) {
    const last = content[content.length - 1];
    if (typeof piece.text === "string" && typeof last?.text === "string") last.text += piece.text;
    else content.push({ ...piece });
  }
}

function reasoningString(v: unknown, key: string, index: number): string {
  if (typeof v !== "string") throw deltaError(index, `reasoningContent.${key}`);
  return v;
}

function startError(index: number, key: string): StreamError {
  return new StreamError(
    `bedrock: contentBlockStart for block ${index} without a non-empty \`${key}\``,
  );
}

function deltaError(index: number, key: string): StreamError {
  return new StreamError(
    `bedrock: contentBlockDelta for block ${index} without a string \`${key}\``,
  );
}
