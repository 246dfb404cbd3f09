import { describe, expect, it } from "vitest";
import { StreamError } from "../../../src/core/errors.js";
import { APIError, create } from "../../../src/platforms/anthropic/index.js";
import { expectAPIError } from "../../helpers/errors.js";
import { jsonResponse as json, scriptedFetch as scripted } from "../../helpers/fetch.js";
import { answer } from "./answer.js";

const KEY = "sk-ant-SECRET-marker-0123456789";
const ok = answer([{ type: "text", text: "hi" }], "end_turn", {
  id: "m",
  model: "c",
  usage: { input_tokens: 1, output_tokens: 1 },
});

describe("anthropic model", () => {
  it("retries 529 overloaded and 429 with retry-after, then succeeds", async () => {
    const err = (type: string) => ({ type: "error", error: { type, message: type } });
    const { fetch, calls } = scripted([
      json(529, err("overloaded_error"), { "retry-after-ms": "1" }),
      json(429, err("rate_limit_error"), { "retry-after": "0" }),
      json(200, ok),
    ]);
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch });
    const r = await model.generate({ messages: [{ role: "user", content: "hi" }] });
    expect(r.message.content).toEqual([{ type: "text", text: "hi" }]);
    expect(calls).toHaveLength(3);
    expect(calls[0]?.headers.get("x-api-key")).toBe(KEY);
    expect(calls[0]?.body).toBe(calls[2]?.body);
  });

  it("gives up after maxRetries with the last error, typed", async () => {
    const { fetch, calls } = scripted(
      Array.from({ length: 3 }, () =>
        json(
          500,
          { type: "error", error: { type: "api_error", message: "Internal" } },
          { "retry-after-ms": "1", "request-id": "req_x" },
        ),
      ),
    );
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch, maxRetries: 1 });
    const e = await model
      .generate({ messages: [{ role: "user", content: "hi" }] })
      .catch((x: unknown) => x);
    expect(calls).toHaveLength(2);
    expectAPIError(
      e,
      APIError,
      {
        status: 500,
        type: "api_error",
        requestId: "req_x",
        retryable: true,
        name: "APIError",
      },
      "anthropic 500 api_error: Internal (request id req_x)",
    );
  });

  it("never puts the key into an error, even when the provider echoes it", async () => {
    const body = {
      type: "error",
      error: { type: "authentication_error", message: `invalid x-api-key ${KEY}` },
    };
    const { fetch } = scripted([json(401, body)]);
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch });
    const e = (await model
      .generate({ messages: [{ role: "user", content: "hi" }] })
      .catch((x: unknown) => x)) as APIError;
    expect(e.status).toBe(401);
    for (const text of [e.message, JSON.stringify(e.body), String(e.stack), JSON.stringify(e)]) {
      expect(text).not.toContain(KEY);
    }
  });

  it("refuses a malformed history before any request", async () => {
    const { fetch, calls } = scripted([json(200, ok)]);
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch });
    await expect(
      model.generate({ messages: [{ role: "tool", toolCallId: "nope", content: "x" }] }),
    ).rejects.toMatchObject({ name: "HistoryError", index: 0 });
    const s = model.stream({
      messages: [
        { role: "user", content: [{ type: "tool-call", id: "c", name: "t", arguments: "{}" }] },
      ],
    });
    await expect(s.response).rejects.toMatchObject({ name: "HistoryError" });
    expect(calls).toHaveLength(0);
  });

  it("rejects an empty 200 body and a stream cut mid-event with StreamError", async () => {
    const { fetch } = scripted([
      () => new Response("", { status: 200 }),
      () =>
        new Response(
          'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":1}}}\n\nevent: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"par',
          { status: 200, headers: { "content-type": "text/event-stream" } },
        ),
    ]);
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch });
    await expect(
      model.generate({ messages: [{ role: "user", content: "hi" }] }),
    ).rejects.toBeInstanceOf(StreamError);
    const s = model.stream({ messages: [{ role: "user", content: "hi" }] });
    const e = await s.response.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StreamError);
    expect((e as StreamError).partial?.usage.inputTokens).toBe(1);
  });

  it("sends nothing until the stream is read, and aborts with the caller's reason", async () => {
    const { fetch, calls } = scripted([json(200, ok)]);
    const model = create({ apiKey: KEY, model: "c", maxTokens: 100, fetch });
    const controller = new AbortController();
    const s = model.stream(
      { messages: [{ role: "user", content: "hi" }] },
      { signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toHaveLength(0);
    controller.abort(new Error("user stop"));
    await expect(s.response).rejects.toThrow("user stop");
    expect(calls).toHaveLength(0);
  });
});
