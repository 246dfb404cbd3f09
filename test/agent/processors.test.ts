import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentUpdatesLoop } from "../../scripts/scenarios/append-only.js";
import { LOCAL_TIME, WEATHER } from "../../scripts/scenarios/tool-loop.js";
import { turnStarts } from "../../src/agent/processors.js";
import {
  Agent,
  ConfigError,
  dropOldThinking,
  keepLastTurns,
  type Message,
  type Part,
  type TextPart,
  type ToolCallPart,
  type ToolSpec,
  tool,
  validateHistory,
} from "../../src/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { buildRequest } from "../../src/wires/messages/request.js";
import { createModel } from "../contract/adapters.js";
import { loadCassette } from "../helpers/cassettes.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { answer } from "../providers/anthropic/answer.js";

const OPUS_55 = { model: "claude-opus-5-5", maxTokens: 8000, thinking: { adaptive: true } };

/** An agent tool over a spec, any arguments accepted. */
const specTool = (spec: ToolSpec) =>
  tool({
    ...spec,
    parameters: { "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) } },
    jsonSchema: spec.parameters,
    execute: () => "ok",
  });

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

  it("keeps the system messages that open the history in front", () => {
    const h: Message[] = [
      { role: "system", content: "s" },
      { role: "user", content: "a" },
      { role: "assistant", content: "A" },
      { role: "user", content: "b" },
      { role: "assistant", content: "B" },
    ];
    expect(keepLastTurns(1)(h)).toEqual([h[0], h[3], h[4]]);
  });

  it("keeps a late system message of the dropped part after the first kept user message, so none leads", () => {
    const clock = { name: "clock", description: "the clock", parameters: { type: "object" } };
    const late: Message = {
      role: "system",
      content: "Use the clock.",
      update: { addTools: [clock] },
    };
    const h: Message[] = [
      { role: "system", content: "s" },
      { role: "user", content: "a" },
      late,
      { role: "assistant", content: "A" },
      { role: "user", content: "b" },
      { role: "system", content: "Be brief." },
      { role: "assistant", content: "B" },
      { role: "user", content: "c" },
      { role: "user", content: "c2" },
      { role: "assistant", content: "C" },
    ];
    // Before the model's turn, where every wire takes a system message (Claude: after a user turn).
    expect(keepLastTurns(1)(h)).toEqual([h[0], h[8], h[2], h[5], h[9]]);
    expect(keepLastTurns(2)(h)).toEqual([h[0], h[7], h[8], h[2], h[5], h[9]]);
    expect(keepLastTurns(3)(h)).toEqual([h[0], h[4], h[2], h[5], h[6], h[7], h[8], h[9]]);
    // The current turn, still waiting for the model: the system messages end the request.
    expect(keepLastTurns(1)(h.slice(0, 8))).toEqual([h[0], h[7], h[2], h[5]]);
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

/**
 * The same conversations with a late system message (text and an effort) after some of their
 * user messages, where Claude takes one: right after a user turn, before the assistant's.
 */
const withLateSystem = fc
  .tuple(conversations, fc.array(fc.boolean(), { maxLength: 40 }))
  .map(([h, marks]) =>
    h.flatMap((m, i): Message[] =>
      m.role === "user" && h[i + 1]?.role !== "user" && marks[i]
        ? [m, { role: "system", content: `late ${i}`, update: { effort: "low" } }]
        : [m],
    ),
  );

/** Claude Opus 5.5 on the Claude API, as the Messages wire is configured for it. */
const OPUS_55_CFG = {
  model: "claude-opus-5-5",
  settings: { maxTokens: 4096 },
  thinking: undefined,
  effort: undefined,
  provider: "anthropic",
};

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

  it("keepLastTurns never lets a late system message lead, loses none, and Opus 5.5 takes the result", () => {
    fc.assert(
      fc.property(withLateSystem, fc.integer({ min: 1, max: 8 }), (h, n) => {
        const out = keepLastTurns(n)(h);
        validateHistory(out);
        expect(out[0]?.role).toBe("user");
        const system = (l: Message[]) => l.filter((m) => m.role === "system");
        expect(system(out)).toEqual(system(h));
        expect(() => buildRequest({ messages: out }, OPUS_55_CFG, false)).not.toThrow();
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

describe("keepLastTurns on a bound conversation that holds a late system message", () => {
  /**
   * The agent-updates conversation (Claude Opus 5.5), replayed from its cassette: a second agent
   * run appended a system message with its instructions and an added tool, and the last
   * request an effort-only one; every assistant turn carries a prefix record.
   */
  async function conversation(): Promise<Message[]> {
    const cassette = loadCassette("anthropic", "agent-updates");
    const recorded = await createModel("anthropic", OPUS_55, replayFetch(cassette));
    let last: { messages: Message[]; reply: Message } | undefined;
    await agentUpdatesLoop(async (req) => {
      const res = await recorded.generate(req);
      last = { messages: req.messages, reply: res.message };
      return res;
    });
    if (!last) throw new Error("the scenario sent nothing");
    return [...last.messages, last.reply];
  }

  it("is sent to Opus 5.5 under prefixCheck drop, the late system message after the kept prompt", async () => {
    const history = await conversation();
    expect(history.some((m) => m.role === "system" && m.update?.addTools)).toBe(true);
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, answer([{ type: "text", text: "Bye." }])),
    ]);
    const model = await createModel("anthropic", { ...OPUS_55, prefixCheck: "drop" }, fetch);
    const agent = new Agent({
      model,
      instructions: "Answer in one short sentence.",
      tools: [WEATHER, LOCAL_TIME].map(specTool),
      historyProcessors: [keepLastTurns(1, { allowPrefixChange: true })],
    });
    const result = await agent.runWithHistory(history, "One more: is it humid?");
    expect(result.output).toBe("Bye.");
    expect(calls).toHaveLength(1);
    const sent = JSON.parse(calls[0]?.body ?? "{}") as {
      messages: { role: string; content: { type: string; name?: string }[] }[];
    };
    expect(sent.messages.map((m) => m.role)).toEqual(["user", "system"]);
    // The added tool is still in effect: its addition went along.
    expect(JSON.stringify(sent.messages[1])).toContain("local_time");
  });
});
