import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { mergeHeaders, resolveBaseURL, resolveHeaders } from "../../src/transport/options.js";

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

describe("mergeHeaders: one precedence for every adapter", () => {
  const caller = resolveHeaders("p", {
    "Anthropic-Version": "2099-01-01",
    "anthropic-beta": "x",
    "Content-Type": "text/plain",
    "X-Api-Key": "not-this-one",
  });

  it("lets the caller replace a default and add headers, never the content type or credentials", () => {
    const merged = mergeHeaders({ "anthropic-version": "2023-06-01" }, caller, {
      "content-type": "application/json",
      "x-api-key": "k",
    });
    expect(merged).toEqual({
      "anthropic-version": "2099-01-01",
      "anthropic-beta": "x",
      "content-type": "application/json",
      "x-api-key": "k",
    });
  });

  it("is what every adapter sends: a caller's Content-Type and key header lose to golem's", async () => {
    const seen: Record<string, string>[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      seen.push(Object.fromEntries(new Headers(init?.headers).entries()));
      return new Response("{}", { status: 400 });
    };
    const headers = { "Content-Type": "text/plain", "X-Team": "a" };
    const models = [
      anthropic.create({ apiKey: "k", model: "m", maxTokens: 2000, fetch, headers, maxRetries: 0 }),
      gemini.create({ apiKey: "k", model: "m", fetch, headers, maxRetries: 0 }),
      openai.create({ apiKey: "k", model: "m", fetch, headers, maxRetries: 0 }),
      azure.create({
        endpoint: "https://r.test",
        deployment: "d",
        apiKey: "k",
        fetch,
        headers,
        maxRetries: 0,
      }),
      bedrock.create({
        region: "us-east-1",
        model: "m",
        apiKey: "k",
        fetch,
        headers,
        maxRetries: 0,
      }),
    ];
    for (const model of models) {
      await model.generate({ messages: [{ role: "user", content: "hi" }] }).catch(() => {});
    }
    expect(seen).toHaveLength(5);
    for (const h of seen) {
      expect(h["content-type"]).toBe("application/json");
      expect(h["x-team"]).toBe("a");
    }
  });
});
