import { describe, expect, it } from "vitest";
import { diffJSON } from "../../src/testing/diff.js";

describe("diffJSON", () => {
  it("finds nothing in equal values, whatever their key order", () => {
    expect(diffJSON({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toStrictEqual([]);
  });

  it("names the path of a changed value", () => {
    expect(
      diffJSON(
        { messages: [{ content: [{ signature: "abc=" }] }] },
        { messages: [{ content: [{ signature: "abd=" }] }] },
      ),
    ).toStrictEqual(['$.messages[0].content[0].signature: expected "abc=", got "abd="']);
  });

  it("compares strings exactly: a composed and a decomposed é differ", () => {
    expect(diffJSON("\u00e9", "e\u0301")).toStrictEqual(['$: expected "\u00e9", got "e\u0301"']);
  });

  it("reports missing and unexpected keys", () => {
    expect(diffJSON({ a: 1, b: 2 }, { a: 1, c: 3 }, "body")).toStrictEqual([
      "body.b: missing (expected 2)",
      "body.c: unexpected 3",
    ]);
  });

  it("reports a different array length and still compares the common items", () => {
    expect(diffJSON([1, 2, 3], [1, 9])).toStrictEqual([
      "$: expected 3 items, got 2",
      "$[1]: expected 2, got 9",
    ]);
  });

  it("reports a change of kind", () => {
    expect(diffJSON({ a: [] }, { a: {} })).toStrictEqual(["$.a: expected [], got {}"]);
    expect(diffJSON({ a: null }, { a: 0 })).toStrictEqual(["$.a: expected null, got 0"]);
  });

  it("shortens long values and stops after 20 lines", () => {
    const long = "x".repeat(500);
    expect(diffJSON(long, "y")).toStrictEqual([`$: expected "${"x".repeat(116)}..., got "y"`]);
    const many = diffJSON(
      Array.from({ length: 50 }, (_, i) => i),
      Array.from({ length: 50 }, (_, i) => -i - 1),
    );
    expect(many).toHaveLength(20);
  });
});
