import { describe, expect, it, vi } from "vitest";

// Counts the characters the prefix check hashes, to see what a second check of the same
// history hashes again.
const hashed = vi.hoisted(() => ({ chars: 0 }));
vi.mock("../../src/core/hash.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/core/hash.js")>();
  return {
    ...real,
    hashText: (text: string, seed?: number) => {
      hashed.chars += text.length;
      return real.hashText(text, seed);
    },
  };
});

import { HistoryError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import type { Message, ModelResponse, Part, ToolSpec } from "../../src/core/types.js";
import { guardPrefix } from "../../src/kit/prefix/guard.js";
import { hasTree, treeOf } from "../../src/kit/prefix/hash-once.js";
import { MESSAGES_PREFIX } from "../../src/wires/messages/prefix.js";
import { buildRequest } from "../../src/wires/messages/request.js";

const CFG = {
  model: "claude-opus-5-5",
  settings: { maxTokens: 8000 },
  thinking: { type: "adaptive" as const },
  effort: undefined,
  prefixCheck: "error" as const,
};
const TOOLS: ToolSpec[] = [
  { name: "search", description: "search", parameters: { type: "object", properties: {} } },
];
const FILLER = "lorem ipsum dolor sit amet ".repeat(40);

function guard(history: Message[]) {
  const body = buildRequest({ system: "S", tools: TOOLS, messages: history }, CFG, false);
  return guardPrefix(MESSAGES_PREFIX, body, history, "error");
}

/** `turns` tool steps, each assistant turn recorded as golem records it. */
function conversation(turns: number): Message[] {
  const history: Message[] = [];
  for (let t = 0; t < turns; t++) {
    history.push({ role: "user", content: `question ${t}: ${FILLER}` });
    const reply: ModelResponse = {
      message: {
        role: "assistant",
        content: [
          { type: "thinking", text: FILLER, signature: `sig-${t}` },
          { type: "tool-call", id: `call_${t}`, name: "search", arguments: '{"q":"x"}' },
        ],
      },
      usage: { inputTokens: 1, outputTokens: 1 },
      stopReason: "tool_use",
    };
    history.push((guard(history)?.finish(reply) ?? reply).message);
    history.push({ role: "tool", toolCallId: `call_${t}`, content: FILLER });
  }
  return history;
}

function charsHashedBy(fn: () => void): number {
  hashed.chars = 0;
  fn();
  return hashed.chars;
}

describe("the prefix check hashes each message once", () => {
  it("a second check of a long history hashes only the message added since", () => {
    const history = parseHistory(serializeHistory(conversation(30)));
    const first = charsHashedBy(() => guard(history));
    history.push({ role: "user", content: "one more" });
    const again = charsHashedBy(() => guard(history));
    expect(first).toBeGreaterThan(30 * FILLER.length);
    expect(again).toBeLessThan(first / 20);
  });

  it("a history read back from JSON is hashed again, and its records still hold", () => {
    const history = parseHistory(serializeHistory(conversation(5)));
    expect(charsHashedBy(() => guard(history))).toBeGreaterThan(5 * FILLER.length);
  });

  const edits: [string, (history: Message[]) => void][] = [
    [
      "a user message's text replaced in place",
      (h) => {
        (h[3] as Message).content = "x";
      },
    ],
    [
      "a thinking part's text changed in place",
      (h) => {
        const thinking = ((h[1] as Message).content as Part[])[0] as { text: string };
        thinking.text += "!";
      },
    ],
    [
      "a tool call's arguments changed in place",
      (h) => {
        const call = ((h[4] as Message).content as Part[])[1] as { arguments: string };
        call.arguments = '{"q":"y"}';
      },
    ],
    [
      "a part pushed into an earlier turn",
      (h) => void ((h[4] as Message).content as Part[]).push({ type: "text", text: "added" }),
    ],
  ];

  it.each(edits)("%s after a check is still found by the next check", (_, edit) => {
    const history = conversation(4);
    guard(history);
    const before = JSON.stringify(history);
    edit(history);
    if (JSON.stringify(history) === before) return expect.fail("the edit changed nothing");
    expect(() => guard(history)).toThrow(HistoryError);
  });
});

describe("a record golem makes is sealed", () => {
  it("is frozen through and through, so an edit in place throws instead of going unseen", () => {
    const record = conversation(2)[1]?.prefix;
    if (!record) return expect.fail("no record");
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.steps)).toBe(true);
    expect(record.steps.every((s) => Object.isFrozen(s))).toBe(true);
    expect(Object.isFrozen(record.head)).toBe(true);
    expect(() => {
      (record as { chain: string }).chain = "edited";
    }).toThrow(TypeError);
  });

  it("is walked as one leaf: a history's tree does not grow with its records", () => {
    const [user, assistant] = conversation(1);
    if (!assistant?.prefix || !user) return expect.fail("no record");
    const plain = JSON.parse(JSON.stringify(assistant)) as Message;
    expect(treeOf(assistant)?.length).toBeLessThan((treeOf(plain)?.length ?? 0) - 10);
    // The record itself, not a copy: a record replaced by an equal one is a change.
    const replaced = { ...assistant, prefix: { ...assistant.prefix } };
    expect(hasTree(replaced, treeOf(assistant) ?? [])).toBe(false);
    expect(hasTree(plain, treeOf(plain) ?? [])).toBe(true);
  });
});
