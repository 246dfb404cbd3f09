import { describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { APIError, create } from "../../../src/platforms/azure/index.js";
import * as openai from "../../../src/platforms/openai/index.js";
import { type Cassette, type CassetteResponse, replayFetch } from "../../../src/testing/index.js";
import { expectAPIError } from "../../helpers/errors.js";
import { inlineCassette } from "../../helpers/fetch.js";
import { reasonedText } from "../../helpers/responses.js";

const KEY = "azure-key-0123456789abcdef";
const ENDPOINT = "https://my-resource.openai.azure.com";
const V1 = `${ENDPOINT}/openai/v1/chat/completions`;
const user: Message = { role: "user", content: "Hi" };

const COMPLETION = {
  id: "chatcmpl-az",
  object: "chat.completion",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "Hello." },
      finish_reason: "stop",
      content_filter_results: {},
    },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }],
};
const OK: CassetteResponse = {
  status: 200,
  headers: { "content-type": "application/json" },
  body: COMPLETION,
};

const cassette = (
  url: string,
  headers: Record<string, string>,
  body: object,
  responses: CassetteResponse[],
): Cassette =>
  inlineCassette(
    { provider: "azure", url, headers },
    responses.map((r) => [body, r]),
  );

describe("azure generate", () => {
  it("sends the api-key header and the deployment as model on the v1 URL", async () => {
    const fetch = replayFetch(
      cassette(V1, { "api-key": "<redacted>" }, { model: "gpt-5-mini", messages: [user] }, [OK]),
    );
    const model = create({ endpoint: ENDPOINT, deployment: "gpt-5-mini", apiKey: KEY, fetch });
    const res = await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests[0]?.headers["api-key"]).toBe(KEY);
    expect(fetch.requests[0]?.headers.authorization).toBe(undefined);
    expect(res.message).toEqual({ role: "assistant", content: [{ type: "text", text: "Hello." }] });
  });

  it("uses the deployment URL and no body model with an apiVersion", async () => {
    const url = `${ENDPOINT}/openai/deployments/o4-mini/chat/completions?api-version=2024-12-01-preview`;
    const fetch = replayFetch(
      cassette(url, { "api-key": "<redacted>" }, { messages: [user], reasoning_effort: "low" }, [
        OK,
      ]),
    );
    const model = create({
      endpoint: ENDPOINT,
      deployment: "o4-mini",
      apiVersion: "2024-12-01-preview",
      apiKey: KEY,
      reasoningEffort: "low",
      fetch,
    });
    await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests[0]?.url).toBe(url);
  });

  it("fetches the token for every request, and again for a retry", async () => {
    let n = 0;
    const token = async () => `entra-token-${++n}-0123456789`;
    const limited: CassetteResponse = {
      status: 429,
      headers: { "retry-after-ms": "1", "apim-request-id": "apim-1" },
      body: {
        error: {
          code: "429",
          message:
            "Requests to the ChatCompletions_Create Operation ... Please retry after 1 second.",
        },
      },
    };
    const fetch = replayFetch(
      cassette(V1, { authorization: "<redacted>" }, { model: "d", messages: [user] }, [
        limited,
        OK,
        OK,
      ]),
    );
    const model = create({ endpoint: ENDPOINT, deployment: "d", token, fetch });
    await model.generate({ messages: [user] });
    await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer entra-token-1-0123456789",
      "Bearer entra-token-2-0123456789",
      "Bearer entra-token-3-0123456789",
    ]);
    expect(fetch.requests.every((r) => r.headers["api-key"] === undefined)).toBe(true);
  });

  it("rejects with azure.APIError, code as type and apim-request-id as request id", async () => {
    const fetch = replayFetch(
      cassette(V1, { "api-key": "<redacted>" }, { model: "d", messages: [user] }, [
        {
          status: 400,
          headers: { "apim-request-id": "apim-7f3c" },
          body: {
            error: {
              message:
                "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
              type: null,
              param: "prompt",
              code: "content_filter",
              status: 400,
            },
          },
        },
      ]),
    );
    const model = create({ endpoint: ENDPOINT, deployment: "d", apiKey: KEY, fetch });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expectAPIError(error, APIError, {
      provider: "azure",
      status: 400,
      type: "content_filter",
      requestId: "apim-7f3c",
      retryable: false,
    });
    expect(error).not.toBeInstanceOf(openai.APIError);
  });

  it("removes the token from an error body that echoes it", async () => {
    const token = async () => "entra-token-secret-0123456789";
    const fetch = replayFetch(
      cassette(V1, { authorization: "<redacted>" }, { model: "d", messages: [user] }, [
        {
          status: 401,
          headers: {},
          body: { error: { code: "401", message: "Bad token entra-token-secret-0123456789" } },
        },
      ]),
    );
    const model = create({ endpoint: ENDPOINT, deployment: "d", token, fetch });
    const error = (await model.generate({ messages: [user] }).catch((e: unknown) => e)) as APIError;
    expect(error.message).toBe("azure 401 401: Bad token <redacted>");
  });

  it("turns a failing token function's error into an AuthError, without retrying", async () => {
    const fetch = replayFetch(cassette(V1, {}, {}, [OK]));
    const failure = new Error("credential unavailable");
    const model = create({
      endpoint: ENDPOINT,
      deployment: "d",
      token: () => Promise.reject(failure),
      fetch,
    });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe("azure: token() failed: credential unavailable");
    expect((error as AuthError).cause).toBe(failure);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe("azure stream", () => {
  const deepseek = (fetch: typeof globalThis.fetch) =>
    create({
      endpoint: ENDPOINT,
      deployment: "deepseek-v4-pro",
      apiKey: KEY,
      replayReasoning: true,
      fetch,
    });

  /** The DeepSeek deployment, replaying `answers` to a request whose body is `body`. */
  const replaying = (body: object, answers: CassetteResponse[]) => {
    const fetch = replayFetch(cassette(V1, { "api-key": "<redacted>" }, body, answers));
    return { fetch, model: deepseek(fetch) };
  };

  it("tags a DeepSeek deployment's reasoning azure and replays only azure blocks", async () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish, matched_stop: null }], usage: null })}\n\n`;
    const streamed: CassetteResponse = {
      status: 200,
      headers: { "content-type": "text/event-stream" },
      chunks: [
        chunk({ role: "assistant", content: "", reasoning_content: null, tool_calls: null }),
        chunk({ role: null, content: null, reasoning_content: "We need", tool_calls: null }),
        chunk({ role: null, content: null, reasoning_content: " a day.", tool_calls: null }),
        chunk(
          { role: null, content: "Tuesday.", reasoning_content: null, tool_calls: null },
          "stop",
        ),
        "data: [DONE]\n\n",
      ],
    };
    const earlier: Message = { role: "assistant", content: reasonedText("from openai", "Hi.") };
    const first = {
      model: "deepseek-v4-pro",
      messages: [user, { role: "assistant", content: "Hi.", reasoning_content: "" }, user],
      stream: true,
      stream_options: { include_usage: true },
    };
    const { fetch, model } = replaying(first, [streamed]);
    const res = await model.stream({ messages: [user, earlier, user] }).response;
    fetch.assertDone();
    expect(res.message).toEqual({
      role: "assistant",
      content: reasonedText("We need a day.", "Tuesday.", "azure"),
    });

    const second = {
      model: "deepseek-v4-pro",
      messages: [
        user,
        { role: "assistant", content: "Tuesday.", reasoning_content: "We need a day." },
        user,
      ],
    };
    const { fetch: fetch2, model: model2 } = replaying(second, [OK]);
    await model2.generate({ messages: [user, res.message, user] });
    fetch2.assertDone();
    const sent = fetch2.requests[0]?.body as { messages: { reasoning_content?: string }[] };
    expect(sent.messages[1]?.reasoning_content).toBe("We need a day.");
  });
});
