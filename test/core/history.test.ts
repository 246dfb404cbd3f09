import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import type { Message, ThinkingBlock, ToolCall } from "../../src/core/types.js";
import { bundledPackages } from "./bundle-inputs.js";

function rejection(input: unknown): HistoryError {
  try {
    parseHistory(input);
  } catch (err) {
    expect(err).toBeInstanceOf(HistoryError);
    return err as HistoryError;
  }
  throw new Error("expected the history to be rejected");
}

function roundTrip(history: Message[]): Message[] {
  const text = serializeHistory(history);
  const back = parseHistory(text);
  expect(serializeHistory(back)).toBe(text);
  return back;
}

describe("serializeHistory", () => {
  it("writes plain JSON with the fields as given", () => {
    const history: Message[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: "yo", thinking: [{ text: "", signature: "s+/=" }] },
    ];
    expect(serializeHistory(history)).toBe(
      '[{"role":"user","content":"hi"},{"role":"assistant","content":"yo","thinking":[{"text":"","signature":"s+/="}]}]',
    );
  });

  it("refuses an invalid history, naming the message", () => {
    const history = [
      { role: "user", content: "hi" },
      { role: "tool", content: "18C", toolCallId: "nope" },
    ] as Message[];
    const err = (() => {
      try {
        serializeHistory(history);
      } catch (e) {
        return e as HistoryError;
      }
      throw new Error("expected a HistoryError");
    })();
    expect(err).toBeInstanceOf(HistoryError);
    expect(err.index).toBe(1);
  });
});

describe("parseHistory and serializeHistory round trip", () => {
  it("keeps signatures holding +, / and = byte for byte", () => {
    const signature = "EqQBCkYIBRgCKkD+/9xZ3/q+Tz==";
    const history: Message[] = [
      { role: "user", content: "2+2?" },
      {
        role: "assistant",
        content: "4",
        contentSignature: "Cg==/+",
        thinking: [
          { text: "add", signature, provider: "anthropic" },
          { redacted: "EmwKAhgBEgy3va3pzix/LafPsn4a+=", provider: "anthropic" },
        ],
        toolCalls: [{ id: "c", name: "calc", arguments: '{"a":2}', signature: "++//==" }],
      },
    ];
    const back = roundTrip(history);
    expect(back).toStrictEqual(history);
    expect(back[1]?.thinking?.[0]?.signature).toBe(signature);
    expect(back[1]?.thinking?.[1]?.redacted).toBe("EmwKAhgBEgy3va3pzix/LafPsn4a+=");
    expect(back[1]?.contentSignature).toBe("Cg==/+");
    expect(back[1]?.toolCalls?.[0]?.signature).toBe("++//==");
  });

  it("keeps emoji, CJK and combining marks without normalizing them", () => {
    const decomposed = "Cafe\u0301 A\u030A \u1100\u1161";
    const history: Message[] = [
      { role: "user", content: decomposed },
      {
        role: "assistant",
        content: "思考中：天气很好 👩‍👩‍👧 🧠",
        thinking: [{ text: `${decomposed} 🧠 考虑`, signature: "sig" }],
      },
    ];
    const back = roundTrip(history);
    expect(back).toStrictEqual(history);
    expect(back[0]?.content).toBe(decomposed);
    expect(back[0]?.content).not.toBe(decomposed.normalize("NFC"));
    expect(back[0]?.content.length).toBe(11);
    expect(back[1]?.content).toBe("思考中：天气很好 👩‍👩‍👧 🧠");
  });

  it("keeps quotes, backslashes, control characters, line separators and lone surrogates", () => {
    const odd = 'a"b\\c\u0000\u001f\n\r\t\u2028\u2029\ud800x\udfff';
    const history: Message[] = [{ role: "assistant", content: odd, thinking: [{ text: odd }] }];
    const back = roundTrip(history);
    expect(back[0]?.content).toBe(odd);
    expect(back[0]?.thinking?.[0]?.text).toBe(odd);
  });

  it("keeps 1 MB values identical", () => {
    const signature = "Ab+/=".repeat(210_000);
    const text = "思🧠e\u0301".repeat(100_000);
    const redacted = "x".repeat(1 << 20);
    const history: Message[] = [
      { role: "user", content: text },
      {
        role: "assistant",
        content: "",
        thinking: [{ text, signature }, { redacted }],
        toolCalls: [{ id: "c1", name: "f", arguments: JSON.stringify({ blob: text }) }],
      },
      { role: "tool", content: redacted, toolCallId: "c1" },
    ];
    const back = roundTrip(history);
    expect(back[1]?.thinking?.[0]?.signature).toBe(signature);
    expect(back[1]?.thinking?.[0]?.text).toBe(text);
    expect(back[1]?.thinking?.[1]?.redacted).toBe(redacted);
    expect(back[2]?.content).toBe(redacted);
    expect(back[0]?.content).toBe(text);
  });

  it("gives back the stored text even when its keys are not in schema order", () => {
    const stored =
      '[{"content":"hi","role":"user"},{"toolCalls":[{"arguments":"{}","name":"f","id":"1"}],"content":"","role":"assistant"},{"toolCallId":"1","isError":true,"content":"no","role":"tool"}]';
    expect(serializeHistory(parseHistory(stored))).toBe(stored);
  });

  it("accepts already-parsed JSON and returns a copy", () => {
    const input: Message[] = [{ role: "assistant", content: "a", thinking: [{ text: "t" }] }];
    const back = parseHistory(input);
    expect(back).toStrictEqual(input);
    expect(back).not.toBe(input);
    expect(back[0]?.thinking).not.toBe(input[0]?.thinking);
  });
});

describe("parseHistory rejects", () => {
  it("text that is not JSON, with the parser's reason and no index", () => {
    const err = rejection('[{"role":"user",');
    expect(err.index).toBeUndefined();
    expect(err.message).toMatch(/^history is not valid JSON: /);
    expect(err.cause).toBeInstanceOf(SyntaxError);
  });

  it("an empty string", () => {
    const err = rejection("");
    expect(err.message).toMatch(/^history is not valid JSON: /);
  });

  const cases: [string, string, number | undefined, string][] = [
    [
      "a history that is not an array",
      '{"role":"user"}',
      undefined,
      "history: expected array, got object",
    ],
    [
      "a message that is a number",
      '[{"role":"user","content":""},1]',
      1,
      "messages[1]: expected object, got number",
    ],
    [
      "an unknown field on a message",
      '[{"role":"user","content":"","name":"bob"}]',
      0,
      'messages[0]: unknown field "name"',
    ],
    [
      "an unknown role",
      '[{"role":"user","content":""},{"role":"developer","content":""}]',
      1,
      'messages[1]: role: expected one of "system", "user", "assistant", "tool", got "developer"',
    ],
    [
      "a message without a role",
      '[{"content":""}]',
      0,
      'messages[0]: role: missing (expected one of "system", "user", "assistant", "tool")',
    ],
    [
      "two unknown fields, named together",
      '[{"role":"user","content":"","name":"bob","age":3}]',
      0,
      'messages[0]: unknown fields "name", "age"',
    ],
    [
      "a wrong field before an unknown one (fields first, in the order of the format)",
      '[{"zz":1,"isError":"no","content":7,"role":"user"}]',
      0,
      "messages[0]: content: expected string, got number",
    ],
    [
      "the first bad message, not a later worse one",
      '[{"role":"user","content":"","thinking":[{"text":1}]},5]',
      0,
      "messages[0]: thinking[0].text: expected string, got number",
    ],
    [
      "a field inherited by every object, named as an unknown field",
      '[{"role":"user","content":"","toString":"x"}]',
      0,
      'messages[0]: unknown field "toString"',
    ],
    [
      "content that is a number",
      '[{"role":"user","content":42}]',
      0,
      "messages[0]: content: expected string, got number",
    ],
    ["missing content", '[{"role":"user"}]', 0, "messages[0]: content: missing (expected string)"],
    [
      "an unknown field on a thinking block",
      '[{"role":"assistant","content":"","thinking":[{"text":"a"},{"type":"thinking","text":"b"}]}]',
      0,
      'messages[0]: thinking[1]: unknown field "type"',
    ],
    [
      "a signature that is not a string",
      '[{"role":"assistant","content":"","thinking":[{"text":"a","signature":1}]}]',
      0,
      "messages[0]: thinking[0].signature: expected string, got number",
    ],
    [
      "a tool call without arguments",
      '[{"role":"assistant","content":"","toolCalls":[{"id":"a","name":"f"}]}]',
      0,
      "messages[0]: toolCalls[0].arguments: missing (expected string)",
    ],
    [
      "tool-call arguments that are not JSON",
      '[{"role":"user","content":"go"},{"role":"assistant","content":"","toolCalls":[{"id":"a","name":"f","arguments":"{\\"city\\": Paris}"}]}]',
      1,
      'messages[1]: toolCalls[0] arguments are not valid JSON: "{\\"city\\": Paris}"',
    ],
    [
      "isError that is a string",
      '[{"role":"tool","content":"","toolCallId":"a","isError":"true"}]',
      0,
      "messages[0]: isError: expected boolean, got string",
    ],
    [
      "an unsigned empty thinking block (a validation rule)",
      '[{"role":"user","content":""},{"role":"assistant","content":"","thinking":[{"text":""}]}]',
      1,
      'messages[1]: thinking[0] has empty text ("" is allowed only when signed)',
    ],
    [
      "thinking on a user message (a validation rule)",
      '[{"role":"user","content":"","thinking":[{"text":"a"}]}]',
      0,
      "messages[0]: thinking is allowed only on assistant messages",
    ],
    [
      "a tool result for a call never made (a validation rule)",
      '[{"role":"user","content":"q"},{"role":"assistant","content":"a"},{"role":"tool","content":"r","toolCallId":"c"}]',
      2,
      'messages[2]: toolCallId "c" names no tool call of an earlier assistant message',
    ],
  ];

  it.each(cases)("%s", (_, json, index, message) => {
    const err = rejection(json);
    expect(err.index).toBe(index);
    expect(err.message).toBe(message);
  });
});

// Any code point, plus the lone surrogates and marks that normalization or UTF-8 would change.
const unit = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.constantFrom("\ud800", "\udfff", "\u0301", "🧠", "思", "\u2028", '"', "\\", "+", "/", "="),
);
const text = fc.string({ unit, maxLength: 12 });
const nonEmpty = fc.string({ unit, minLength: 1, maxLength: 12 });
const signature = fc.oneof(fc.base64String({ minLength: 4, maxLength: 40 }), nonEmpty);
const provider = fc.constantFrom("anthropic", "bedrock", "gemini", "openai", "azure");

const block: fc.Arbitrary<ThinkingBlock> = fc.oneof(
  fc.record({ text: nonEmpty, provider }, { requiredKeys: ["text"], noNullPrototype: true }),
  fc.record(
    { text, signature, provider },
    { requiredKeys: ["text", "signature"], noNullPrototype: true },
  ),
  fc.record(
    { redacted: nonEmpty, provider },
    { requiredKeys: ["redacted"], noNullPrototype: true },
  ),
);
const jsonText = fc.oneof(fc.constant(""), fc.json({ maxDepth: 2 }));
const toolCall: fc.Arbitrary<ToolCall> = fc.record(
  { id: nonEmpty, name: nonEmpty, arguments: jsonText, signature },
  { requiredKeys: ["id", "name", "arguments"], noNullPrototype: true },
);
type Template =
  | Message
  | { role: "tool-template"; pick: number; content: string; isError?: boolean };
const template: fc.Arbitrary<Template> = fc.oneof(
  fc.record(
    { role: fc.constantFrom("system" as const, "user" as const), content: text },
    { noNullPrototype: true },
  ),
  fc.record(
    {
      role: fc.constant("assistant" as const),
      content: text,
      thinking: fc.array(block, { maxLength: 3 }),
      toolCalls: fc.array(toolCall, { maxLength: 3 }),
      contentSignature: signature,
    },
    { requiredKeys: ["role", "content"], noNullPrototype: true },
  ),
  fc.record(
    {
      role: fc.constant("tool-template" as const),
      pick: fc.nat(),
      content: text,
      isError: fc.boolean(),
    },
    { requiredKeys: ["role", "pick", "content"], noNullPrototype: true },
  ),
);

/** A valid history: each tool message answers a call of an earlier assistant message. */
const history: fc.Arbitrary<Message[]> = fc.array(template, { maxLength: 8 }).map((templates) => {
  const ids: string[] = [];
  return templates.map((t): Message => {
    if (t.role === "assistant") for (const call of t.toolCalls ?? []) ids.push(call.id);
    if (t.role !== "tool-template") return t;
    const id = ids[t.pick % Math.max(ids.length, 1)];
    if (id === undefined) return { role: "user", content: t.content };
    return t.isError === undefined
      ? { role: "tool", content: t.content, toolCallId: id }
      : { role: "tool", content: t.content, toolCallId: id, isError: t.isError };
  });
});

describe("round trip property", () => {
  it("random valid histories come back identical, as values and as text", () => {
    fc.assert(
      fc.property(history, (h) => {
        const stored = serializeHistory(h);
        const back = parseHistory(stored);
        expect(back).toStrictEqual(h);
        expect(serializeHistory(back)).toBe(stored);
        expect(parseHistory(h)).toStrictEqual(h);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the history check", () => {
  it("is golem's own: no bundle of the root entry carries zod or any other package", async () => {
    expect(await bundledPackages('export { parseHistory } from "./src/index.ts";')).toEqual([]);
    expect(await bundledPackages('export * from "./src/index.ts";')).toEqual([]);
  });
});
