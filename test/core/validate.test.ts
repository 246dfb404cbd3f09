import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import type { Message } from "../../src/core/types.js";
import { validateHistory } from "../../src/core/validate.js";

const ASK: Message = { role: "user", content: "weather in Paris?" };
const CALL: Message = {
  role: "assistant",
  content: "",
  thinking: [{ text: "use the tool", signature: "c2ln", provider: "anthropic" }],
  toolCalls: [{ id: "call_1", name: "weather", arguments: '{"city":"Paris"}' }],
};
const RESULT: Message = { role: "tool", content: "18C", toolCallId: "call_1" };

function rejection(messages: unknown): HistoryError {
  try {
    validateHistory(messages as Message[]);
  } catch (err) {
    expect(err).toBeInstanceOf(HistoryError);
    return err as HistoryError;
  }
  throw new Error("expected the history to be rejected");
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe("validateHistory accepts", () => {
  it("an empty history", () => {
    expect(() => validateHistory([])).not.toThrow();
  });

  it("every role with every field where it belongs", () => {
    const history: Message[] = [
      { role: "system", content: "be brief" },
      ASK,
      {
        role: "assistant",
        content: "calling",
        contentSignature: "Y29udGVudA==",
        thinking: [{ redacted: "ZW5j" }, { text: "", signature: "sig" }, { text: "plain" }],
        toolCalls: [
          { id: "a", name: "weather", arguments: "{}", signature: "dGM=" },
          { id: "b", name: "time", arguments: "" },
        ],
      },
      { role: "tool", content: "18C", toolCallId: "a" },
      { role: "tool", content: "boom", toolCallId: "b", isError: true },
      { role: "assistant", content: "It is 18C." },
    ];
    expect(() => validateHistory(history)).not.toThrow();
  });

  it("a tool message answering a call made several messages earlier", () => {
    const history: Message[] = [
      ASK,
      CALL,
      { role: "user", content: "and?" },
      { role: "assistant", content: "wait" },
      RESULT,
    ];
    expect(() => validateHistory(history)).not.toThrow();
  });

  it("without changing anything (frozen input)", () => {
    const history = deepFreeze([ASK, CALL, RESULT]);
    const before = JSON.stringify(history);
    expect(() => validateHistory(history)).not.toThrow();
    expect(JSON.stringify(history)).toBe(before);
  });
});

describe("validateHistory rejects", () => {
  const cases: [string, unknown[], number, string][] = [
    ["a message that is null", [ASK, null], 1, "is not an object"],
    ["a message that is a string", ["hi"], 0, "is not an object"],
    ["an unknown role", [ASK, { role: "robot", content: "" }], 1, 'has an unknown role "robot"'],
    ["a missing role", [{ content: "x" }], 0, "has an unknown role undefined"],
    ["content that is missing", [{ role: "user" }], 0, "content is not a string"],
    ["content that is null", [{ role: "assistant", content: null }], 0, "content is not a string"],
    [
      "content that is an array of parts",
      [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      0,
      "content is not a string",
    ],
    [
      "thinking on a user message",
      [{ role: "user", content: "", thinking: [{ text: "a" }] }],
      0,
      "thinking is allowed only on assistant messages",
    ],
    [
      "thinking on a system message",
      [{ role: "system", content: "", thinking: [] }],
      0,
      "thinking is allowed only on assistant messages",
    ],
    [
      "toolCalls on a user message",
      [{ role: "user", content: "", toolCalls: [{ id: "a", name: "f", arguments: "{}" }] }],
      0,
      "toolCalls is allowed only on assistant messages",
    ],
    [
      "toolCalls on a tool message",
      [ASK, CALL, { ...RESULT, toolCalls: [] }],
      2,
      "toolCalls is allowed only on assistant messages",
    ],
    [
      "contentSignature on a tool message",
      [ASK, CALL, { ...RESULT, contentSignature: "sig" }],
      2,
      "contentSignature is allowed only on assistant messages",
    ],
    [
      "toolCallId on a user message",
      [{ role: "user", content: "", toolCallId: "a" }],
      0,
      "toolCallId and isError are allowed only on tool messages",
    ],
    [
      "isError on an assistant message",
      [{ role: "assistant", content: "", isError: false }],
      0,
      "toolCallId and isError are allowed only on tool messages",
    ],
    [
      "isError that is not a boolean",
      [ASK, CALL, { ...RESULT, isError: "yes" }],
      2,
      "isError is not a boolean",
    ],
    [
      "an empty contentSignature",
      [{ role: "assistant", content: "a", contentSignature: "" }],
      0,
      "contentSignature is not a non-empty string",
    ],
    [
      "thinking that is not an array",
      [{ role: "assistant", content: "", thinking: { text: "a" } }],
      0,
      "thinking is not an array",
    ],
    [
      "a malformed thinking block, naming its position",
      [ASK, { role: "assistant", content: "", thinking: [{ text: "a" }, { text: "" }] }],
      1,
      'thinking[1] has empty text ("" is allowed only when signed)',
    ],
    [
      "a redacted block that also has text",
      [{ role: "assistant", content: "", thinking: [{ redacted: "d", text: "a" }] }],
      0,
      "thinking[0] is redacted and also has text or a signature",
    ],
    [
      "toolCalls that is not an array",
      [{ role: "assistant", content: "", toolCalls: "a" }],
      0,
      "toolCalls is not an array",
    ],
    [
      "a tool call that is not an object",
      [{ role: "assistant", content: "", toolCalls: [null] }],
      0,
      "toolCalls[0] is not an object",
    ],
    [
      "a tool call without an id",
      [{ role: "assistant", content: "", toolCalls: [{ name: "f", arguments: "{}" }] }],
      0,
      "toolCalls[0] has no id",
    ],
    [
      "a tool call with an empty id",
      [
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "a", name: "f", arguments: "{}" },
            { id: "", name: "f", arguments: "{}" },
          ],
        },
      ],
      0,
      "toolCalls[1] has no id",
    ],
    [
      "a tool call with an empty name",
      [{ role: "assistant", content: "", toolCalls: [{ id: "a", name: "", arguments: "{}" }] }],
      0,
      "toolCalls[0] has no name",
    ],
    [
      "a tool call whose arguments are an object",
      [{ role: "assistant", content: "", toolCalls: [{ id: "a", name: "f", arguments: {} }] }],
      0,
      "toolCalls[0] arguments are not a JSON string",
    ],
    [
      "a tool call whose arguments are not JSON",
      [
        ASK,
        { role: "assistant", content: "", toolCalls: [{ id: "a", name: "f", arguments: "{x" }] },
      ],
      1,
      'toolCalls[0] arguments are not valid JSON: "{x"',
    ],
    [
      "a tool call with an empty signature",
      [
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "a", name: "f", arguments: "{}", signature: "" }],
        },
      ],
      0,
      "toolCalls[0] has a signature that is not a non-empty string",
    ],
    [
      "a tool message without toolCallId",
      [ASK, CALL, { role: "tool", content: "18C" }],
      2,
      "a tool message needs a toolCallId",
    ],
    [
      "a tool message with an empty toolCallId",
      [ASK, CALL, { role: "tool", content: "18C", toolCallId: "" }],
      2,
      "a tool message needs a toolCallId",
    ],
    [
      "a toolCallId that names no earlier call",
      [ASK, CALL, { role: "tool", content: "18C", toolCallId: "call_2" }],
      2,
      'toolCallId "call_2" names no tool call of an earlier assistant message',
    ],
    [
      "a toolCallId that names a later call",
      [ASK, RESULT, CALL],
      1,
      'toolCallId "call_1" names no tool call of an earlier assistant message',
    ],
  ];

  it.each(cases)("%s", (_, history, index, reason) => {
    const err = rejection(history);
    expect(err.index).toBe(index);
    expect(err.message).toBe(`messages[${index}]: ${reason}`);
  });

  it("a history that is not an array, with no index", () => {
    const err = rejection({ 0: ASK });
    expect(err.index).toBeUndefined();
    expect(err.message).toBe("history is not an array");
  });

  it("naming the first bad message when several are bad", () => {
    const err = rejection([ASK, { role: "user", content: 1 }, { role: "x", content: "" }]);
    expect(err.index).toBe(1);
  });
});
