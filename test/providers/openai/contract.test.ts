/**
 * What only the Chat Completions cassettes show (DeepSeek's reasoning_content replayed, the
 * 400 for tools with effort); the laws every cassette obeys run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { toolCallsOf } from "../../../src/core/parts.js";
import type { Cassette } from "../../../src/testing/index.js";
import { FAKE_AUTH } from "../../contract/adapters.js";
import { runCassette } from "../../contract/table.js";
import { chatCalls } from "../../helpers/chat-calls.js";
import { itWholeAndStreamed } from "../../helpers/recordings.js";
import { expectInvalidRequest } from "./invalid-request.js";

interface WireMessage {
  role: string;
  content: string | null;
  reasoning_content?: string;
  tool_calls?: unknown[];
}
const sentMessages = (r: { fetch: { requests: { body: unknown }[] } }) =>
  r.fetch.requests.map((q) => (q.body as { messages: WireMessage[] }).messages);
function responseMessage(c: Cassette, i: number): WireMessage {
  const body = c.interactions[i]?.response.body as { choices: { message: WireMessage }[] };
  return body.choices[0]?.message as WireMessage;
}

describe("openai deepseek-thinking-tool-loop", () => {
  it("parses each turn's reasoning_content into a thinking part tagged openai", async () => {
    const { turns, cassette } = await runCassette("openai", "deepseek-thinking-tool-loop");
    expect(turns[0]?.response).toEqual({
      message: {
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: responseMessage(cassette, 0).reasoning_content,
            provider: "openai",
          },
          { type: "text", text: "Let me load the dice rolling capability!" },
          {
            type: "tool-call",
            id: "call_00_sXqYgMESDht75NCLLZtt9804",
            name: "load_capability",
            arguments: '{"id": "DICE_ROLL"}',
          },
        ],
      },
      usage: { inputTokens: 563, outputTokens: 116, reasoningTokens: 60, cacheReadTokens: 512 },
      stopReason: "tool_calls",
      id: "0841b0a3-0321-47fa-a8a5-f08e5a4b3cb3",
      model: "deepseek-v4-flash",
    });
    expect(toolCallsOf(turns[1]!.response!.message)).toEqual([
      {
        type: "tool-call",
        id: "call_00_6edlnw3Z1MgeMfey687g8451",
        name: "get_player_name",
        arguments: "{}",
      },
      {
        type: "tool-call",
        id: "call_01_km02sac7sHxNDPATKLZy7705",
        name: "roll_dice",
        arguments: "{}",
      },
    ]);
    expect(turns[2]?.response?.stopReason).toBe("stop");
    expect(JSON.stringify(turns[2]?.response?.message.content)).toContain("Congratulations, Anne!");
    expect(turns[2]?.response?.usage).toEqual({
      inputTokens: 976,
      outputTokens: 61,
      reasoningTokens: 25,
      cacheReadTokens: 896,
    });
  });

  itWholeAndStreamed(
    "openai",
    "deepseek-thinking-tool-loop",
    "sends turns 2 and 3 with the earlier reasoning_content byte for byte",
    (r, whole, streamed) => {
      const sent = sentMessages(r);
      const first = responseMessage(whole, 0).reasoning_content;
      const second = responseMessage(whole, 1).reasoning_content;
      expect(first).toMatch(/^The user wants to play a dice game/);
      expect(sent[1]?.[3]?.reasoning_content).toBe(first);
      expect(sent[1]?.[5]).toEqual({
        ...chatCalls(["auto_load_eb5fc31bb581b4e7", "search_tools", '{"queries":["DICE_ROLL"]}']),
        reasoning_content: "",
      });
      expect(sent[2]?.[3]?.reasoning_content).toBe(first);
      expect(sent[2]?.[7]?.reasoning_content).toBe(second);
      expect(
        r.fetch.requests.every(
          (q) =>
            (q.body as { stream?: boolean }).stream === streamed ||
            (!streamed && (q.body as { stream?: boolean }).stream === undefined),
        ),
      ).toBe(true);
    },
  );

  it("sends the recorded URL and the bearer key (replayFetch checks the rest)", async () => {
    const { fetch } = await runCassette("openai", "deepseek-thinking-tool-loop");
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(3).fill("https://api.deepseek.com/chat/completions"),
    );
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${FAKE_AUTH.openai.apiKey}`);
  });
});

describe("openai deepseek-thinking-tool-loop-stream", () => {
  it("streams reasoning, then text, then tool-call fragments at their final positions", async () => {
    const { turns } = await runCassette("openai", "deepseek-thinking-tool-loop-stream");
    const turn2 = turns[1]?.deltas ?? [];
    const kinds = turn2.map((d) => d.type);
    expect(kinds.indexOf("text")).toBeGreaterThan(kinds.lastIndexOf("thinking"));
    expect(kinds.indexOf("tool-call")).toBeGreaterThan(kinds.lastIndexOf("text"));
    expect(turn2.filter((d) => d.type === "thinking").every((d) => d.index === 0)).toBe(true);
    expect(turn2.filter((d) => d.type === "tool-call" && d.id)).toEqual([
      {
        type: "tool-call",
        index: 2,
        id: "call_00_6edlnw3Z1MgeMfey687g8451",
        name: "get_player_name",
      },
      { type: "tool-call", index: 3, id: "call_01_km02sac7sHxNDPATKLZy7705", name: "roll_dice" },
    ]);
  });
});

describe("openai tools-with-effort-400", () => {
  it("rejects with openai.APIError carrying status, type, message and request id, without retrying", async () => {
    const { fetch, error, cassette } = await runCassette("openai", "tools-with-effort-400");
    expect(fetch.requests).toHaveLength(1);
    expectInvalidRequest(
      error,
      cassette,
      0,
      "openai 400 invalid_request_error: Function tools with reasoning_effort are not supported for gpt-5.4 in /v1/chat/completions. Please use /v1/responses instead. (request id req_5f0c2a9e8d7b4c13a6e1f2d3b4c5a697)",
      "req_5f0c2a9e8d7b4c13a6e1f2d3b4c5a697",
    );
  });
});
