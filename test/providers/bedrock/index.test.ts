import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryError, StreamError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { APIError, create } from "../../../src/platforms/bedrock/index.js";
import { expectAPIError } from "../../helpers/errors.js";
import { jsonResponse as json, scriptedFetch as scripted } from "../../helpers/fetch.js";
import { bodyOf, encodeFrame } from "./frames.js";

const SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
const TOKEN = "IQoJb3JpZ2luX2VjSESSIONTOKENEXAMPLE0123456789";
const CREDS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: SECRET, sessionToken: TOKEN };
const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const URL_CONVERSE =
  "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse";
const hi: Message[] = [{ role: "user", content: "hi" }];
const ok = {
  output: { message: { role: "assistant", content: [{ text: "hello" }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
};

afterEach(() => {
  vi.useRealTimers();
});

describe("bedrock model", () => {
  it("signs every attempt afresh with SigV4, so a retry carries a new date and signature", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-08-01T12:00:00Z"));
    const { fetch, calls } = scripted(
      [
        json(
          500,
          { message: "oops" },
          { "x-amzn-errortype": "InternalServerException", "retry-after-ms": "1" },
        ),
        json(200, ok),
      ],
      (n) => {
        if (n === 1) vi.setSystemTime(new Date("2026-08-01T12:00:07Z"));
      },
    );
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const r = await model.generate({ messages: hi });
    expect(r.message.content).toEqual([{ type: "text", text: "hello" }]);
    expect(calls.map((c) => c.url)).toEqual([URL_CONVERSE, URL_CONVERSE]);
    expect(calls.map((c) => c.headers.get("x-amz-date"))).toEqual([
      "20260801T120000Z",
      "20260801T120007Z",
    ]);
    const [first, second] = calls.map((c) => c.headers.get("authorization") ?? "");
    expect(first).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260801\/us-east-1\/bedrock\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
    expect(second).not.toBe(first);
    expect(calls[0]?.headers.get("x-amz-security-token")).toBe(TOKEN);
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
    expect(calls[1]?.body).toBe(calls[0]?.body);
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({
      messages: [{ role: "user", content: [{ text: "hi" }] }],
    });
  });

  it("sends a Bedrock API key as a bearer token and does not sign", async () => {
    const { fetch, calls } = scripted([json(200, ok)]);
    const model = create({
      region: "us-east-1",
      model: MODEL,
      apiKey: "ABSKbedrockkey0123456789",
      fetch,
    });
    await model.generate({ messages: hi });
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer ABSKbedrockkey0123456789");
    expect(calls[0]?.headers.get("x-amz-date")).toBeNull();
  });

  it("raises a typed, unretried APIError for a ValidationException", async () => {
    const { fetch, calls } = scripted([
      json(
        400,
        { message: "The provided model identifier is invalid." },
        {
          "x-amzn-errortype":
            "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/",
          "x-amzn-requestid": "171ca918-b228-4851-affc-862dd50c5f6d",
        },
      ),
    ]);
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const e = await model.generate({ messages: hi }).catch((x: unknown) => x);
    expect(calls).toHaveLength(1);
    expectAPIError(
      e,
      APIError,
      {
        name: "APIError",
        provider: "bedrock",
        status: 400,
        type: "ValidationException",
        requestId: "171ca918-b228-4851-affc-862dd50c5f6d",
        retryable: false,
      },
      "bedrock 400 ValidationException: The provided model identifier is invalid. (request id 171ca918-b228-4851-affc-862dd50c5f6d)",
    );
  });

  it("never puts the secret key or session token into an error, even when echoed", async () => {
    const echo = { message: `bad signature for ${SECRET} with token ${TOKEN}` };
    const { fetch } = scripted([json(403, echo, { "x-amzn-errortype": "AccessDeniedException" })]);
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const e = (await model.generate({ messages: hi }).catch((x: unknown) => x)) as APIError;
    const seen = `${e.message} ${JSON.stringify(e.body)} ${e.stack}`;
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain(TOKEN);
    expect(e.message).toBe(
      "bedrock 403 AccessDeniedException: bad signature for <redacted> with token <redacted>",
    );
  });

  it("streams from converse-stream and reports an HTTP error before the stream as APIError", async () => {
    const frames = [
      encodeFrame(
        {
          ":event-type": "contentBlockDelta",
          ":content-type": "application/json",
          ":message-type": "event",
        },
        '{"contentBlockIndex":0,"delta":{"text":"hey"},"p":"abc"}',
      ),
      encodeFrame(
        {
          ":event-type": "messageStop",
          ":content-type": "application/json",
          ":message-type": "event",
        },
        '{"stopReason":"end_turn"}',
      ),
    ];
    const { fetch, calls } = scripted([
      () =>
        new Response(bodyOf(frames), {
          status: 200,
          headers: { "content-type": "application/vnd.amazon.eventstream" },
        }),
      json(
        429,
        { message: "Too many tokens per day, please wait before trying again." },
        {
          "x-amzn-errortype": "ThrottlingException",
        },
      ),
    ]);
    const model = create({
      region: "us-east-1",
      model: MODEL,
      credentials: CREDS,
      fetch,
      maxRetries: 0,
    });
    const s = model.stream({ messages: hi });
    const deltas = [];
    for await (const d of s) deltas.push(d);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "hey" }]);
    expect((await s.response).message.content).toEqual([{ type: "text", text: "hey" }]);
    expect(calls[0]?.url).toBe(`${URL_CONVERSE}-stream`);
    const e = await model.stream({ messages: hi }).response.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(APIError);
    expect(e).toMatchObject({ status: 429, type: "ThrottlingException", retryable: true });
  });

  it("says plainly when a stream answers with JSON instead of an event stream", async () => {
    const { fetch } = scripted([
      json(200, { Output: { __type: "com.amazon.coral.service#UnknownOperationException" } }),
    ]);
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const e = await model.stream({ messages: hi }).response.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StreamError);
    expect((e as Error).message).toMatch(
      /^bedrock answered the stream with JSON, not an event stream: \{"Output"/,
    );
  });

  it("checks the history before any request, in generate and through the stream", async () => {
    const { fetch, calls } = scripted([]);
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const bad: Message[] = [{ role: "tool", toolCallId: "nope", content: "x" }];
    await expect(model.generate({ messages: bad })).rejects.toThrow(HistoryError);
    await expect(model.stream({ messages: bad }).response).rejects.toThrow(HistoryError);
    expect(calls).toHaveLength(0);
  });

  it("ends a stream whose tool input is not JSON in a StreamError with what arrived", async () => {
    const event = (type: string, payload: object) =>
      encodeFrame(
        { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
        JSON.stringify(payload),
      );
    const frames = [
      event("contentBlockStart", {
        contentBlockIndex: 0,
        start: { toolUse: { toolUseId: "t", name: "x" } },
      }),
      event("contentBlockDelta", { contentBlockIndex: 0, delta: { toolUse: { input: "{bad" } } }),
      event("contentBlockStop", { contentBlockIndex: 0 }),
      event("messageStop", { stopReason: "tool_use" }),
    ];
    const { fetch } = scripted([
      () =>
        new Response(bodyOf(frames), {
          status: 200,
          headers: { "content-type": "application/vnd.amazon.eventstream" },
        }),
    ]);
    const model = create({ region: "us-east-1", model: MODEL, credentials: CREDS, fetch });
    const e = await model.stream({ messages: hi }).response.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StreamError);
    expect((e as StreamError).partial?.message.content).toEqual([
      { type: "tool-call", id: "t", name: "x", arguments: "{bad" },
    ]);
  });

  it("reports itself as provider bedrock with its model id", () => {
    const model = create({ region: "us-east-1", model: MODEL, apiKey: "k" });
    expect({ provider: model.provider, model: model.model }).toEqual({
      provider: "bedrock",
      model: MODEL,
    });
  });
});
