/**
 * Reasoning that a server writes into the answer's text between tags (`<think>…</think>`:
 * DeepSeek-R1 and Qwen3 templates, Groq's `reasoning_format: "raw"`, MiniMax, local servers),
 * split from the answer chunk by chunk. A tag may arrive cut anywhere (`"<th"`, `"ink>"`): what
 * could still be the start of a tag is held back until the next chunk says what it is.
 * Pieces are the exact characters between and around the tags, so the content can be put back
 * together byte for byte ({@link joinThinkTags}).
 * @module
 */

/** The tags a server wraps its reasoning in. */
export interface ThinkTags {
  open: string;
  close: string;
}

/** The tags most servers use. */
export const THINK_TAGS: ThinkTags = { open: "<think>", close: "</think>" };

/** A run of the answer's text, or of reasoning that stood between the tags. */
export interface ThinkPiece {
  kind: "thinking" | "text";
  text: string;
}

/** Fed the content's chunks in order; each call gives the pieces that are now certain. */
export interface ThinkSplitter {
  push(chunk: string): ThinkPiece[];
  /** What was held back: an unclosed reasoning run stays reasoning, a cut tag is text. */
  finish(): ThinkPiece[];
}

/**
 * A splitter for one message's content. `inside`: the content starts within the reasoning
 * (a chat template that puts the open tag in the prompt, so only the close tag arrives).
 * A second open tag inside reasoning is reasoning text: the tags do not nest.
 */
export function createThinkSplitter(tags: ThinkTags = THINK_TAGS, inside = false): ThinkSplitter {
  let thinking = inside;
  let held = "";
  const out = (pieces: ThinkPiece[], kind: ThinkPiece["kind"], text: string) => {
    if (text === "") return;
    const last = pieces[pieces.length - 1];
    if (last?.kind === kind) last.text += text;
    else pieces.push({ kind, text });
  };
  return {
    push(chunk) {
      const pieces: ThinkPiece[] = [];
      let rest = held + chunk;
      held = "";
      for (;;) {
        const tag = thinking ? tags.close : tags.open;
        const at = rest.indexOf(tag);
        if (at >= 0) {
          out(pieces, thinking ? "thinking" : "text", rest.slice(0, at));
          rest = rest.slice(at + tag.length);
          thinking = !thinking;
          continue;
        }
        const keep = partialTagAtEnd(rest, tag);
        out(pieces, thinking ? "thinking" : "text", rest.slice(0, rest.length - keep));
        held = rest.slice(rest.length - keep);
        return pieces;
      }
    },
    finish() {
      const pieces: ThinkPiece[] = [];
      out(pieces, thinking ? "thinking" : "text", held);
      held = "";
      return pieces;
    },
  };
}

/** How many characters at the end of `text` could begin `tag` (0 when none). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

/** A whole content string split at once: what {@link createThinkSplitter} gives for one chunk. */
export function splitThinkTags(
  content: string,
  tags: ThinkTags = THINK_TAGS,
  inside = false,
): ThinkPiece[] {
  const splitter = createThinkSplitter(tags, inside);
  const pieces = [...splitter.push(content), ...splitter.finish()];
  // Joined across the push/finish seam, as the splitter joins within one call.
  return pieces.reduce<ThinkPiece[]>((acc, p) => {
    const last = acc[acc.length - 1];
    if (last?.kind === p.kind) last.text += p.text;
    else acc.push({ ...p });
    return acc;
  }, []);
}

/**
 * The content the pieces were split from: each reasoning run back between its tags, the text
 * around it as it arrived (an `inside` content gets no open tag before its first run). Two
 * things do not come back: an empty `<think></think>`, which carried nothing, and a run the
 * server left unclosed, which gets its close tag.
 */
export function joinThinkTags(
  pieces: readonly ThinkPiece[],
  tags: ThinkTags = THINK_TAGS,
  inside = false,
): string {
  let s = "";
  for (const [i, p] of pieces.entries()) {
    s +=
      p.kind === "thinking"
        ? `${i === 0 && inside ? "" : tags.open}${p.text}${tags.close}`
        : p.text;
  }
  return s;
}
