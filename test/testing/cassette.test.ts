import { describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  cassetteSchema,
  concatBytes,
  parseCassette,
  responseBytes,
  responseChunks,
  splitBytes,
} from "../../src/testing/cassette.js";
import { bundledPackages } from "../core/bundle-inputs.js";
import { thrownAs } from "../helpers/errors.js";

const decoder = new TextDecoder();

function valid(): Record<string, unknown> {
  return {
    scenario: "thinking-tool-loop",
    provider: "anthropic",
    streaming: true,
    source: "synthesized in the test suite",
    interactions: [
      {
        request: {
          method: "POST",
          url: "https://a.test/v1/messages",
          headers: { "x-api-key": "<redacted>" },
          body: { a: 1 },
        },
        response: {
          status: 200,
          headers: { "content-type": "text/event-stream" },
          chunks: ["data: 1\n\n"],
        },
      },
    ],
  };
}

function withResponse(response: Record<string, unknown>): Record<string, unknown> {
  const c = valid();
  (c.interactions as { response: unknown }[])[0]!.response = {
    status: 200,
    headers: {},
    ...response,
  };
  return c;
}

const complaint = (input: unknown): string => thrownAs(Error, () => parseCassette(input)).message;

describe("parseCassette", () => {
  it("accepts a cassette as JSON text or as parsed JSON, keeping what it holds", () => {
    expect(parseCassette(JSON.stringify(valid()))).toStrictEqual(valid());
    expect(parseCassette(valid())).toStrictEqual(valid());
  });

  it("leaves fields the format does not know where they are", () => {
    const c = { ...valid(), notes: "kept" };
    expect(parseCassette(c)).toBe(c);
    expect(parseCassette(JSON.stringify(c))).toStrictEqual(c);
  });

  it("accepts each kind of response body alone, and none", () => {
    for (const body of [
      { body: { ok: true } },
      { text: "<html>" },
      { chunks: [] },
      { chunksBase64: ["AA=="] },
      {},
    ]) {
      expect(() => parseCassette(withResponse(body))).not.toThrow();
    }
  });

  it("accepts a request without a body", () => {
    const c = valid();
    delete (c.interactions as { request: Record<string, unknown> }[])[0]!.request.body;
    expect(() => parseCassette(c)).not.toThrow();
  });

  it.each([
    ["body and chunks", { body: {}, chunks: ["a"] }],
    ["text and chunks", { text: "a", chunks: ["a"] }],
    ["chunks and chunksBase64", { chunks: ["a"], chunksBase64: ["YQ=="] }],
    ["body and text", { body: null, text: "" }],
  ])("rejects a response with both %s", (_, response) => {
    expect(complaint(withResponse(response))).toBe(
      "Not a cassette: interactions[0].response: a response has at most one of body, text, chunks and chunksBase64",
    );
  });

  it.each([
    [
      "a missing scenario",
      (c: Record<string, unknown>) => delete c.scenario,
      "scenario: missing (expected string)",
    ],
    [
      "an empty source",
      (c: Record<string, unknown>) => (c.source = ""),
      "source: expected a string of length >= 1, got length 0",
    ],
    [
      "streaming that is a string",
      (c: Record<string, unknown>) => (c.streaming = "yes"),
      "streaming: expected boolean, got string",
    ],
    [
      "interactions that are not an array",
      (c: Record<string, unknown>) => (c.interactions = {}),
      "interactions: expected array, got object",
    ],
  ])("rejects %s", (_, change, message) => {
    const c = valid();
    change(c);
    expect(complaint(c)).toBe(`Not a cassette: ${message}`);
  });

  it("rejects a header value that is not a string", () => {
    const c = valid();
    (c.interactions as { request: { headers: unknown } }[])[0]!.request.headers = { "x-n": 1 };
    expect(complaint(c)).toBe(
      "Not a cassette: interactions[0].request.headers.x-n: expected string, got number",
    );
  });

  it.each([
    ["a string", "200", "expected number, got string"],
    ["not an integer", 200.5, "expected int, got 200.5"],
    ["below 200", 101, "expected a value >= 200, got 101"],
    ["above 599", 600, "expected a value <= 599, got 600"],
  ])("rejects a status that is %s", (_, status, reason) => {
    expect(complaint(withResponse({ status }))).toBe(
      `Not a cassette: interactions[0].response.status: ${reason}`,
    );
  });

  it("rejects chunks that are not strings", () => {
    expect(complaint(withResponse({ chunks: [1] }))).toBe(
      "Not a cassette: interactions[0].response.chunks[0]: expected string, got number",
    );
  });

  it("rejects text that is not JSON, saying so", () => {
    expect(complaint("{not json")).toMatch(/^Not a cassette: not JSON: /);
  });

  it("rejects a value that is not an object", () => {
    expect(complaint([])).toBe("Not a cassette: $: expected object, got array");
  });
});

describe("responseChunks and responseBytes", () => {
  it("gives text chunks as UTF-8 bytes, one per chunk", () => {
    const chunks = responseChunks({ status: 200, headers: {}, chunks: ["data: 🧠", "\n\n"] });
    expect(chunks.map((c) => decoder.decode(c))).toStrictEqual(["data: 🧠", "\n\n"]);
  });

  it("gives base64 chunks as their bytes", () => {
    const chunks = responseChunks({ status: 200, headers: {}, chunksBase64: ["AAEC", "/w=="] });
    expect(chunks.map((c) => [...c])).toStrictEqual([[0, 1, 2], [255]]);
  });

  it("gives a JSON body as its JSON text and a text body as is", () => {
    expect(decoder.decode(responseBytes({ status: 200, headers: {}, body: { a: "é" } }))).toBe(
      '{"a":"é"}',
    );
    expect(decoder.decode(responseBytes({ status: 502, headers: {}, text: "<html>" }))).toBe(
      "<html>",
    );
  });

  it("gives no chunks for a response without a body", () => {
    expect(responseChunks({ status: 200, headers: {} })).toStrictEqual([]);
    expect(responseBytes({ status: 200, headers: {} }).length).toBe(0);
  });

  it("joins chunks into the whole body", () => {
    expect(
      decoder.decode(responseBytes({ status: 200, headers: {}, chunks: ["a", "b", "c"] })),
    ).toBe("abc");
  });
});

describe("byte helpers", () => {
  it("base64 round-trips every byte value, and bodies larger than one 32 KB slice", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...base64ToBytes(bytesToBase64(all))]).toStrictEqual([...all]);
    const big = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 7) % 256);
    const back = base64ToBytes(bytesToBase64(big));
    expect(back.length).toBe(big.length);
    expect(back.every((b, i) => b === big[i])).toBe(true);
    expect(bytesToBase64(new TextEncoder().encode("hi?"))).toBe("aGk/");
  });

  it("concatBytes joins in order", () => {
    expect([
      ...concatBytes([Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)]),
    ]).toStrictEqual([1, 2, 3]);
  });

  it("splitBytes cuts at sorted, deduplicated offsets inside the body and ignores the rest", () => {
    const bytes = Uint8Array.of(0, 1, 2, 3, 4);
    expect(splitBytes(bytes, [3, 1, 3, 0, 5, 9, -1]).map((c) => [...c])).toStrictEqual([
      [0],
      [1, 2],
      [3, 4],
    ]);
    expect(splitBytes(bytes, []).map((c) => [...c])).toStrictEqual([[0, 1, 2, 3, 4]]);
  });
});

describe("cassetteSchema", () => {
  const { validate, vendor, version } = cassetteSchema["~standard"];

  it("is a synchronous Standard Schema giving the cassette back", () => {
    expect({ vendor, version }).toStrictEqual({ vendor: "golem", version: 1 });
    const c = valid();
    expect(validate(c)).toStrictEqual({ value: c });
  });

  it("reports the first problem as one issue, with the same words and path as parseCassette", () => {
    expect(validate(withResponse({ status: 99 }))).toStrictEqual({
      issues: [
        {
          message: "expected a value >= 200, got 99",
          path: ["interactions", 0, "response", "status"],
        },
      ],
    });
    expect(validate([])).toStrictEqual({
      issues: [{ message: "expected object, got array", path: [] }],
    });
  });

  it("keeps zod out of golem/testing: no bundle of it carries a package", async () => {
    const replayOnly = 'export { replayFetch, cassetteHandlers } from "./src/testing/index.ts";';
    expect(await bundledPackages(replayOnly)).toEqual([]);
    const parsing = 'export { parseCassette, cassetteSchema } from "./src/testing/index.ts";';
    expect(await bundledPackages(parsing)).toEqual([]);
    expect(await bundledPackages('export * from "./src/testing/index.ts";')).toEqual([]);
  });
});
