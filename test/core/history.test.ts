import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { textOf, toolCallsOf } from "../../src/core/parts.js";
import type {
  ConversationUpdate,
  FilePart,
  ImagePart,
  Message,
  Part,
  ProviderPart,
  TextPart,
  ThinkingPart,
  ToolCallPart,
} from "../../src/core/types.js";
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
      {
        role: "assistant",
        content: [
          { type: "thinking", text: "", signature: "s+/=" },
          { type: "text", text: "yo" },
        ],
      },
    ];
    expect(serializeHistory(history)).toBe(
      '[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"thinking","text":"","signature":"s+/="},{"type":"text","text":"yo"}]}]',
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
  it("keeps signatures holding +, / and = byte for byte, parts in their order", () => {
    const signature = "EqQBCkYIBRgCKkD+/9xZ3/q+Tz==";
    const content: Part[] = [
      { type: "thinking", text: "add", signature, provider: "anthropic" },
      { type: "text", text: "4", signature: "Cg==/+", provider: "gemini" },
      { type: "thinking", redacted: "EmwKAhgBEgy3va3pzix/LafPsn4a+=", provider: "anthropic" },
      { type: "tool-call", id: "c", name: "calc", arguments: '{"a":2}', signature: "++//==" },
      { type: "text", text: "sure", phase: "final_answer", provider: "openai" },
    ];
    const history: Message[] = [
      { role: "user", content: "2+2?" },
      { role: "assistant", content },
    ];
    const back = roundTrip(history);
    expect(back).toStrictEqual(history);
    expect(back[1]?.content).toStrictEqual(content);
  });

  it("keeps a system message's update, and refuses one on another role", () => {
    const history: Message[] = [
      { role: "user", content: "hi" },
      {
        role: "system",
        content: "",
        update: {
          addTools: [{ name: "f", description: "d", parameters: { type: "object" } }],
          removeTools: ["g"],
          effort: "low",
          output: null,
        },
      },
    ];
    expect(roundTrip(history)).toStrictEqual(history);
    const wrong = JSON.stringify([{ role: "user", content: "hi", update: { effort: "low" } }]);
    expect(() => parseHistory(wrong)).toThrow("update is allowed only on system messages");
  });

  it("keeps provider parts' values whatever they hold, and media parts", () => {
    const value = {
      type: "server_tool_use",
      id: "srvtoolu_01",
      name: "web_search",
      input: { query: "golem", nested: [1, null, { deep: "x" }] },
    };
    const history: Message[] = [
      {
        role: "user",
        content: [
          { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
          {
            type: "file",
            mediaType: "application/pdf",
            url: "https://example.com/a.pdf",
            filename: "a.pdf",
          },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "provider", provider: "anthropic", value },
          { type: "provider", provider: "gemini", value: "a string" },
          { type: "text", text: "found it" },
        ],
      },
    ];
    const back = roundTrip(history);
    expect(back).toStrictEqual(history);
  });

  it("keeps emoji, CJK and combining marks without normalizing them", () => {
    const decomposed = "Cafe\u0301 A\u030A \u1100\u1161";
    const history: Message[] = [
      { role: "user", content: decomposed },
      {
        role: "assistant",
        content: [
          { type: "thinking", text: `${decomposed} 🧠 考虑`, signature: "sig" },
          { type: "text", text: "思考中：天气很好 👩‍👩‍👧 🧠" },
        ],
      },
    ];
    const back = roundTrip(history);
    expect(back).toStrictEqual(history);
    expect(back[0]?.content).toBe(decomposed);
    expect(back[0]?.content).not.toBe(decomposed.normalize("NFC"));
    expect(back[0]?.content.length).toBe(11);
    expect(textOf(back[1] as Message)).toBe("思考中：天气很好 👩‍👩‍👧 🧠");
  });

  it("keeps quotes, backslashes, control characters, line separators and lone surrogates", () => {
    const odd = 'a"b\\c\u0000\u001f\n\r\t\u2028\u2029\ud800x\udfff';
    const history: Message[] = [
      {
        role: "assistant",
        content: [
          { type: "thinking", text: odd },
          { type: "text", text: odd },
        ],
      },
    ];
    const back = roundTrip(history);
    expect(back[0]?.content).toStrictEqual(history[0]?.content);
    expect(textOf(back[0] as Message)).toBe(odd);
  });

  it("keeps 1 MB values identical", () => {
    const signature = "Ab+/=".repeat(210_000);
    const text = "思🧠e\u0301".repeat(100_000);
    const redacted = "x".repeat(1 << 20);
    const content: Part[] = [
      { type: "thinking", text, signature },
      { type: "thinking", redacted },
      { type: "tool-call", id: "c1", name: "f", arguments: JSON.stringify({ blob: text }) },
    ];
    const history: Message[] = [
      { role: "user", content: text },
      { role: "assistant", content },
      { role: "tool", content: redacted, toolCallId: "c1" },
    ];
    const back = roundTrip(history);
    expect(back[1]?.content).toStrictEqual(content);
    expect(back[2]?.content).toBe(redacted);
    expect(back[0]?.content).toBe(text);
  });

  it("gives back the stored text even when its keys are not in schema order", () => {
    const stored =
      '[{"content":"hi","role":"user"},{"content":[{"arguments":"{}","name":"f","id":"1","type":"tool-call"}],"role":"assistant"},{"toolCallId":"1","isError":true,"content":"no","role":"tool"}]';
    expect(serializeHistory(parseHistory(stored))).toBe(stored);
  });

  it("accepts already-parsed JSON and returns a copy", () => {
    const input: Message[] = [{ role: "assistant", content: [{ type: "thinking", text: "t" }] }];
    const back = parseHistory(input);
    expect(back).toStrictEqual(input);
    expect(back).not.toBe(input);
    expect(back[0]?.content).not.toBe(input[0]?.content);
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
    ["a history that is not an array", '{"role":"user"}', undefined, "history is not an array"],
    [
      "a message that is a number",
      '[{"role":"user","content":""},1]',
      1,
      "messages[1]: is not an object",
    ],
    [
      "an unknown field on a message",
      '[{"role":"user","content":"","name":"bob"}]',
      0,
      'messages[0]: has an unknown field "name"',
    ],
    [
      "an unknown role",
      '[{"role":"user","content":""},{"role":"developer","content":""}]',
      1,
      'messages[1]: has an unknown role "developer"',
    ],
    [
      "a message without a role",
      '[{"content":""}]',
      0,
      "messages[0]: has an unknown role undefined",
    ],
    [
      "two unknown fields, named together",
      '[{"role":"user","content":"","name":"bob","age":3}]',
      0,
      'messages[0]: has unknown fields "name", "age"',
    ],
    [
      "a wrong field before an unknown one (fields first, in the order of the format)",
      '[{"zz":1,"isError":"no","content":7,"role":"user"}]',
      0,
      "messages[0]: toolCallId and isError are allowed only on tool messages",
    ],
    [
      "the first bad message, not a later worse one",
      '[{"role":"user","content":[{"type":"text","text":1}]},5]',
      0,
      "messages[0]: content[0] has text that is not a string",
    ],
    [
      "a field inherited by every object, named as an unknown field",
      '[{"role":"user","content":"","toString":"x"}]',
      0,
      'messages[0]: has an unknown field "toString"',
    ],
    [
      "content that is a number",
      '[{"role":"user","content":42}]',
      0,
      "messages[0]: content is neither a string nor an array of parts",
    ],
    [
      "content that is one part, not an array",
      '[{"role":"user","content":{"type":"text","text":"a"}}]',
      0,
      "messages[0]: content is neither a string nor an array of parts",
    ],
    [
      "missing content",
      '[{"role":"user"}]',
      0,
      "messages[0]: content is neither a string nor an array of parts",
    ],
    [
      "a 0.1 field next to the parts",
      '[{"role":"assistant","content":[{"type":"text","text":"a"}],"thinking":[]}]',
      0,
      'messages[0]: has an unknown field "thinking"',
    ],
    [
      "an unknown part type",
      '[{"role":"user","content":[{"type":"video","url":"x"}]}]',
      0,
      'messages[0]: content[0] has type "video", which user messages cannot hold',
    ],
    [
      "a part without a type",
      '[{"role":"user","content":[{"text":"a"}]}]',
      0,
      "messages[0]: content[0] has no type",
    ],
    [
      "an unknown field on a thinking part",
      '[{"role":"assistant","content":[{"type":"thinking","text":"a"},{"type":"thinking","text":"b","data":"x"}]}]',
      0,
      'messages[0]: content[1] has an unknown field "data"',
    ],
    [
      "an unknown field on a text part",
      '[{"role":"assistant","content":[{"type":"text","text":"a","extra":1}]}]',
      0,
      'messages[0]: content[0] has an unknown field "extra"',
    ],
    [
      "a filename on an image",
      '[{"role":"user","content":[{"type":"image","mediaType":"image/png","data":"AAAA","filename":"x"}]}]',
      0,
      'messages[0]: content[0] has an unknown field "filename"',
    ],
    [
      "a signature that is not a string",
      '[{"role":"assistant","content":[{"type":"thinking","text":"a","signature":1}]}]',
      0,
      "messages[0]: content[0] has a signature that is not a non-empty string",
    ],
    [
      "a tool call without arguments",
      '[{"role":"assistant","content":[{"type":"tool-call","id":"a","name":"f"}]}]',
      0,
      "messages[0]: content[0] arguments are not a JSON string",
    ],
    [
      "tool-call arguments that are not JSON (a validation rule)",
      '[{"role":"user","content":"go"},{"role":"assistant","content":[{"type":"tool-call","id":"a","name":"f","arguments":"{\\"city\\": Paris}"}]}]',
      1,
      'messages[1]: content[0] arguments are not valid JSON: "{\\"city\\": Paris}"',
    ],
    [
      "isError that is a string",
      '[{"role":"tool","content":"","toolCallId":"a","isError":"true"}]',
      0,
      "messages[0]: isError is not a boolean",
    ],
    [
      "an unsigned empty thinking part (a validation rule)",
      '[{"role":"user","content":""},{"role":"assistant","content":[{"type":"thinking","text":""}]}]',
      1,
      'messages[1]: content[0] has empty text ("" is allowed only when signed)',
    ],
    [
      "a thinking part in a user message (a validation rule)",
      '[{"role":"user","content":[{"type":"thinking","text":"a"}]}]',
      0,
      'messages[0]: content[0] has type "thinking", which user messages cannot hold',
    ],
    [
      "an image with both data and url (a validation rule)",
      '[{"role":"user","content":[{"type":"image","mediaType":"image/png","data":"AAAA","url":"https://example.com/a.png"}]}]',
      0,
      "messages[0]: content[0] needs exactly one of data and url",
    ],
    [
      "image data that is not base64 (a validation rule)",
      '[{"role":"user","content":[{"type":"image","mediaType":"image/png","data":"AAA"}]}]',
      0,
      "messages[0]: content[0] has data that is not base64",
    ],
    [
      "a provider part without provider",
      '[{"role":"assistant","content":[{"type":"provider","value":{}}]}]',
      0,
      "messages[0]: content[0] has no provider",
    ],
    [
      "a provider part without value (a validation rule)",
      '[{"role":"assistant","content":[{"type":"provider","provider":"anthropic"}]}]',
      0,
      "messages[0]: content[0] has no value",
    ],
    [
      "an unknown phase (a validation rule)",
      '[{"role":"assistant","content":[{"type":"text","text":"a","phase":"final"}]}]',
      0,
      'messages[0]: content[0] has an unknown phase "final"',
    ],
    [
      "a tool result for a call never made (a validation rule)",
      '[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"text","text":"a"}]},{"role":"tool","content":"r","toolCallId":"c"}]',
      2,
      'messages[2]: toolCallId "c" names no tool call of an earlier assistant message',
    ],
    [
      "a tool result whose toolCallId names no tool-call part, after one that does (a validation rule)",
      '[{"role":"assistant","content":[{"type":"tool-call","id":"a","name":"f","arguments":""}]},{"role":"tool","content":"r","toolCallId":"a"},{"role":"tool","content":"r","toolCallId":"b"}]',
      2,
      'messages[2]: toolCallId "b" names no tool call of an earlier assistant message',
    ],
  ];

  it("an unknown field of parsed input even when it holds undefined, and a hole in the array", () => {
    const input = [{ role: "user", content: "", extra: undefined }];
    expect(rejection(input).message).toBe('messages[0]: has an unknown field "extra"');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point.
    const holes = rejection([{ role: "user", content: "" }, , { role: "user", content: "" }]);
    expect(holes.index).toBe(1);
    expect(holes.message).toBe("messages[1]: is not an object");
  });

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

const opts = { noNullPrototype: true } as const;
const thinkingPart: fc.Arbitrary<ThinkingPart> = fc.oneof(
  fc.record(
    { type: fc.constant("thinking" as const), text: nonEmpty, provider },
    { ...opts, requiredKeys: ["type", "text"] },
  ),
  fc.record(
    { type: fc.constant("thinking" as const), text, signature, provider },
    { ...opts, requiredKeys: ["type", "text", "signature"] },
  ),
  fc.record(
    { type: fc.constant("thinking" as const), redacted: nonEmpty, provider },
    { ...opts, requiredKeys: ["type", "redacted"] },
  ),
);
const textPart: fc.Arbitrary<TextPart> = fc.record(
  {
    type: fc.constant("text" as const),
    text,
    signature,
    phase: fc.constantFrom("commentary" as const, "final_answer" as const),
    provider,
  },
  { ...opts, requiredKeys: ["type", "text"] },
);
const jsonText = fc.oneof(fc.constant(""), fc.json({ maxDepth: 2 }));
const toolCallPart: fc.Arbitrary<ToolCallPart> = fc.record(
  {
    type: fc.constant("tool-call" as const),
    id: nonEmpty,
    name: nonEmpty,
    arguments: jsonText,
    signature,
    provider,
  },
  { ...opts, requiredKeys: ["type", "id", "name", "arguments"] },
);
/** Base64 of random bytes, or a URL: exactly one. */
const source = fc.oneof(
  fc.uint8Array({ maxLength: 12 }).map((bytes) => ({ data: btoa(String.fromCharCode(...bytes)) })),
  fc.webUrl().map((url) => ({ url })),
);
const imagePart: fc.Arbitrary<ImagePart> = fc
  .tuple(fc.constantFrom("image/png", "image/jpeg"), source)
  .map(([mediaType, src]) => ({ type: "image", mediaType, ...src }));
const filePart: fc.Arbitrary<FilePart> = fc
  .tuple(fc.constantFrom("application/pdf", "text/plain"), source, fc.option(nonEmpty))
  .map(([mediaType, src, filename]) => ({
    type: "file",
    mediaType,
    ...src,
    ...(filename === null ? {} : { filename }),
  }));
// Values as JSON gives them back (fc.json, parsed): no -0, no undefined.
const providerPart: fc.Arbitrary<ProviderPart> = fc
  .tuple(provider, fc.json({ maxDepth: 3 }))
  .map(([name, json]) => ({ type: "provider", provider: name, value: JSON.parse(json) }));

const update: fc.Arbitrary<ConversationUpdate> = fc.record(
  {
    addTools: fc.array(
      fc.record(
        { name: nonEmpty, description: text, parameters: fc.constant({ type: "object" }) },
        opts,
      ),
      { minLength: 1, maxLength: 2 },
    ),
    removeTools: fc.array(nonEmpty, { minLength: 1, maxLength: 2 }),
    effort: fc.constantFrom("low", "max"),
    output: fc.constantFrom(null, { schema: { type: "object" } }),
  },
  { ...opts, requiredKeys: ["effort"] },
);
const saysSomething = (content: string | Part[]) =>
  typeof content === "string"
    ? content !== ""
    : content.some((p) => p.type === "text" && p.text !== "");

/** A string, or an ordered list of the parts `part` makes. */
const contentOf = (part: fc.Arbitrary<Part>) => fc.oneof(text, fc.array(part, { maxLength: 6 }));
const cache = fc.boolean();

type Template =
  | Message
  | { role: "tool-template"; pick: number; content: string | Part[]; isError?: boolean };
const template: fc.Arbitrary<Template> = fc.oneof(
  fc
    .record(
      { role: fc.constant("system" as const), content: contentOf(textPart), update },
      { ...opts, requiredKeys: ["role", "content"] },
    )
    // A system message says something: text, or an update.
    .filter((m) => m.update !== undefined || saysSomething(m.content)),
  fc.record(
    {
      role: fc.constant("user" as const),
      content: contentOf(fc.oneof(textPart, imagePart, filePart)),
      cache,
    },
    { ...opts, requiredKeys: ["role", "content"] },
  ),
  fc.record(
    {
      role: fc.constant("assistant" as const),
      content: contentOf(
        fc.oneof(
          { arbitrary: textPart, weight: 3 },
          { arbitrary: thinkingPart, weight: 3 },
          { arbitrary: toolCallPart, weight: 3 },
          { arbitrary: providerPart, weight: 1 },
          { arbitrary: imagePart, weight: 1 },
          { arbitrary: filePart, weight: 1 },
        ),
      ),
      cache,
    },
    { ...opts, requiredKeys: ["role", "content"] },
  ),
  fc.record(
    {
      role: fc.constant("tool-template" as const),
      pick: fc.nat(),
      content: contentOf(fc.oneof(textPart, imagePart, filePart)),
      isError: fc.boolean(),
    },
    { ...opts, requiredKeys: ["role", "pick", "content"] },
  ),
);

/** A valid history: each tool message answers a tool-call part of an earlier assistant message. */
const history: fc.Arbitrary<Message[]> = fc.array(template, { maxLength: 8 }).map((templates) => {
  const ids: string[] = [];
  return templates.map((t): Message => {
    if (t.role === "assistant") for (const call of toolCallsOf(t)) ids.push(call.id);
    if (t.role !== "tool-template") return t;
    const id = ids[t.pick % Math.max(ids.length, 1)];
    if (id === undefined) return { role: "user", content: t.content };
    return t.isError === undefined
      ? { role: "tool", content: t.content, toolCallId: id }
      : { role: "tool", content: t.content, toolCallId: id, isError: t.isError };
  });
});

describe("round trip property", () => {
  it("random ordered-part histories come back identical, as values, as text and as JSON", () => {
    fc.assert(
      fc.property(history, (h) => {
        const stored = serializeHistory(h);
        const back = parseHistory(stored);
        expect(back).toStrictEqual(h);
        expect(back.map(textOf)).toEqual(h.map(textOf));
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
