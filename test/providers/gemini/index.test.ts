import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, HistoryError, StreamError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import * as gemini from "../../../src/platforms/gemini/index.js";
import type { Cassette, CassetteResponse } from "../../../src/testing/cassette.js";
import { replayFetch } from "../../../src/testing/replay.js";
import { inlineCassette } from "../../helpers/fetch.js";

const URL_STREAM =
  "https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse";
const URL_GENERATE =
  "https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview:generateContent";
const hi: Message[] = [{ role: "user", content: "Hi" }];

const cassette = (url: string, response: CassetteResponse): Cassette =>
  inlineCassette(
    {
      provider: "gemini",
      url,
      headers: { "x-goog-api-key": "<redacted>" },
      streaming: url === URL_STREAM,
    },
    [[{ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }, response]],
  );

const textChunk = (text: string) =>
  `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2 } })}\r\n\r\n`;

const model = (c: Cassette) =>
  gemini.create({
    model: "gemini-3-pro-preview",
    apiKey: "AIza-test-key-123",
    fetch: replayFetch(c),
  });

describe("create", () => {
  const saved = process.env.GEMINI_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.GEMINI_API_KEY;
    else process.env.GEMINI_API_KEY = saved;
  });

  it("names the provider and model", () => {
    const m = gemini.create({ model: "gemini-3-pro-preview", apiKey: "k" });
    expect([m.provider, m.model]).toEqual(["gemini", "gemini-3-pro-preview"]);
  });

  it("throws ConfigError before any request", () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response("{}");
    };
    delete process.env.GEMINI_API_KEY;
    const noKey = { model: "m", fetch, apiKey: "" };
    expect(() => gemini.create(noKey)).toThrow(ConfigError);
    expect(() =>
      gemini.create({ model: "m", apiKey: "k", fetch, thinking: { budget: 1, level: "low" } }),
    ).toThrow(ConfigError);
    expect(calls).toBe(0);
  });

  it("reads GEMINI_API_KEY from the environment", () => {
    process.env.GEMINI_API_KEY = "from-env";
    expect(() => gemini.create({ model: "m" })).not.toThrow();
  });
});

describe("generate", () => {
  it("rejects a blocked prompt with gemini.APIError typed by its block reason", async () => {
    const body = {
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 1 },
    };
    const err = await model(cassette(URL_GENERATE, { status: 200, headers: {}, body }))
      .generate({ messages: hi })
      .catch((e) => e);
    expect(err).toBeInstanceOf(gemini.APIError);
    expect(err).toMatchObject({ status: 200, type: "PROHIBITED_CONTENT", retryable: false, body });
  });

  it("keeps the key out of an error that echoes it", async () => {
    const body = {
      error: {
        code: 400,
        message: "API key AIza-test-key-123 not valid.",
        status: "INVALID_ARGUMENT",
      },
    };
    const err = await model(cassette(URL_GENERATE, { status: 400, headers: {}, body }))
      .generate({ messages: hi })
      .catch((e) => e);
    expect(err.message).toBe("gemini 400 INVALID_ARGUMENT: API key <redacted> not valid.");
  });

  it("refuses a bad history before sending it", async () => {
    const fetch = replayFetch(cassette(URL_GENERATE, { status: 200, headers: {}, body: {} }));
    const m = gemini.create({ model: "gemini-3-pro-preview", apiKey: "k", fetch });
    const bad: Message[] = [{ role: "tool", toolCallId: "nope", content: "" }];
    await expect(m.generate({ messages: bad })).rejects.toBeInstanceOf(HistoryError);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe("stream", () => {
  it("rejects with StreamError and the partial answer when no finishReason arrives", async () => {
    const s = model(
      cassette(URL_STREAM, {
        status: 200,
        headers: {},
        chunks: [textChunk("Hel"), textChunk("lo")],
      }),
    ).stream({
      messages: hi,
    });
    const err = await s.response.catch((e) => e);
    expect(err).toBeInstanceOf(StreamError);
    expect(err.partial).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Hello" }], interrupted: true },
      usage: { inputTokens: 1, outputTokens: 2 },
      stopReason: "",
    });
  });

  it("rejects with gemini.APIError and the partial answer for an error event", async () => {
    const error = `data: ${JSON.stringify({ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } })}\r\n\r\n`;
    const s = model(
      cassette(URL_STREAM, { status: 200, headers: {}, chunks: [textChunk("Hel"), error] }),
    ).stream({
      messages: hi,
    });
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const d of s) seen.push(d);
    })().catch((e) => e);
    expect(seen).toEqual([{ type: "text", index: 0, text: "Hel" }]);
    expect(err).toBeInstanceOf(gemini.APIError);
    expect(err).toMatchObject({ status: 503, type: "UNAVAILABLE", retryable: true });
    expect(err.partial.message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "Hel" }],
      interrupted: true,
    });
  });

  it("delivers a bad history through the stream, before any request", async () => {
    const fetch = replayFetch(cassette(URL_STREAM, { status: 200, headers: {}, chunks: [] }));
    const m = gemini.create({ model: "gemini-3-pro-preview", apiKey: "k", fetch });
    const s = m.stream({
      messages: [
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "", name: "f", arguments: "{}" }],
        },
      ],
    });
    await expect(s.response).rejects.toBeInstanceOf(HistoryError);
    expect(fetch.requests).toHaveLength(0);
  });
});
