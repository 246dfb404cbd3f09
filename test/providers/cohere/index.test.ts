/**
 * golem/cohere through its public create(): the config and its key, the URL and headers it
 * sends, and every way Cohere says no (https://docs.cohere.com/reference/errors: `{ id?,
 * message }` bodies; a failed generation's `finish_reason: "ERROR"`), each the entry's
 * APIError with the request id, and a stream that breaks off keeping what arrived.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, StreamError } from "../../../src/core/errors.js";
import * as cohere from "../../../src/platforms/cohere/index.js";
import { bodyFetch } from "../../contract/adapters.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

const MODEL = "command-a-reasoning-08-2025";
const KEY = "co-test-key-0123456789abcdef";
const ASK = { messages: [{ role: "user" as const, content: "Hi" }] };
const ANSWER = {
  id: "gen-1",
  finish_reason: "COMPLETE",
  message: {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "Say hello." },
      { type: "text", text: "Hello!" },
    ],
  },
  usage: {
    billed_units: { input_tokens: 1, output_tokens: 3 },
    tokens: { input_tokens: 500, output_tokens: 4 },
    cached_tokens: 448,
  },
};
const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
const START = { id: "gen-2", type: "message-start", delta: { message: { role: "assistant" } } };
const TEXT = [
  { type: "content-start", index: 0, delta: { message: { content: { type: "text", text: "" } } } },
  { type: "content-delta", index: 0, delta: { message: { content: { text: "Hel" } } } },
];

afterEach(() => vi.unstubAllEnvs());

describe("cohere.create", () => {
  it("posts to https://api.cohere.com/v2/chat with the key as a bearer, from CO_API_KEY", async () => {
    vi.stubEnv("CO_API_KEY", KEY);
    const { fetch, calls } = scriptedFetch([jsonResponse(200, ANSWER)]);
    const model = cohere.create({ model: MODEL, fetch });
    const r = await model.generate(ASK);
    expect(calls[0]?.url).toBe("https://api.cohere.com/v2/chat");
    expect(calls[0]?.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({
      model: MODEL,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(r.usage).toEqual({ inputTokens: 500, outputTokens: 4, cacheReadTokens: 448 });
    expect(model.provider).toBe("cohere");
  });

  it("takes baseURL (a proxy, a private deployment) before /v2/chat", async () => {
    const { fetch, calls } = scriptedFetch([jsonResponse(200, ANSWER)]);
    await cohere
      .create({ model: MODEL, apiKey: KEY, baseURL: "https://proxy.example/cohere", fetch })
      .generate(ASK);
    expect(calls[0]?.url).toBe("https://proxy.example/cohere/v2/chat");
  });

  it.each([
    [
      { model: MODEL },
      "cohere: no API key: pass apiKey or set the CO_API_KEY environment variable",
    ],
    [
      { apiKey: KEY },
      'cohere: model is required: a model id such as "command-a-reasoning-08-2025"',
    ],
    [
      { apiKey: KEY, model: MODEL, thinking: { budgetTokens: 0 } },
      "cohere: thinking.budgetTokens must be an integer >= 1",
    ],
    [
      { apiKey: KEY, model: MODEL, thinking: { budgetTokens: 500, disabled: true } },
      "cohere: thinking takes budgetTokens or disabled: true, not both",
    ],
    [{ apiKey: KEY, model: MODEL, prefixCheck: "error" }, 'cohere: prefixCheck takes only "off"'],
    [{ apiKey: KEY, model: MODEL, temperature: 2 }, "cohere: `temperature` must be 0..1 on Cohere"],
    [
      { apiKey: KEY, model: MODEL, reasoningEffort: "high" },
      "cohere: unknown option `reasoningEffort`",
    ],
  ])("refuses %o with a ConfigError before any request", (config, message) => {
    vi.stubEnv("CO_API_KEY", "");
    const error = (() => {
      try {
        cohere.create(config as cohere.Config);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.slice(0, message.length)).toBe(message);
  });

  it("has no token count: countTokens says so as a ConfigError, without a request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = cohere.create({ model: MODEL, apiKey: KEY, fetch });
    await expect(model.countTokens?.(ASK)).rejects.toThrow(ConfigError);
    expect(calls).toEqual([]);
  });
});

describe("an error answer", () => {
  const fail = async (status: number, body: string, headers: Record<string, string> = {}) => {
    const fetch = bodyFetch(body, {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
    const model = cohere.create({ model: MODEL, apiKey: KEY, fetch, maxRetries: 0 });
    return (await model.generate(ASK).catch((e: unknown) => e)) as cohere.APIError;
  };

  it("is the entry's APIError with Cohere's message, and the trace id as the request id", async () => {
    const e = await fail(
      400,
      '{"id":"e1","message":"invalid request: temperature must be between 0 and 1.0 inclusive."}',
      {
        "x-debug-trace-id": "trace-9",
      },
    );
    expect(e).toBeInstanceOf(cohere.APIError);
    expect(e).toMatchObject({
      provider: "cohere",
      status: 400,
      requestId: "trace-9",
      retryable: false,
    });
    expect(e.message).toBe(
      "cohere 400: invalid request: temperature must be between 0 and 1.0 inclusive. (request id trace-9)",
    );
  });

  it("names the body's id when no trace header came", async () => {
    const e = await fail(404, '{"id":"e2","message":"model \'x\' not found"}');
    expect(e).toMatchObject({ status: 404, requestId: "e2" });
    expect(e.message).toBe("cohere 404: model 'x' not found (request id e2)");
  });

  it("takes a body of only a message", async () => {
    const e = await fail(401, '{"message":"invalid api token"}');
    expect(e.status).toBe(401);
    expect(e.requestId).toBe(undefined);
    expect(e.message).toBe("cohere 401: invalid api token");
  });

  it("quotes a body that is not JSON, and is retryable on 429 and 5xx", async () => {
    const e = await fail(502, "<html>Bad Gateway</html>");
    expect(e).toMatchObject({ status: 502, retryable: true });
    expect(e.message).toBe("cohere 502: <html>Bad Gateway</html>");
    expect(await fail(429, '{"message":"too many requests"}')).toMatchObject({ retryable: true });
  });

  it("never carries the key, even when the body echoes it", async () => {
    const e = await fail(401, JSON.stringify({ message: `invalid api token ${KEY}` }));
    expect(e.message).not.toContain(KEY);
    expect(JSON.stringify(e.body)).not.toContain(KEY);
  });

  it("a 200 whose generation failed (finish_reason ERROR) is an APIError, not an answer", async () => {
    const fetch = bodyFetch(JSON.stringify({ ...ANSWER, finish_reason: "ERROR" }), {
      headers: { "content-type": "application/json" },
    });
    const e = await cohere
      .create({ model: MODEL, apiKey: KEY, fetch })
      .generate(ASK)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(cohere.APIError);
    expect(e).toMatchObject({ status: 200, type: "ERROR", retryable: false });
  });
});

describe("a stream", () => {
  const stream = (chunks: string[], headers: Record<string, string> = {}) =>
    cohere
      .create({
        model: MODEL,
        apiKey: KEY,
        fetch: bodyFetch(chunks, { headers: { "content-type": "text/event-stream", ...headers } }),
      })
      .stream(ASK).response;

  it("that fails at message-end (finish_reason ERROR) is an APIError holding what arrived", async () => {
    const e = (await stream(
      sse(START, ...TEXT, {
        type: "message-end",
        delta: { finish_reason: "ERROR", error: "internal error" },
      }),
      { "x-debug-trace-id": "trace-3" },
    ).catch((x: unknown) => x)) as cohere.APIError;
    expect(e).toBeInstanceOf(cohere.APIError);
    expect(e).toMatchObject({ type: "ERROR", requestId: "trace-3", status: 200 });
    expect(e.message).toBe("cohere 200 ERROR: internal error (request id trace-3)");
    expect(e.partial?.message.content).toEqual([{ type: "text", text: "Hel" }]);
  });

  it("that ends in finish_reason ERROR without a reason is an APIError all the same", async () => {
    const e = await stream(
      sse(START, ...TEXT, { type: "message-end", delta: { finish_reason: "ERROR" } }),
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(cohere.APIError);
    expect((e as Error).message).toBe(
      "cohere 200 ERROR: the generation failed (finish_reason ERROR)",
    );
  });

  it("that sends Cohere's error object as an event is an APIError holding what arrived", async () => {
    const e = (await stream(sse(START, ...TEXT, { id: "e5", message: "stream interrupted" })).catch(
      (x: unknown) => x,
    )) as cohere.APIError;
    expect(e).toBeInstanceOf(cohere.APIError);
    expect(e).toMatchObject({ requestId: "e5" });
    expect(e.message).toBe("cohere 200: stream interrupted (request id e5)");
    expect(e.partial?.message.content).toEqual([{ type: "text", text: "Hel" }]);
  });

  it("that ends before message-end is a StreamError holding what arrived", async () => {
    const e = (await stream(sse(START, ...TEXT)).catch((x: unknown) => x)) as StreamError;
    expect(e).toBeInstanceOf(StreamError);
    expect(e.message).toBe("cohere stream ended before message-end");
    expect(e.partial?.message.content).toEqual([{ type: "text", text: "Hel" }]);
  });

  it("whose tool call came without an id is a StreamError, not a call golem cannot answer", async () => {
    const e = await stream(
      sse(
        START,
        {
          type: "tool-call-start",
          index: 0,
          delta: {
            message: {
              tool_calls: { type: "function", function: { name: "weather", arguments: "" } },
            },
          },
        },
        { type: "message-end", delta: { finish_reason: "TOOL_CALL" } },
      ),
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StreamError);
    expect((e as Error).message).toBe("cohere streamed tool call 0 without an id");
  });

  it("ignores a [DONE] terminator and keep-alives after message-end", async () => {
    const r = await stream([
      ...sse(START, ...TEXT, { type: "message-end", delta: { finish_reason: "COMPLETE" } }),
      "data: [DONE]\n\n",
    ]);
    expect(r.message.content).toEqual([{ type: "text", text: "Hel" }]);
    expect(r.stopReason).toBe("COMPLETE");
    expect(r.id).toBe("gen-2");
  });
});
