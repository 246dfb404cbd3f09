import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { turnStarts } from "../../src/agent/processors.js";
import {
  ConfigError,
  dropOldThinking,
  keepLastTurns,
  type Message,
  type Part,
  type TextPart,
  type ToolCallPart,
  validateHistory,
} from "../../src/index.js";

const signed = (text: string): Part => ({
  type: "thinking",
  text,
  signature: `sig-${text}`,
  provider: "anthropic",
});
const text = (t: string, extra: Partial<TextPart> = {}): Part => ({
  type: "text",
  text: t,
  ...extra,
});
const callPart = (id: string, extra: Partial<ToolCallPart> = {}): ToolCallPart => ({
  type: "tool-call",
  id,
  name: "f",
  arguments: "{}",
  ...extra,
});

/** Three turns; the last one is a tool loop still waiting for the model. */
function threeTurns(): Message[] {
  return [
    { role: "user", content: "a" },
    { role: "assistant", content: [signed("t1"), text("A")] },
    { role: "user", content: "b" },
    {
      role: "assistant",
      content: [
        signed("t2"),
        text("Checking."),
        signed("t2b"),
        callPart("c1", { signature: "call-sig" }),
      ],
    },
    { role: "tool", content: "r1", toolCallId: "c1" },
    {
      role: "assistant",
      content: [signed("t3"), text("B", { signature: "text-sig", provider: "gemini" })],
    },
    { role: "user", content: "c" },
    { role: "assistant", content: [signed("t4"), callPart("c2")] },
    { role: "tool", content: "r2", toolCallId: "c2" },
  ];
}

describe("keepLastTurns", () => {
  it("keeps the last turn with its whole tool loop", () => {
    const h = threeTurns();
    const out = keepLastTurns(1)(h);
    expect(out).toEqual(h.slice(6));
    for (const [i, m] of out.entries()) expect(m).toBe(h[6 + i]);
  });

  it("keeps the last two turns", () => {
    const h = threeTurns();
    expect(keepLastTurns(2)(h)).toEqual(h.slice(2));
  });

  it("returns the history as it is when it has no more turns than asked", () => {
    const h = threeTurns();
    expect(keepLastTurns(3)(h)).toBe(h);
    expect(keepLastTurns(9)(h)).toBe(h);
  });

  it("never cuts at a user message that sits between a tool call and its result", () => {
    const h: Message[] = [
      { role: "user", content: "a" },
      { role: "assistant", content: [callPart("c1")] },
      { role: "user", content: "interjection" },
      { role: "tool", content: "r", toolCallId: "c1" },
      { role: "assistant", content: "A" },
      { role: "user", content: "b" },
      { role: "assistant", content: "B" },
    ];
    expect(turnStarts(h)).toEqual([0, 5]);
    expect(keepLastTurns(2)(h)).toBe(h);
    expect(keepLastTurns(1)(h)).toEqual(h.slice(5));
  });

  it("keeps system messages of the dropped part in front", () => {
    const h: Message[] = [
      { role: "system", content: "s" },
      { role: "user", content: "a" },
      { role: "assistant", content: "A" },
      { role: "user", content: "b" },
      { role: "assistant", content: "B" },
    ];
    expect(keepLastTurns(1)(h)).toEqual([h[0], h[3], h[4]]);
  });

  it("refuses a count that is not a whole number of at least 1", () => {
    for (const n of [0, -1, 1.5, Number.NaN]) {
      expect(() => keepLastTurns(n)).toThrow(ConfigError);
    }
    expect(() => keepLastTurns(0)).toThrow(
      "keepLastTurns(n): n must be a whole number of turns, at least 1 (got 0)",
    );
  });
});

describe("dropOldThinking", () => {
  it("drops thinking before the last turn and leaves the current tool loop alone", () => {
    const h = threeTurns();
    const out = dropOldThinking(1)(h);
    expect(out).toStrictEqual([
      h[0],
      { role: "assistant", content: [text("A")] },
      h[2],
      {
        role: "assistant",
        content: [text("Checking."), callPart("c1", { signature: "call-sig" })],
      },
      h[4],
      { role: "assistant", content: [text("B", { signature: "text-sig", provider: "gemini" })] },
      h[6],
      h[7],
      h[8],
    ]);
    for (const i of [0, 2, 4, 6, 7, 8]) expect(out[i]).toBe(h[i]);
    expect(h).toStrictEqual(threeTurns());
    // The parts kept are the very objects: nothing is edited, only left out.
    const kept = (out[3] as Message).content as Part[];
    const before = (h[3] as Message).content as Part[];
    expect(kept[0]).toBe(before[1]);
    expect(kept[1]).toBe(before[3]);
  });

  it("keeps thinking of the last n turns", () => {
    const h = threeTurns();
    const out = dropOldThinking(2)(h);
    expect(out[1]).toStrictEqual({ role: "assistant", content: [text("A")] });
    expect(out.slice(2)).toEqual(h.slice(2));
    for (const [i, m] of out.slice(2).entries()) expect(m).toBe(h[2 + i]);
  });

  it("returns the history as it is when it has no more turns than asked", () => {
    const h = threeTurns();
    expect(dropOldThinking(3)(h)).toBe(h);
  });

  it("refuses a count that is not a whole number of at least 1", () => {
    expect(() => dropOldThinking(0)).toThrow(ConfigError);
  });
});

/** Random valid conversations: turns of tool loops, sometimes with a user interjection. */
const conversations = fc
  .array(
    fc.record({
      loops: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
      interject: fc.boolean(),
      thinking: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((turns) => {
    const out: Message[] = [];
    let id = 0;
    turns.forEach((turn, t) => {
      out.push({ role: "user", content: `u${t}` });
      for (const width of turn.loops) {
        const toolCalls = Array.from({ length: width }, () => callPart(`c${id++}`));
        const thinking = turn.thinking ? [signed(`t${id}`)] : [];
        out.push({ role: "assistant", content: [...thinking, ...toolCalls] });
        for (const c of toolCalls) out.push({ role: "tool", content: "r", toolCallId: c.id });
        // A user message inside a tool loop comes after the answers: calls are answered first.
        if (turn.interject) out.push({ role: "user", content: "wait" });
      }
      const thinking = turn.thinking ? [signed(`f${t}`)] : [];
      out.push({ role: "assistant", content: [...thinking, text(`a${t}`)] });
    });
    return out;
  });

describe("processors on random conversations", () => {
  it("keepLastTurns keeps a valid suffix that starts a turn and holds n turns", () => {
    fc.assert(
      fc.property(conversations, fc.integer({ min: 1, max: 8 }), (h, n) => {
        const out = keepLastTurns(n)(h);
        validateHistory(out);
        expect(out).toEqual(h.slice(h.length - out.length));
        expect(out[0]?.role).toBe("user");
        expect(turnStarts(out).length).toBe(Math.min(n, turnStarts(h).length));
      }),
    );
  });

  it("dropOldThinking changes nothing in the last n turns and keeps the history valid", () => {
    fc.assert(
      fc.property(conversations, fc.integer({ min: 1, max: 8 }), (h, n) => {
        const out = dropOldThinking(n)(h);
        validateHistory(out);
        expect(out.length).toBe(h.length);
        const starts = turnStarts(h);
        const cut = starts.length <= n ? 0 : (starts[starts.length - n] as number);
        out.forEach((m, i) => {
          if (i >= cut) expect(m).toBe(h[i]);
          else expect(m).toStrictEqual(withoutThinking(h[i] as Message));
        });
      }),
    );
  });
});

function withoutThinking(m: Message): Message {
  if (typeof m.content === "string") return m;
  return { ...m, content: m.content.filter((p) => p.type !== "thinking") };
}

describe("processors on a history bound to its prefix", () => {
  const record = {
    wire: "anthropic",
    head: {},
    tools: [],
    count: 1,
    chain: "c",
    from: 0,
    steps: [["b"]],
    parts: ["p"],
  };
  const bound: Message[] = [
    { role: "user", content: "one" },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "t", signature: "s" },
        { type: "text", text: "1" },
      ],
      prefix: record,
    },
    { role: "user", content: "two" },
    { role: "assistant", content: [{ type: "text", text: "2" }], prefix: record },
    { role: "user", content: "three" },
  ];

  for (const [name, make] of [
    ["keepLastTurns", keepLastTurns],
    ["dropOldThinking", dropOldThinking],
  ] as const) {
    it(`${name} refuses to rewrite earlier turns, naming the append-only alternatives`, () => {
      expect(() => make(1)(bound)).toThrow(ConfigError);
      expect(() => make(1)(bound)).toThrow(/compaction/);
    });

    it(`${name} rewrites them when the caller opts in`, () => {
      expect(make(1, { allowPrefixChange: true })(bound)).not.toEqual(bound);
    });

    it(`${name} leaves a history it would not change alone`, () => {
      expect(make(5)(bound)).toBe(bound);
    });
  }
});
