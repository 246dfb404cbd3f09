import { describe, expect, it } from "vitest";
import {
  createThinkSplitter,
  joinThinkTags,
  splitThinkTags,
  type ThinkPiece,
} from "../../src/kit/think-tags.js";

/** Content, whether it starts inside the reasoning, and the pieces it must give. */
const CASES: [string, string, boolean, ThinkPiece[]][] = [
  ["no tags", "Just the answer.", false, [{ kind: "text", text: "Just the answer." }]],
  [
    "reasoning then answer",
    "<think>\nLet me add.\n</think>\n\n4",
    false,
    [
      { kind: "thinking", text: "\nLet me add.\n" },
      { kind: "text", text: "\n\n4" },
    ],
  ],
  [
    "tags in the middle of text",
    "Sure. <think>check units</think> It is 4 m.",
    false,
    [
      { kind: "text", text: "Sure. " },
      { kind: "thinking", text: "check units" },
      { kind: "text", text: " It is 4 m." },
    ],
  ],
  [
    "two reasoning runs",
    "<think>a</think>x<think>b</think>y",
    false,
    [
      { kind: "thinking", text: "a" },
      { kind: "text", text: "x" },
      { kind: "thinking", text: "b" },
      { kind: "text", text: "y" },
    ],
  ],
  [
    "an open tag inside reasoning is reasoning (no nesting)",
    "<think>I wrote <think> once</think>done",
    false,
    [
      { kind: "thinking", text: "I wrote <think> once" },
      { kind: "text", text: "done" },
    ],
  ],
  [
    "a stray close tag in the answer is text",
    "a</think>b",
    false,
    [{ kind: "text", text: "a</think>b" }],
  ],
  [
    "an unclosed run stays reasoning",
    "<think>still going",
    false,
    [{ kind: "thinking", text: "still going" }],
  ],
  [
    "a template that opened the tag in the prompt",
    "reasoning here</think>answer",
    true,
    [
      { kind: "thinking", text: "reasoning here" },
      { kind: "text", text: "answer" },
    ],
  ],
  [
    "a cut open tag at the end is text",
    "answer <thi",
    false,
    [{ kind: "text", text: "answer <thi" }],
  ],
  [
    "text that only looks like a tag's start",
    "a <b> and <th> and <thinker>",
    false,
    [{ kind: "text", text: "a <b> and <th> and <thinker>" }],
  ],
];

/** The pieces of `content` fed in chunks cut at `cuts` (offsets), merged where kinds repeat. */
function chunked(content: string, cuts: number[], inside: boolean): ThinkPiece[] {
  const splitter = createThinkSplitter(undefined, inside);
  const pieces: ThinkPiece[] = [];
  let from = 0;
  for (const at of [...cuts, content.length]) {
    pieces.push(...splitter.push(content.slice(from, at)));
    from = at;
  }
  pieces.push(...splitter.finish());
  return pieces.reduce<ThinkPiece[]>((acc, p) => {
    const last = acc[acc.length - 1];
    if (last?.kind === p.kind) last.text += p.text;
    else acc.push({ ...p });
    return acc;
  }, []);
}

describe("<think> tags", () => {
  it.each(CASES)("%s: split whole", (_, content, inside, pieces) => {
    expect(splitThinkTags(content, undefined, inside)).toEqual(pieces);
  });

  it.each(CASES)("%s: the same pieces when cut at every offset", (_, content, inside, pieces) => {
    for (let at = 0; at <= content.length; at++) {
      expect(chunked(content, [at], inside), `cut at ${at}`).toEqual(pieces);
    }
  });

  it.each(CASES)("%s: the same pieces one character at a time", (_, content, inside, pieces) => {
    const cuts = [...content].map((__, i) => i + 1);
    expect(chunked(content, cuts, inside)).toEqual(pieces);
  });

  it("never gives a piece that might still be part of a tag", () => {
    const splitter = createThinkSplitter();
    expect(splitter.push("Hello <")).toEqual([{ kind: "text", text: "Hello " }]);
    expect(splitter.push("thi")).toEqual([]);
    expect(splitter.push("nk>why")).toEqual([{ kind: "thinking", text: "why" }]);
    expect(splitter.push("</thi")).toEqual([]);
    expect(splitter.push("nk>ok")).toEqual([{ kind: "text", text: "ok" }]);
  });

  it.each(CASES.filter(([name]) => name !== "an unclosed run stays reasoning"))(
    "%s: joined back to the content byte for byte",
    (_, content, inside) => {
      expect(joinThinkTags(splitThinkTags(content, undefined, inside), undefined, inside)).toBe(
        content,
      );
    },
  );

  it("closes an unclosed run when joined back", () => {
    expect(joinThinkTags(splitThinkTags("<think>still going"))).toBe("<think>still going</think>");
  });

  it("takes other tags", () => {
    const tags = { open: "<|thinking|>", close: "<|/thinking|>" };
    expect(splitThinkTags("<|thinking|>hm<|/thinking|>yes", tags)).toEqual([
      { kind: "thinking", text: "hm" },
      { kind: "text", text: "yes" },
    ]);
  });
});
