import { describe, expect, it } from "vitest";
import { HistoryError, StreamError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { APIError, create } from "../../../src/platforms/openai/index.js";
import { type Cassette, type CassetteResponse, replayFetch } from "../../../src/testing/index.js";
import { collect } from "../../contract/adapters.js";
import { expectAPIError } from "../../helpers/errors.js";
import { inlineCassette, sseData as sse } from "../../helpers/fetch.js";
import { reasonedText, responseOf } from "../../helpers/responses.js";

const KEY = "sk-test-0123456789abcdef";
const URL = "https://api.openai.com/v1/chat/completions";
const user: Message = { role: "user", content: "Hi" };
const BODY = { model: "gpt-5.4", messages: [{ role: "user", content: "Hi" }] };
const STREAM_BODY = { ...BODY, stream: true, stream_options: { include_usage: true } };

const COMPLETION = {
  id: "chatcmpl-1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello." }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
};

const cassette = (body: object, responses: CassetteResponse[]): Cassette =>
  inlineCassette(
    { provider: "openai", url: URL, headers: { authorization: "<redacted>" } },
    responses.map((r) => [body, r]),
  );

const delta = (d: object, finish: string | null = null) => ({
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});

describe("openai generate", () => {
  it("posts to the base URL with a bearer key and parses the answer", async () => {
    const fetch = replayFetch(cassette(BODY, [{ status: 200, headers: {}, body: COMPLETION }]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const res = await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(res).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Hello." }] },
      usage: { inputTokens: 5, outputTokens: 2 },
      stopReason: "stop",
      id: "chatcmpl-1",
    });
  });

  it("retries a 429 after retry-after-ms and then succeeds", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 429,
          headers: { "retry-after-ms": "120", "x-request-id": "req_rl" },
          body: {
            error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" },
          },
        },
        { status: 200, headers: {}, body: COMPLETION },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const started = Date.now();
    const res = await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(res.message.content).toEqual([{ type: "text", text: "Hello." }]);
  });

  it("does not retry a 429 for an exhausted quota", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 429,
          headers: { "retry-after": "0" },
          body: {
            error: {
              message: "You exceeded your current quota",
              type: "insufficient_quota",
              code: "insufficient_quota",
            },
          },
        },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expect(fetch.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 429, type: "insufficient_quota", retryable: false });
  });

  it("gives up after maxRetries and throws the last error", async () => {
    const fail: CassetteResponse = {
      status: 500,
      headers: { "retry-after-ms": "1" },
      body: { error: { message: "The server had an error", type: "server_error" } },
    };
    const fetch = replayFetch(cassette(BODY, [fail, fail]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch, maxRetries: 1 });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    fetch.assertDone();
    expect(error).toMatchObject({ status: 500, type: "server_error", retryable: true });
  });

  it("removes the key from an error body that echoes it", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 401,
          headers: {},
          body: {
            error: {
              message: `Incorrect API key provided: ${KEY}.`,
              type: "invalid_request_error",
              code: "invalid_api_key",
            },
          },
        },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const error = (await model.generate({ messages: [user] }).catch((e: unknown) => e)) as APIError;
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error.body)).not.toContain(KEY);
    expect(error.message).toContain("<redacted>");
  });

  it("throws APIError for an error object in a 200 body", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 200,
          headers: { "x-request-id": "req_200" },
          body: { error: { message: "No endpoints found", code: 404 } },
        },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status: 200,
      type: "404",
      requestId: "req_200",
      message: "openai 200 404: No endpoints found (request id req_200)",
    });
  });

  it("refuses a malformed history before any fetch", async () => {
    const fetch = replayFetch(cassette(BODY, []));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const bad: Message[] = [user, { role: "tool", toolCallId: "nope", content: "x" }];
    await expect(model.generate({ messages: bad })).rejects.toThrow(HistoryError);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe("openai stream", () => {
  const streamCassette = (chunks: string[], headers: Record<string, string> = {}) =>
    cassette(STREAM_BODY, [
      { status: 200, headers: { "content-type": "text/event-stream", ...headers }, chunks },
    ]);

  it("streams deltas and resolves the final response", async () => {
    const fetch = replayFetch(
      streamCassette(
        sse(
          delta({ role: "assistant", content: "" }),
          delta({ content: "Hel" }),
          delta({ content: "lo." }, "stop"),
          {
            object: "chat.completion.chunk",
            choices: [],
            usage: { prompt_tokens: 5, completion_tokens: 2 },
          },
          "[DONE]",
        ),
      ),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const s = model.stream({ messages: [user] });
    expect(await collect(s)).toEqual([
      { type: "text", index: 0, text: "Hel" },
      { type: "text", index: 0, text: "lo." },
    ]);
    expect(await s.response).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Hello." }] },
      usage: { inputTokens: 5, outputTokens: 2 },
      stopReason: "stop",
    });
    fetch.assertDone();
  });

  it("rejects with openai.APIError and the partial response for an error inside the stream", async () => {
    const fetch = replayFetch(
      streamCassette(
        sse(delta({ reasoning_content: "Thinking" }), delta({ content: "Par" }), {
          error: {
            message: "The server had an error while processing your request.",
            type: "server_error",
            param: null,
            code: null,
          },
        }),
        { "x-request-id": "req_mid" },
      ),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const error = await model.stream({ messages: [user] }).response.catch((e: unknown) => e);
    expectAPIError(error, APIError, {
      status: 200,
      type: "server_error",
      requestId: "req_mid",
      retryable: false,
    });
    const cut = responseOf(reasonedText("Thinking", "Par"));
    expect((error as APIError).partial).toEqual({
      ...cut,
      message: { ...cut.message, interrupted: true },
    });
  });

  it("rejects with StreamError and the partial response when the stream stops early", async () => {
    const fetch = replayFetch(streamCassette(sse(delta({ content: "Half" }))));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const s = model.stream({ messages: [user] });
    const error = await collect(s).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).partial?.message.content).toEqual([
      { type: "text", text: "Half" },
    ]);
    await expect(s.response).rejects.toBe(error);
  });

  it("rejects with StreamError for a bad JSON event", async () => {
    const fetch = replayFetch(streamCassette(["data: {oops\n\n"]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    await expect(model.stream({ messages: [user] }).response).rejects.toThrow(StreamError);
  });

  it("delivers a malformed history as a stream error, without a fetch", async () => {
    const fetch = replayFetch(streamCassette([]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", fetch });
    const bad = [{ role: "user", content: 3 }] as unknown as Message[];
    await expect(model.stream({ messages: bad }).response).rejects.toThrow(HistoryError);
    expect(fetch.requests).toHaveLength(0);
  });
});
