import { StreamError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import { createPartsBuilder } from "../../core/parts.js";
import type { Delta, Message, Part, ProviderPart, ThinkingPart } from "../../core/types.js";
import { NO_DELTAS } from "../../send/model-stream.js";
import { addBlock } from "./body-blocks.js";
import {
  appendResult,
  deltaError,
  deltaString,
  isServerTool,
  joinBase64,
  neverStarted,
  startError,
  unknownMember,
} from "./pieces.js";
import type {
  CitationsDelta,
  ContentBlockDelta,
  ContentBlockStart,
  ImageBlockDelta,
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
 *   calls (fixtures/bedrock/typed-tool-use.json);
 * - a cited text (`citationsContent` in a body; `text` and `citation` deltas of one block in a
 *   stream) -> a provider part holding the block as a body carries it, and an image the model
 *   made (`image`) likewise: its text is not the message's text in either path (ADR 0034);
 * - a start or delta member the API reference does not list -> a StreamError (ADR 0034).
 */
export interface MessageBuilder {
  /** One whole block of a Converse body's `output.message.content` (its index `i`, for errors). */
  add(block: OutputContentBlock, i: number): void;
  /** A streamed `contentBlockStart` (tool use, results, images; reasoning and text have none). */
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
/** A cited text (or, with `citations` on, a text that may turn out cited): its text pieces are in `pending`. */
const CITED = 7;
/** An image: its base64 pieces are in `pending`. */
const IMAGE = 8;
const KIND_NAMES = [
  "",
  "text",
  "reasoning",
  "redacted reasoning",
  "toolUse",
  "toolUse",
  "toolResult",
  "citation",
  "image",
];

/** A `citationsContent` block as a body carries it (CitationsContentBlock). */
interface CitedBlock {
  citationsContent: { citations: CitationsDelta[]; content: { text: string }[] };
}

// What a streamed text or reasoning block opens with (parts.start copies it).
const EMPTY_TEXT: Part = { type: "text", text: "" };

/**
 * Creates an empty {@link MessageBuilder}. `citations`: the request let documents be cited,
 * so a streamed text block is held till its stop, when it shows whether it is cited (ADR 0034).
 */
export function createMessageBuilder(provider: string, citations = false): MessageBuilder {
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
      else if (kinds[index] === CITED) citedAt(index).content = [{ text: joined(index) }];
      else if (kinds[index] === IMAGE) {
        (part.value as { image: { source: { bytes: string } } }).image.source.bytes = joinBase64(
          gathered as string[],
        );
      } else if (kinds[index] === SERVER_CALL) {
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

  const citedAt = (index: number) =>
    ((parts.at(partOf[index] as number) as ProviderPart).value as CitedBlock).citationsContent;
  const joined = (index: number) => (pending[index] as string[]).join("");
  /** A cited block seen whole without a citation: the plain text it turned out to be. */
  const plain = (index: number) => kinds[index] === CITED && citedAt(index).citations.length === 0;

  const openCited = (index: number): void => {
    const value: CitedBlock = { citationsContent: { citations: [], content: [{ text: "" }] } };
    openAtStop(index, CITED, { type: "provider", provider, value }, []);
  };

  const text = (index: number, piece: string): readonly Delta[] => {
    if (piece === "") return NO_DELTAS;
    if (!kinds[index] && citations) openCited(index);
    if (kinds[index] === CITED) {
      (pending[index] as string[]).push(piece);
      return NO_DELTAS; // a cited text is one provider delta at its stop, as a body's is one part
    }
    return [parts.appendText(at(index, TEXT, EMPTY_TEXT), piece)];
  };

  const citation = (index: number, c: CitationsDelta): readonly Delta[] => {
    if (typeof c !== "object" || c === null || Array.isArray(c)) {
      throw deltaError(index, "citation", "n object");
    }
    if (kinds[index] === TEXT) {
      throw new StreamError(
        `bedrock: a citation for block ${index} after its text streamed; create the model with \`citations: true\``,
      );
    }
    if (at(index, CITED) < 0) openCited(index);
    citedAt(index).citations.push(c);
    return NO_DELTAS;
  };

  const image = (index: number, d: ImageBlockDelta): readonly Delta[] => {
    if (kinds[index] !== IMAGE) {
      throw neverStarted("image", index);
    }
    if (d.error !== undefined) {
      throw new StreamError(`bedrock: image block ${index} failed: ${String(d.error?.message)}`);
    }
    (pending[index] as string[]).push(deltaString(d.source?.bytes, "image.source.bytes", index));
    return NO_DELTAS;
  };

  const reasoning = (index: number, d: ReasoningContentBlockDelta): readonly Delta[] => {
    if (d.redactedContent !== undefined) {
      const piece = deltaString(d.redactedContent, "reasoningContent.redactedContent", index);
      if (piece === "") return NO_DELTAS;
      if (at(index, REDACTED) >= 0) (pending[index] as string[]).push(piece);
      else {
        const part: Part = { type: "thinking", redacted: piece, provider };
        openAtStop(index, REDACTED, part, [piece]);
      }
      return NO_DELTAS; // its delta comes at contentBlockStop, with the payload whole
    }
    const piece = d.text === undefined ? "" : deltaString(d.text, "reasoningContent.text", index);
    const signature =
      d.signature === undefined
        ? ""
        : deltaString(d.signature, "reasoningContent.signature", index);
    // An empty text delta precedes the signature (observed); it opens nothing and says nothing.
    if (piece === "" && signature === "") return NO_DELTAS;
    const i = at(index, THINKING, EMPTY_THINKING);
    if (piece !== "") return [parts.appendText(i, piece)];
    // A signature can arrive in pieces (fixtures/bedrock/split-signature-stream.json): each
    // delta carries its piece, and the pieces join.
    return [parts.appendSignature(i, signature)];
  };

  return {
    add: (block, i) => addBlock(parts, provider, block, i),

    start(index, start) {
      const { toolUse: tool, toolResult: result, image: picture } = start;
      if (!tool && !result && !picture) {
        if (Object.keys(start).length > 0) throw unknownMember("contentBlockStart", index, start);
        return NO_DELTAS;
      }
      if (kinds[index]) {
        throw new StreamError(
          `bedrock: contentBlockStart for block ${index}, which already started`,
        );
      }
      if (picture) {
        if (!isNonEmptyString(picture.format)) throw startError(index, "image.format");
        const value = { image: { format: picture.format, source: { bytes: "" } } };
        openAtStop(index, IMAGE, { type: "provider", provider, value }, []);
        return NO_DELTAS;
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
      if (delta.text !== undefined) return text(index, deltaString(delta.text, "text", index));
      if (delta.toolUse) {
        const input = delta.toolUse.input;
        if (typeof input !== "string") throw deltaError(index, "toolUse.input");
        const kind = kinds[index];
        if (kind === SERVER_CALL) pending[index] += input;
        else if (kind !== CALL) {
          throw neverStarted("toolUse input", index);
        } else if (input !== "") {
          // The text as it arrived: no parse and stringify, so the call goes back as sent.
          return [parts.appendArguments(partOf[index] as number, input)];
        }
        return NO_DELTAS;
      }
      if (delta.toolResult) {
        if (kinds[index] !== RESULT) {
          throw neverStarted("toolResult", index);
        }
        appendResult(pending[index] as ToolResultBlockDelta[], delta.toolResult);
        return NO_DELTAS;
      }
      if (delta.citation !== undefined) return citation(index, delta.citation);
      if (delta.image) return image(index, delta.image);
      if (Object.keys(delta).length > 0) throw unknownMember("contentBlockDelta", index, delta);
      return NO_DELTAS;
    },

    stop(index) {
      // Only blocks made whole at their stop are open till then (and only till then).
      const o = open.indexOf(index);
      if (o < 0) return NO_DELTAS;
      open.splice(o, 1);
      const i = partOf[index] as number;
      if (plain(index)) {
        // Its part becomes the text part it turned out to be, in place (a provider part has
        // no text buffer, so the part's own `text` is what the message reads).
        const text = joined(index);
        const part = parts.at(i) as Partial<ProviderPart> & { type: string; text?: string };
        delete part.provider;
        delete part.value;
        Object.assign(part, { type: "text", text });
        kinds[index] = TEXT;
        return [{ type: "text", index: i, text }];
      }
      settle(index, true);
      const part = parts.at(i) as ThinkingPart | ProviderPart;
      // One delta, whole: redacted pieces do not add up as text, nor does a block golem keeps as is.
      return part.type === "thinking"
        ? [{ type: "thinking", index: i, redacted: part.redacted as string }]
        : [{ type: "provider", index: i, provider, value: part.value }];
    },

    message() {
      for (const index of open) settle(index, false);
      const content = parts.parts();
      for (const index of open) {
        if (plain(index)) content[partOf[index] as number] = { type: "text", text: joined(index) };
      }
      return { role: "assistant", content };
    },
  };
}
