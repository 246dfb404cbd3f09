import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import type { Message } from "../../src/core/types.js";
import { validateHistory } from "../../src/core/validate.js";

const ASK: Message = { role: "user", content: "weather in Paris?" };
const CALL: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: "use the tool", signature: "c2ln", provider: "anthropic" },
    { type: "tool-call", id: "call_1", name: "weather", arguments: '{"city":"Paris"}' },
  ],
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

/** An assistant message holding the one part `part`. */
const assistant = (part: unknown) => ({ role: "assistant", content: [part] });
/** A user message holding the one part `part`. */
const user = (part: unknown) => ({ role: "user", content: [part] });

describe("validateHistory accepts", () => {
  it("an empty history", () => {
    expect(() => validateHistory([])).not.toThrow();
  });

  it("every role with every part and field where it belongs", () => {
    const history: Message[] = [
      { role: "system", content: "be brief" },
      { role: "system", content: [{ type: "text", text: "and kind" }] },
      { role: "system", content: "", update: { effort: "low", output: null } },
      {
        role: "system",
        content: "use the new tool",
        update: {
          addTools: [{ name: "f", description: "", parameters: { type: "object" }, strict: true }],
          removeTools: ["g"],
          output: { schema: { type: "object" }, name: "answer" },
        },
      },
      {
        role: "user",
        content: [
          { type: "text", text: "what is in these?" },
          { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
          { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
          { type: "file", mediaType: "application/pdf", data: "JVBERi0=", filename: "a.pdf" },
          { type: "file", mediaType: "text/plain", url: "https://example.com/a.txt" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", redacted: "ZW5j", provider: "anthropic" },
          { type: "text", text: "calling", signature: "Y29udGVudA==", provider: "gemini" },
          { type: "thinking", text: "", signature: "sig" },
          { type: "thinking", text: "plain" },
          { type: "tool-call", id: "a", name: "weather", arguments: "{}", signature: "dGM=" },
          { type: "provider", provider: "anthropic", value: { type: "server_tool_use" } },
          { type: "tool-call", id: "b", name: "time", arguments: "" },
          { type: "text", text: "done", phase: "final_answer", provider: "openai" },
          { type: "text", text: "", phase: "commentary" },
        ],
      },
      {
        role: "tool",
        content: [
          { type: "text", text: "18C" },
          { type: "image", mediaType: "image/png", url: "https://example.com/map.png" },
        ],
        toolCallId: "a",
      },
      { role: "tool", content: "boom", toolCallId: "b", isError: true, cache: true },
      { role: "assistant", content: "It is 18C.", cache: false },
      { role: "assistant", content: [] },
      { role: "user", content: "" },
    ];
    expect(() => validateHistory(history)).not.toThrow();
  });

  it("a user message after the answers of a tool loop", () => {
    const history: Message[] = [ASK, CALL, RESULT, { role: "user", content: "and?" }];
    expect(() => validateHistory(history)).not.toThrow();
  });

  it("a last assistant turn whose calls are still to be answered", () => {
    expect(() => validateHistory([ASK, CALL])).not.toThrow();
  });

  it("a tool message answering any tool-call part of an earlier message, wherever it sits", () => {
    const history: Message[] = [
      ASK,
      {
        role: "assistant",
        content: [
          { type: "text", text: "first" },
          { type: "tool-call", id: "x", name: "f", arguments: "{}" },
          { type: "thinking", text: "and then", signature: "s" },
          { type: "tool-call", id: "y", name: "f", arguments: "[1]" },
        ],
      },
      { role: "tool", content: "y done", toolCallId: "y" },
      { role: "tool", content: "x done", toolCallId: "x" },
    ];
    expect(() => validateHistory(history)).not.toThrow();
  });

  it("an interrupted answer's tool calls left unanswered: they are never sent", () => {
    const cut: Message = { ...CALL, interrupted: true };
    expect(() => validateHistory([ASK, cut, { role: "user", content: "go on" }])).not.toThrow();
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
    [
      "a tool call left unanswered before the next user message",
      [ASK, CALL, { role: "user", content: "and?" }, RESULT],
      2,
      'tool call "call_1" of messages[1] has no tool message answering it before this user message',
    ],
    [
      "a tool call left unanswered before the next assistant message",
      [ASK, CALL, { role: "assistant", content: "wait" }],
      2,
      'tool call "call_1" of messages[1] has no tool message answering it before this assistant message',
    ],
    [
      "a tool message answering an interrupted answer's call (the call is never sent)",
      [ASK, { ...CALL, interrupted: true }, RESULT],
      2,
      'toolCallId "call_1" names no tool call of an earlier assistant message',
    ],
    [
      "interrupted on a user message",
      [{ ...ASK, interrupted: true }],
      0,
      "interrupted is allowed only on assistant messages, as true",
    ],
    [
      "interrupted that is not true",
      [ASK, { ...CALL, interrupted: false }],
      1,
      "interrupted is allowed only on assistant messages, as true",
    ],
    ["a message that is null", [ASK, null], 1, "is not an object"],
    ["a message that is a string", ["hi"], 0, "is not an object"],
    ["an unknown role", [ASK, { role: "robot", content: "" }], 1, 'has an unknown role "robot"'],
    ["a missing role", [{ content: "x" }], 0, "has an unknown role undefined"],
    [
      "content that is missing",
      [{ role: "user" }],
      0,
      "content is neither a string nor an array of parts",
    ],
    [
      "content that is null",
      [{ role: "assistant", content: null }],
      0,
      "content is neither a string nor an array of parts",
    ],
    [
      "content that is one part, not an array",
      [{ role: "user", content: { type: "text", text: "hi" } }],
      0,
      "content is neither a string nor an array of parts",
    ],
    ["a part that is null", [ASK, assistant(null)], 1, "content[0] is not an object"],
    ["a part that is a string", [user("hi")], 0, "content[0] is not an object"],
    ["a part that is an array", [user([])], 0, "content[0] is not an object"],
    ["a part without a type", [user({ text: "hi" })], 0, "content[0] has no type"],
    [
      "an unknown part type",
      [ASK, user({ type: "video", url: "https://example.com/v.mp4" })],
      1,
      'content[0] has type "video", which user messages cannot hold',
    ],
    [
      "a thinking part in a user message",
      [
        {
          role: "user",
          content: [
            { type: "text", text: "hi" },
            { type: "thinking", text: "a" },
          ],
        },
      ],
      0,
      'content[1] has type "thinking", which user messages cannot hold',
    ],
    [
      "a tool-call part in a tool message",
      [
        ASK,
        CALL,
        { ...RESULT, content: [{ type: "tool-call", id: "z", name: "f", arguments: "{}" }] },
      ],
      2,
      'content[0] has type "tool-call", which tool messages cannot hold',
    ],
    [
      "an image in a system message",
      [
        {
          role: "system",
          content: [{ type: "image", mediaType: "image/png", url: "https://example.com/a" }],
        },
      ],
      0,
      'content[0] has type "image", which system messages cannot hold',
    ],
    [
      "a provider part in a user message",
      [user({ type: "provider", provider: "anthropic", value: {} })],
      0,
      'content[0] has type "provider", which user messages cannot hold',
    ],
    [
      "text that is not a string",
      [user({ type: "text", text: 1 })],
      0,
      "content[0] has text that is not a string",
    ],
    [
      "an unknown phase",
      [assistant({ type: "text", text: "a", phase: "final" })],
      0,
      'content[0] has an unknown phase "final"',
    ],
    [
      "a text part with an empty signature",
      [assistant({ type: "text", text: "a", signature: "" })],
      0,
      "content[0] has a signature that is not a non-empty string",
    ],
    [
      "a text part with an empty provider",
      [assistant({ type: "text", text: "a", provider: "" })],
      0,
      "content[0] has a provider that is not a non-empty string",
    ],
    [
      "an image with both data and url",
      [user({ type: "image", mediaType: "image/png", data: "AAAA", url: "https://example.com" })],
      0,
      "content[0] needs exactly one of data and url",
    ],
    [
      "an image with neither data nor url",
      [user({ type: "image", mediaType: "image/png" })],
      0,
      "content[0] needs exactly one of data and url",
    ],
    [
      "an image without a mediaType",
      [user({ type: "image", data: "AAAA" })],
      0,
      "content[0] has no mediaType",
    ],
    [
      "image data whose length is no multiple of 4",
      [user({ type: "image", mediaType: "image/png", data: "AAA" })],
      0,
      "content[0] has data that is not base64",
    ],
    [
      "image data with characters outside base64",
      [user({ type: "image", mediaType: "image/png", data: "AA-_" })],
      0,
      "content[0] has data that is not base64",
    ],
    [
      "file data that is not a string",
      [user({ type: "file", mediaType: "application/pdf", data: 12 })],
      0,
      "content[0] has data that is not base64",
    ],
    [
      "a file with an empty url",
      [user({ type: "file", mediaType: "application/pdf", url: "" })],
      0,
      "content[0] has a url that is not a non-empty string",
    ],
    [
      "a file with an empty filename",
      [user({ type: "file", mediaType: "application/pdf", data: "AAAA", filename: "" })],
      0,
      "content[0] has a filename that is not a non-empty string",
    ],
    [
      "a provider part without provider",
      [assistant({ type: "provider", value: { type: "server_tool_use" } })],
      0,
      "content[0] has no provider",
    ],
    [
      "a provider part with an empty provider",
      [assistant({ type: "provider", provider: "", value: {} })],
      0,
      "content[0] has no provider",
    ],
    [
      "a provider part without value",
      [assistant({ type: "provider", provider: "anthropic" })],
      0,
      "content[0] has no value",
    ],
    [
      "a malformed thinking part, naming its position",
      [
        ASK,
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "a" },
            { type: "thinking", text: "" },
          ],
        },
      ],
      1,
      'content[1] has empty text ("" is allowed only when signed)',
    ],
    [
      "a redacted thinking part that also has text",
      [assistant({ type: "thinking", redacted: "d", text: "a" })],
      0,
      "content[0] is redacted and also has text or a signature",
    ],
    [
      "a thinking part with a field it does not have",
      [assistant({ type: "thinking", text: "a", data: "x" })],
      0,
      'content[0] has an unknown field "data"',
    ],
    [
      "a tool call without an id",
      [assistant({ type: "tool-call", name: "f", arguments: "{}" })],
      0,
      "content[0] has no id",
    ],
    [
      "a tool call with an empty id, naming its position",
      [
        {
          role: "assistant",
          content: [
            { type: "tool-call", id: "a", name: "f", arguments: "{}" },
            { type: "tool-call", id: "", name: "f", arguments: "{}" },
          ],
        },
      ],
      0,
      "content[1] has no id",
    ],
    [
      "a tool call with an empty name",
      [assistant({ type: "tool-call", id: "a", name: "", arguments: "{}" })],
      0,
      "content[0] has no name",
    ],
    [
      "a tool call whose arguments are an object",
      [assistant({ type: "tool-call", id: "a", name: "f", arguments: {} })],
      0,
      "content[0] arguments are not a JSON string",
    ],
    [
      "a tool call whose arguments are not JSON",
      [ASK, assistant({ type: "tool-call", id: "a", name: "f", arguments: "{x" })],
      1,
      'content[0] arguments are not valid JSON: "{x"',
    ],
    [
      "a tool call whose arguments are only whitespace",
      [assistant({ type: "tool-call", id: "a", name: "f", arguments: " " })],
      0,
      'content[0] arguments are not valid JSON: " "',
    ],
    [
      "a tool call with an empty signature",
      [assistant({ type: "tool-call", id: "a", name: "f", arguments: "{}", signature: "" })],
      0,
      "content[0] has a signature that is not a non-empty string",
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
    ["cache that is not a boolean", [{ ...ASK, cache: 1 }], 0, "cache is not a boolean"],
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
    [
      "an update on a user message",
      [{ ...ASK, update: { effort: "low" } }],
      0,
      "update is allowed only on system messages",
    ],
    [
      "a system message with empty text and no update",
      [ASK, { role: "system", content: "" }],
      1,
      "a system message needs text, or an update when its text is empty",
    ],
    [
      "an update that changes nothing",
      [ASK, { role: "system", content: "", update: { addTools: [] } }],
      1,
      "update changes nothing: give addTools, removeTools, effort, output or clearAt",
    ],
    [
      "an update whose clearAt is not one the API takes",
      [ASK, { role: "system", content: "Brief.", update: { clearAt: "later" } }],
      1,
      "update.clearAt is not next_user_message or never",
    ],
    [
      "an update with a field golem does not know",
      [ASK, { role: "system", content: "", update: { effort: "low", tools: [] } }],
      1,
      'update has an unknown field "tools"',
    ],
    [
      "an added tool without parameters",
      [
        ASK,
        { role: "system", content: "", update: { addTools: [{ name: "f", description: "" }] } },
      ],
      1,
      "update.addTools[0] has parameters that are not a JSON Schema object",
    ],
    [
      "an added tool without a name",
      [
        ASK,
        {
          role: "system",
          content: "",
          update: { addTools: [{ description: "", parameters: {} }] },
        },
      ],
      1,
      "update.addTools[0] has no name",
    ],
    [
      "a removed tool that is not a name",
      [ASK, { role: "system", content: "", update: { removeTools: ["f", ""] } }],
      1,
      "update.removeTools is not an array of tool names",
    ],
    [
      "an effort that is not a string",
      [ASK, { role: "system", content: "", update: { effort: 3 } }],
      1,
      "update.effort is not a non-empty string: 3",
    ],
    [
      "an output without a schema object",
      [ASK, { role: "system", content: "", update: { output: { schema: "json" } } }],
      1,
      "update.output is neither null nor an object with a schema object",
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
