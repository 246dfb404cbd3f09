import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import {
  thinkingRedacted,
  thinkingSigned,
  thinkingText,
  validateThinkingBlock,
} from "../../src/core/thinking.js";
import type { ThinkingBlock } from "../../src/core/types.js";

function problemOf(block: unknown, index?: number): HistoryError {
  try {
    validateThinkingBlock(block as ThinkingBlock, index);
  } catch (err) {
    expect(err).toBeInstanceOf(HistoryError);
    return err as HistoryError;
  }
  throw new Error(`expected ${JSON.stringify(block)} to be rejected`);
}

describe("thinking part constructors", () => {
  it("thinkingText builds an unsigned thinking part and nothing else", () => {
    expect(thinkingText("let me see")).toStrictEqual({ type: "thinking", text: "let me see" });
  });

  it("thinkingSigned keeps the signature exactly as given", () => {
    expect(thinkingSigned("", "EqQBCkYIARgC+/==")).toStrictEqual({
      type: "thinking",
      text: "",
      signature: "EqQBCkYIARgC+/==",
    });
  });

  it("thinkingRedacted puts the payload in redacted", () => {
    expect(thinkingRedacted("EmwKAhgBEgy3va3pzix/LafPsn4a")).toStrictEqual({
      type: "thinking",
      redacted: "EmwKAhgBEgy3va3pzix/LafPsn4a",
    });
  });

  it("every constructed block passes validation", () => {
    expect(() => validateThinkingBlock(thinkingText("a"))).not.toThrow();
    expect(() => validateThinkingBlock(thinkingSigned("", "sig"))).not.toThrow();
    expect(() => validateThinkingBlock(thinkingRedacted("data"))).not.toThrow();
  });
});

describe("validateThinkingBlock accepts", () => {
  const valid: [string, ThinkingBlock][] = [
    ["unsigned text", { type: "thinking", text: "step one" }],
    ["signed text", { type: "thinking", text: "step one", signature: "c2ln" }],
    ["signed empty text (display omitted)", { type: "thinking", text: "", signature: "c2ln" }],
    ["a redacted payload", { type: "thinking", redacted: "ZW5jcnlwdGVk" }],
    [
      "a redacted payload with its provider",
      { type: "thinking", redacted: "ZW5j", provider: "bedrock" },
    ],
    ["text with its provider", { type: "thinking", text: "hm", provider: "gemini" }],
    [
      "signed text with its provider",
      { type: "thinking", text: "hm", signature: "s", provider: "anthropic" },
    ],
  ];
  it.each(valid)("%s", (_, block) => {
    expect(() => validateThinkingBlock(block)).not.toThrow();
  });
});

describe("validateThinkingBlock rejects", () => {
  const NOT_A_STRING = (what: string) =>
    `thinking block has ${what} that is not a non-empty string`;
  /** By the message they are rejected with: [what, block]. */
  const byMessage: Record<string, [string, unknown][]> = {
    'thinking block has a type that is not "thinking"': [
      ["an object without a type", {}],
      ["a part of another type", { type: "text", text: "a" }],
    ],
    "thinking block has neither text nor a redacted payload": [
      ["a part with neither text nor a payload", { type: "thinking" }],
    ],
    'thinking block has empty text ("" is allowed only when signed)': [
      ["unsigned empty text", { type: "thinking", text: "" }],
    ],
    [NOT_A_STRING("a signature")]: [
      ["empty text with an empty signature", { type: "thinking", text: "", signature: "" }],
      ["text with an empty signature", { type: "thinking", text: "a", signature: "" }],
      ["text with a signature that is not a string", { type: "thinking", text: "a", signature: 7 }],
    ],
    "thinking block has text that is not a string": [
      ["text that is not a string", { type: "thinking", text: 1 }],
    ],
    [NOT_A_STRING("a redacted payload")]: [
      ["an empty redacted payload", { type: "thinking", redacted: "" }],
      ["a redacted payload that is not a string", { type: "thinking", redacted: 5 }],
    ],
    "thinking block is redacted and also has text or a signature": [
      ["a redacted payload with text", { type: "thinking", redacted: "d", text: "a" }],
      ["a redacted payload with empty text", { type: "thinking", redacted: "d", text: "" }],
      ["a redacted payload with a signature", { type: "thinking", redacted: "d", signature: "s" }],
    ],
    [NOT_A_STRING("a provider")]: [
      ["an empty provider on text", { type: "thinking", text: "a", provider: "" }],
      [
        "an empty provider on a redacted payload",
        { type: "thinking", redacted: "d", provider: "" },
      ],
      ["a provider that is not a string", { type: "thinking", text: "a", provider: 3 }],
    ],
    'thinking block has an unknown field "data"': [
      ["an unknown field", { type: "thinking", text: "a", data: "x" }],
      [
        "an unknown field next to a redacted payload",
        { type: "thinking", redacted: "d", data: "d" },
      ],
    ],
    "thinking block is not an object": [
      ["null", null],
      ["an array", [{ type: "thinking", text: "a" }]],
      ["a string", "thinking"],
    ],
  };
  const invalid = Object.entries(byMessage).flatMap(([message, cases]) =>
    cases.map(([what, block]) => [what, block, message] as const),
  );
  it.each(invalid)("%s", (_, block, message) => {
    const err = problemOf(block);
    expect(err.message).toBe(message);
    expect(err.index).toBeUndefined();
  });

  it("names the message index when it is given", () => {
    const err = problemOf({ type: "thinking", text: "" }, 3);
    expect(err.index).toBe(3);
    expect(err.message).toBe(
      'messages[3]: thinking block has empty text ("" is allowed only when signed)',
    );
  });
});
