import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import { resolveHeaders } from "../../src/transport/options.js";

describe("resolveHeaders", () => {
  it("lower-cases the names of a plain object of strings, from any realm", () => {
    expect(resolveHeaders("p", { "X-Team": "a", b: "c" })).toEqual({ "x-team": "a", b: "c" });
    const foreign = runInNewContext('({ "X-Team": "a" })') as Record<string, string>;
    expect(resolveHeaders("p", foreign)).toEqual({ "x-team": "a" });
    expect(resolveHeaders("p", undefined)).toEqual({});
  });

  it.each([
    ["a Headers", new Headers({ a: "b" })],
    ["a Map", new Map([["a", "b"]])],
    ["an array", [["a", "b"]]],
    ["a string", "a: b"],
    ["null", null],
  ])("refuses %s, which would read as no headers at all", (_what, headers) => {
    expect(() => resolveHeaders("p", headers as never)).toThrow(ConfigError);
    expect(() => resolveHeaders("p", headers as never)).toThrow(
      "p: `headers` must be an object of strings",
    );
  });

  it("names a header whose value is not a string", () => {
    expect(() => resolveHeaders("p", { a: "1", b: 2 } as never)).toThrow(
      "p: header b must be a string",
    );
  });
});
