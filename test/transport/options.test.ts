import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import { resolveBaseURL, resolveHeaders } from "../../src/transport/options.js";

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

describe("resolveBaseURL", () => {
  it("trims spaces the URL parser forgives and trailing slashes", () => {
    expect(resolveBaseURL("p", " https://example.test/v1/ ", "baseURL")).toBe(
      "https://example.test/v1",
    );
  });

  it("refuses what is not an absolute http(s) URL, naming the option", () => {
    expect(() => resolveBaseURL("p", "/v1", "baseURL")).toThrow('p: `baseURL` is not a URL: "/v1"');
    expect(() => resolveBaseURL("p", "ftp://example.test", "endpoint")).toThrow(
      "p: `endpoint` must be an http(s) URL",
    );
  });
});
