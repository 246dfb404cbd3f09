import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError, StreamError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/openai/config.js";
import { APIError, create } from "../../../src/platforms/openai/index.js";
import { type Cassette, type CassetteResponse, replayFetch } from "../../../src/testing/index.js";
import { collect } from "../../contract/adapters.js";
import { runCassette } from "../../contract/table.js";
import { expectAPIError } from "../../helpers/errors.js";
import { inlineCassette, sseEvents as sse } from "../../helpers/fetch.js";
import { messageItem, reasoningItem } from "../../wires/openai-responses/items.js";

const KEY = "sk-test-0123456789abcdef";
const URL = "https://api.openai.com/v1/responses";
const user: Message = { role: "user", content: "Hi" };
const BODY = {
  model: "gpt-5.4",
  input: [{ role: "user", content: "Hi" }],
  reasoning: { summary: "auto" },
  include: ["reasoning.encrypted_content"],
  store: false,
};

const REASONING = reasoningItem("rs_1", "**Greeting**\n\nSay hello back.", "gAAAAB-enc-hello");
const MESSAGE = messageItem("msg_1", "Hello.");
const RESPONSE = {
  id: "resp_1",
  object: "response",
  status: "completed",
  output: [REASONING, MESSAGE],
  usage: {
    input_tokens: 5,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 20,
    output_tokens_details: { reasoning_tokens: 14 },
  },
};
const PARSED = {
  message: {
    role: "assistant",
    content: [
      {
        type: "thinking",
        text: "**Greeting**\n\nSay hello back.",
        signature: "gAAAAB-enc-hello",
        provider: "openai-responses",
      },
      { type: "text", text: "Hello." },
    ],
  },
  usage: { inputTokens: 5, outputTokens: 20, reasoningTokens: 14, cacheReadTokens: 0 },
  stopReason: "completed",
  id: "resp_1",
};

const cassette = (body: object, responses: CassetteResponse[]): Cassette =>
  inlineCassette(
    { provider: "openai", url: URL, headers: { authorization: "<redacted>" } },
    responses.map((r) => [body, r]),
  );

const STREAM_OK: CassetteResponse = {
  status: 200,
  headers: { "content-type": "text/event-stream", "x-request-id": "req_stream" },
  chunks: sse(
    { type: "response.created", response: { status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { ...REASONING, summary: [] } },
    {
      type: "response.reasoning_summary_text.delta",
      output_index: 0,
      summary_index: 0,
      delta: "**Greeting**\n\nSay hello back.",
    },
    { type: "response.output_item.done", output_index: 0, item: REASONING },
    { type: "response.output_text.delta", output_index: 1, content_index: 0, delta: "Hello." },
    { type: "response.output_item.done", output_index: 1, item: MESSAGE },
    { type: "response.completed", response: RESPONSE },
  ),
};

describe("openai create with api: responses", () => {
  it("posts to {baseURL}/responses and parses the reasoning item and the text", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        { status: 200, headers: { "content-type": "application/json" }, body: RESPONSE },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    expect(model.provider).toBe("openai");
    expect(model.model).toBe("gpt-5.4");
    const res = await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(res).toEqual(PARSED);
  });

  it("streams the same response as generate, with stream: true", async () => {
    const fetch = replayFetch(cassette({ ...BODY, stream: true }, [STREAM_OK]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const s = model.stream({ messages: [user] });
    const deltas = await collect(s);
    expect(await s.response).toEqual(PARSED);
    expect(deltas).toEqual([
      { type: "thinking", index: 0, text: "**Greeting**\n\nSay hello back." },
      { type: "thinking", index: 0, signature: "gAAAAB-enc-hello" },
      { type: "text", index: 1, text: "Hello." },
    ]);
  });

  it("uses another base URL for a compatible server", async () => {
    const url = "https://llm.example.test/v1/responses";
    const base = cassette(BODY, [{ status: 200, headers: {}, body: RESPONSE }]);
    const interactions = base.interactions.map((i) => ({ ...i, request: { ...i.request, url } }));
    const fetch = replayFetch({ ...base, interactions });
    const model = create({
      apiKey: KEY,
      model: "gpt-5.4",
      api: "responses",
      baseURL: "https://llm.example.test/v1/",
      fetch,
    });
    await model.generate({ messages: [user] });
    fetch.assertDone();
    expect(fetch.requests[0]?.url).toBe(url);
  });

  it("throws openai.APIError with status, type, message and x-request-id for an error answer", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 400,
          headers: { "content-type": "application/json", "x-request-id": "req_bad" },
          body: {
            error: {
              message: "The encrypted content gAAA...DQ== could not be verified.",
              type: "invalid_request_error",
              param: null,
              code: "invalid_encrypted_content",
            },
          },
        },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expect(fetch.requests).toHaveLength(1);
    expectAPIError(
      error,
      APIError,
      {
        provider: "openai",
        status: 400,
        type: "invalid_request_error",
        requestId: "req_bad",
        retryable: false,
      },
      "openai 400 invalid_request_error: The encrypted content gAAA...DQ== could not be verified. (request id req_bad)",
    );
  });

  it("throws openai.APIError for a 200 body holding a failed response", async () => {
    const fetch = replayFetch(
      cassette(BODY, [
        {
          status: 200,
          headers: { "x-request-id": "req_failed" },
          body: {
            status: "failed",
            output: [],
            error: { code: "server_error", message: "Something went wrong." },
          },
        },
      ]),
    );
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const error = await model.generate({ messages: [user] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 200, type: "server_error", requestId: "req_failed" });
  });

  it("rejects a streamed response.failed with openai.APIError carrying what arrived", async () => {
    const chunks = [
      ...(STREAM_OK.chunks ?? []).slice(0, 4),
      ...sse({
        type: "response.failed",
        response: { status: "failed", error: { code: "server_error", message: "Overloaded." } },
      }),
    ];
    const fetch = replayFetch(cassette({ ...BODY, stream: true }, [{ ...STREAM_OK, chunks }]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const error = await model.stream({ messages: [user] }).response.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 200, type: "server_error", requestId: "req_stream" });
    expect((error as APIError).partial?.message.content).toEqual(
      PARSED.message.content.slice(0, 1),
    );
  });

  it("rejects a stream cut before response.completed with StreamError and the partial message", async () => {
    const chunks = (STREAM_OK.chunks ?? []).slice(0, 5);
    const fetch = replayFetch(cassette({ ...BODY, stream: true }, [{ ...STREAM_OK, chunks }]));
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const error = await model.stream({ messages: [user] }).response.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).partial?.message).toEqual({
      ...PARSED.message,
      interrupted: true,
    });
  });

  it("checks the history before sending anything", async () => {
    const fetch = replayFetch(cassette(BODY, []));
    const model = create({ apiKey: KEY, model: "gpt-5.4", api: "responses", fetch });
    const bad = { role: "tool", content: "x", toolCallId: "nope" } as Message;
    await expect(model.generate({ messages: [bad] })).rejects.toThrow(HistoryError);
    await expect(model.stream({ messages: [bad] }).response).rejects.toThrow(HistoryError);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe("openai resolveConfig with api: responses", () => {
  it("defaults reasoningSummary to auto and keeps effort and token limit", () => {
    const cfg = resolveConfig(
      {
        apiKey: KEY,
        model: "gpt-5.4",
        api: "responses",
        reasoningEffort: "high",
        maxTokens: 8000,
      },
      {},
    );
    expect(cfg).toMatchObject({
      api: "responses",
      reasoningEffort: "high",
      reasoningSummary: "auto",
      settings: { maxTokens: 8000 },
    });
  });

  it("asks for no summary with reasoningEffort none or reasoningSummary none", () => {
    const off = resolveConfig(
      { apiKey: KEY, model: "gpt-5.4", api: "responses", reasoningEffort: "none" },
      {},
    );
    expect("reasoningSummary" in off).toBe(false);
    const none = resolveConfig(
      { apiKey: KEY, model: "gpt-5.4", api: "responses", reasoningSummary: "none" },
      {},
    );
    expect("reasoningSummary" in none).toBe(false);
    const explicit = resolveConfig(
      {
        apiKey: KEY,
        model: "gpt-5.4",
        api: "responses",
        reasoningEffort: "none",
        reasoningSummary: "concise",
      },
      {},
    );
    expect(explicit.reasoningSummary).toBe("concise");
  });

  const bad: [string, Config, RegExp][] = [
    ["an unknown api", { apiKey: KEY, model: "m", api: "assistants" as never }, /api must be/],
    [
      "reasoningSummary on chat-completions",
      { apiKey: KEY, model: "m", reasoningSummary: "auto" },
      /reasoningSummary needs api: "responses"/,
    ],
    [
      "an unknown reasoningSummary",
      { apiKey: KEY, model: "m", api: "responses", reasoningSummary: "short" as never },
      /reasoningSummary must be one of auto, concise, detailed, none/,
    ],
    [
      "replayReasoning with responses",
      { apiKey: KEY, model: "m", api: "responses", replayReasoning: true },
      /replayReasoning is for api "chat-completions"/,
    ],
  ];
  it.each(bad)("throws ConfigError for %s", (_what, config, message) => {
    expect(() => resolveConfig(config, {})).toThrow(ConfigError);
    expect(() => resolveConfig(config, {})).toThrow(message);
    expect(() => create(config)).toThrow(ConfigError);
  });
});

describe("responses-items-as-parts cassettes", () => {
  it("keeps two multi-part reasoning items, a web search and phased messages in order, and replays them item for item", async () => {
    const { turns, cassette, fetch } = await runCassette("openai", "responses-items-as-parts");
    fetch.assertDone();
    const [turn1, turn2] = turns.map((t) => t.response?.message);
    const output = (cassette.interactions[0]?.response.body as { output?: unknown[] } | undefined)
      ?.output;
    const enc = (n: number) => `gAAAAABmadeup-not-a-real-token-${n}-${"x".repeat(40)}==`;
    expect(turn1?.content).toEqual([
      {
        type: "thinking",
        text: "**Finding the latest release**\n\nThe user wants golem's newest version; a web search should find it.",
        signature: enc(1),
        provider: "openai-responses",
      },
      {
        type: "thinking",
        text: "**Planning the answer**\n\nOnce I know the version, I'll read its release notes before answering.",
        provider: "openai-responses",
      },
      { type: "provider", provider: "openai-responses", value: output?.[1] },
      {
        type: "text",
        text: "The search shows 0.2.0; reading its release notes.",
        phase: "commentary",
        provider: "openai-responses",
      },
      {
        type: "thinking",
        text: "**Checking the notes**\n\nVersion 0.2.0 it is.",
        signature: enc(2),
        provider: "openai-responses",
      },
      {
        type: "thinking",
        text: "**Calling the tool**\n\nrelease_notes with package golem and version 0.2.0.",
        provider: "openai-responses",
      },
      {
        type: "tool-call",
        id: "call_Zx81Qm3vJ7kPw2Ld9sTa4Yc",
        name: "release_notes",
        arguments: '{"package":"golem","version":"0.2.0"}',
      },
    ]);
    expect(turn2?.content).toEqual([
      {
        type: "thinking",
        text: "**Answering**\n\nOne sentence on the change.",
        signature: enc(3),
        provider: "openai-responses",
      },
      {
        type: "text",
        text: "golem 0.2.0 is the latest: a message is now one ordered list of typed parts.",
        phase: "final_answer",
        provider: "openai-responses",
      },
    ]);
  });
});
