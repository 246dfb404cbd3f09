/**
 * What only Azure's cassettes show (the v1 URL form, api-key and Entra ID auth, a call replayed
 * with content null); the laws every cassette obeys run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { FAKE_AUTH } from "../../contract/adapters.js";
import { AZURE_ENDPOINT } from "../../contract/rows/openai.js";
import { runCassette } from "../../contract/table.js";
import { chatCalls } from "../../helpers/chat-calls.js";

describe("azure v1-tool-call", () => {
  it("parses the tool call and the answer, with reasoning counted but no reasoning text", async () => {
    const { turns } = await runCassette("azure", "v1-tool-call");
    expect(turns[0]?.response).toEqual({
      message: {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            id: "call_tvEGAtC9EJdeiqYCz0S1vQST",
            name: "weather",
            arguments: '{"location":"Florence, Italy"}',
          },
        ],
      },
      usage: { inputTokens: 145, outputTokens: 154, reasoningTokens: 128, cacheReadTokens: 0 },
      stopReason: "tool_calls",
      id: "chatcmpl-DuLZ0dgARywxlk2z1MS2qGUsf5mIi",
      model: "gpt-5-mini-2025-08-07",
    });
    const answer = turns[1]?.response?.message.content as { type: string; text: string }[];
    expect(answer.map((p) => p.type)).toEqual(["text"]);
    expect(answer[0]?.text).toMatch(/^Right now in Florence, Italy it’s 40°C/);
    expect(turns[1]?.response?.stopReason).toBe("stop");
  });

  it("posts to the v1 URL with api-key and replays the call with content null", async () => {
    const { fetch } = await runCassette("azure", "v1-tool-call");
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(2).fill(`${AZURE_ENDPOINT}/openai/v1/chat/completions`),
    );
    expect(fetch.requests[0]?.headers["api-key"]).toBe(FAKE_AUTH.azure.apiKey);
    expect(fetch.requests[0]?.headers.authorization).toBe(undefined);
    const sent = fetch.requests[1]?.body as { model: string; messages: unknown[] };
    expect(sent.model).toBe("gpt-5-mini");
    expect(sent.messages[2]).toEqual(
      chatCalls(["call_tvEGAtC9EJdeiqYCz0S1vQST", "weather", '{"location":"Florence, Italy"}']),
    );
  });
});

describe("azure v1-tool-call-stream", () => {
  const tokens = () => {
    let n = 0;
    return async () => `entra-token-${++n}-0123456789`;
  };

  it("streams the tool call's id and name first, then its argument fragments", async () => {
    const { turns } = await runCassette("azure", "v1-tool-call-stream");
    const turn1 = turns[0]?.deltas ?? [];
    expect(turn1[0]).toEqual({
      type: "tool-call",
      index: 0,
      id: "call_tvEGAtC9EJdeiqYCz0S1vQST",
      name: "weather",
    });
    expect(
      turn1
        .slice(1)
        .map((d) => (d.type === "tool-call" ? d.arguments : "?"))
        .join(""),
    ).toBe('{"location":"Florence, Italy"}');
  });

  it("sends a fresh Entra ID bearer token with each request", async () => {
    const { fetch } = await runCassette("azure", "v1-tool-call-stream", {
      config: { token: tokens() },
    });
    expect(fetch.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer entra-token-1-0123456789",
      "Bearer entra-token-2-0123456789",
    ]);
    expect(fetch.requests[0]?.headers["api-key"]).toBe(undefined);
  });
});
