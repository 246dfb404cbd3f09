import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createPartsBuilder,
  partsOf,
  textOf,
  thinkingOf,
  toolCallsOf,
} from "../../src/core/parts.js";
import type { Delta, Message, Part } from "../../src/core/types.js";
import { pieces } from "../helpers/deltas.js";

const MIXED: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: "first", signature: "s1", provider: "anthropic" },
    { type: "text", text: "Let me look. " },
    { type: "tool-call", id: "a", name: "f", arguments: '{"x":1}' },
    { type: "provider", provider: "anthropic", value: { type: "server_tool_use" } },
    { type: "thinking", redacted: "ZW5j" },
    { type: "text", text: "Found it.", signature: "t1", provider: "gemini" },
    { type: "tool-call", id: "b", name: "g", arguments: "" },
  ],
};

describe("partsOf", () => {
  it("gives a string as one text part, and none for an empty string", () => {
    expect(partsOf({ role: "user", content: "hi" })).toStrictEqual([{ type: "text", text: "hi" }]);
    expect(partsOf({ role: "user", content: "" })).toStrictEqual([]);
  });

  it("gives the very parts array of a message that has one", () => {
    expect(partsOf(MIXED)).toBe(MIXED.content);
  });
});

describe("textOf", () => {
  it("joins the text parts in order, skipping every other part", () => {
    expect(textOf(MIXED)).toBe("Let me look. Found it.");
  });

  it("gives a string content as it is, and '' for a message without text", () => {
    expect(textOf({ role: "user", content: "hi" })).toBe("hi");
    expect(textOf({ role: "assistant", content: [] })).toBe("");
    expect(textOf({ role: "assistant", content: [{ type: "thinking", text: "hm" }] })).toBe("");
  });
});

describe("thinkingOf and toolCallsOf", () => {
  it("give the thinking parts and the tool calls in order, as the same objects", () => {
    const parts = MIXED.content as Part[];
    expect(thinkingOf(MIXED)).toStrictEqual([parts[0], parts[4]]);
    expect(thinkingOf(MIXED)[1]).toBe(parts[4]);
    expect(toolCallsOf(MIXED)).toStrictEqual([parts[2], parts[6]]);
    expect(toolCallsOf(MIXED)[0]).toBe(parts[2]);
  });

  it("give nothing for a string content", () => {
    expect(thinkingOf({ role: "assistant", content: "hi" })).toStrictEqual([]);
    expect(toolCallsOf({ role: "assistant", content: "hi" })).toStrictEqual([]);
  });
});

describe("createPartsBuilder", () => {
  it("builds interleaved parts in arrival order, each delta naming its part's index and type", () => {
    const b = createPartsBuilder();
    const deltas: Delta[] = [];
    expect(b.length).toBe(0);
    const think = b.start({ type: "thinking", text: "", provider: "anthropic" });
    deltas.push(b.appendText(think, "Let me "), b.appendText(think, "think."));
    deltas.push(b.appendSignature(think, "sig-1"));
    const text = b.start({ type: "text", text: "" });
    deltas.push(b.appendText(text, "Calling."));
    const call = b.start({ type: "tool-call", id: "c1", name: "f", arguments: "" });
    deltas.push(b.appendArguments(call, '{"x"'), b.appendArguments(call, ":1}"));
    const redacted = b.start({ type: "thinking", redacted: "ZW5j", provider: "anthropic" });
    const server = b.start({ type: "provider", provider: "anthropic", value: { id: "srv" } });
    const last = b.start({ type: "text", text: "Done", provider: "gemini" });
    deltas.push(b.appendText(last, "."), b.appendSignature(last, "t-sig"));
    const signedCall = b.start({ type: "tool-call", id: "c2", name: "g", arguments: "{}" });
    deltas.push(b.appendSignature(signedCall, "c-sig"));

    expect([think, text, call, redacted, server, last, signedCall]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(b.length).toBe(7);
    expect(deltas).toStrictEqual([
      ...pieces("thinking", 0, "Let me ", "think."),
      { type: "thinking", index: 0, signature: "sig-1" },
      { type: "text", index: 1, text: "Calling." },
      { type: "tool-call", index: 2, arguments: '{"x"' },
      { type: "tool-call", index: 2, arguments: ":1}" },
      { type: "text", index: 5, text: "." },
      { type: "text", index: 5, signature: "t-sig" },
      { type: "tool-call", index: 6, signature: "c-sig" },
    ]);
    expect(b.parts()).toStrictEqual([
      { type: "thinking", text: "Let me think.", signature: "sig-1", provider: "anthropic" },
      { type: "text", text: "Calling." },
      { type: "tool-call", id: "c1", name: "f", arguments: '{"x":1}' },
      { type: "thinking", redacted: "ZW5j", provider: "anthropic" },
      { type: "provider", provider: "anthropic", value: { id: "srv" } },
      { type: "text", text: "Done.", signature: "t-sig", provider: "gemini" },
      { type: "tool-call", id: "c2", name: "g", arguments: "{}", signature: "c-sig" },
    ]);
  });

  it("keeps the text a part started with and appends to it", () => {
    const b = createPartsBuilder();
    const i = b.start({ type: "text", text: "Hel" });
    b.appendText(i, "lo");
    expect(b.textAt(i)).toBe("Hello");
    expect(b.parts()).toStrictEqual([{ type: "text", text: "Hello" }]);
  });

  it("gives a thinking part started without text the text appended to it, or ''", () => {
    const b = createPartsBuilder();
    const signedOnly = b.start({ type: "thinking" });
    b.appendSignature(signedOnly, "s");
    const appended = b.start({ type: "thinking" });
    b.appendText(appended, "late");
    expect(b.parts()).toStrictEqual([
      { type: "thinking", text: "", signature: "s" },
      { type: "thinking", text: "late" },
    ]);
  });

  it("appends signature pieces in order, each delta carrying its piece", () => {
    const b = createPartsBuilder();
    const i = b.start({ type: "thinking", text: "a" });
    expect(b.appendSignature(i, "Ep")).toStrictEqual({
      type: "thinking",
      index: 0,
      signature: "Ep",
    });
    expect(b.appendSignature(i, "4x")).toStrictEqual({
      type: "thinking",
      index: 0,
      signature: "4x",
    });
    expect(b.parts()).toStrictEqual([{ type: "thinking", text: "a", signature: "Ep4x" }]);
  });

  it("setText replaces the text or arguments so far; at() gives the part without them", () => {
    const b = createPartsBuilder();
    const i = b.start({ type: "tool-call", id: "c", name: "f", arguments: "" });
    b.appendArguments(i, '{"a":');
    expect(b.textAt(i)).toBe('{"a":');
    b.setText(i, '{"a":1}');
    expect(b.textAt(i)).toBe('{"a":1}');
    expect(b.at(i)).toStrictEqual({ type: "tool-call", id: "c", name: "f", arguments: "" });
    expect(b.at(1)).toBeUndefined();
    expect(b.parts()).toStrictEqual([
      { type: "tool-call", id: "c", name: "f", arguments: '{"a":1}' },
    ]);
  });

  it("does not keep the part it was given, and gives fresh parts on every call", () => {
    const b = createPartsBuilder();
    const given: Part = { type: "text", text: "a" };
    const i = b.start(given);
    b.appendText(i, "b");
    b.appendSignature(i, "s");
    expect(given).toStrictEqual({ type: "text", text: "a" });
    const first = b.parts();
    const second = b.parts();
    expect(first).toStrictEqual(second);
    expect(first[0]).not.toBe(second[0]);
    (first[0] as { text: string }).text = "changed";
    expect(b.parts()).toStrictEqual([{ type: "text", text: "ab", signature: "s" }]);
  });

  it("joins thousands of pieces in order", () => {
    const b = createPartsBuilder();
    const i = b.start({ type: "thinking", text: "" });
    const pieces = Array.from({ length: 1000 }, (_, n) => `${n},`);
    for (const p of pieces) b.appendText(i, p);
    expect(b.textAt(i)).toBe(pieces.join(""));
    expect(b.parts()).toStrictEqual([{ type: "thinking", text: pieces.join("") }]);
  });

  it("throws a RangeError for an index it never gave", () => {
    const b = createPartsBuilder();
    expect(() => b.appendText(0, "x")).toThrow(new RangeError("no part at index 0"));
    b.start({ type: "text", text: "" });
    expect(() => b.appendArguments(1, "x")).toThrow(RangeError);
    expect(() => b.appendSignature(-1, "s")).toThrow(RangeError);
    expect(() => b.textAt(2)).toThrow(RangeError);
  });

  it("adds up its deltas to its parts, whatever the split (property)", () => {
    const piece = fc.string({ maxLength: 5 });
    const plan = fc.array(
      fc.record({
        kind: fc.constantFrom("text" as const, "thinking" as const, "tool-call" as const),
        pieces: fc.array(piece, { maxLength: 4 }),
        signature: fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 3 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(plan, (steps) => {
        const b = createPartsBuilder();
        const deltas: Delta[] = [];
        for (const [n, step] of steps.entries()) {
          const i =
            step.kind === "tool-call"
              ? b.start({ type: "tool-call", id: `c${n}`, name: "f", arguments: "" })
              : b.start({ type: step.kind, text: "" });
          for (const p of step.pieces) {
            deltas.push(step.kind === "tool-call" ? b.appendArguments(i, p) : b.appendText(i, p));
          }
          for (const s of step.signature) deltas.push(b.appendSignature(i, s));
        }
        // Joined per index, the deltas give each part's text and signature.
        const joined = new Map<number, { text: string; signature?: string; type: string }>();
        for (const d of deltas) {
          const entry = joined.get(d.index) ?? { text: "", type: d.type };
          expect(entry.type).toBe(d.type);
          if (d.type === "tool-call") entry.text += d.arguments ?? "";
          else if (d.type !== "provider") entry.text += d.text ?? "";
          if (d.type !== "provider" && d.signature !== undefined) {
            entry.signature = (entry.signature ?? "") + d.signature;
          }
          joined.set(d.index, entry);
        }
        const parts = b.parts();
        expect(parts).toHaveLength(steps.length);
        parts.forEach((p, i) => {
          const step = steps[i];
          expect(p.type).toBe(step?.kind);
          const text = p.type === "tool-call" ? p.arguments : (p as { text: string }).text;
          expect(text).toBe(step?.pieces.join(""));
          const entry = joined.get(i);
          expect(entry?.text ?? "").toBe(text);
          const signature = step?.signature.length ? step.signature.join("") : undefined;
          expect((p as { signature?: string }).signature).toBe(signature);
          expect(entry?.signature).toBe(signature);
        });
      }),
      { numRuns: 200 },
    );
  });
});
