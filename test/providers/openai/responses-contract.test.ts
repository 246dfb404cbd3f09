/**
 * What only the Responses API cassettes show (encrypted reasoning replayed statelessly before
 * its follower, the 400 for a reasoning item without one, the edited history); the laws every
 * cassette obeys run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { thinkingOf, toolCallsOf } from "../../../src/core/parts.js";
import type { Cassette } from "../../../src/testing/index.js";
import { FAKE_AUTH } from "../../contract/adapters.js";
import { inputKinds, runCassette } from "../../contract/table.js";
import { itWholeAndStreamed } from "../../helpers/recordings.js";
import { expectInvalidRequest } from "./invalid-request.js";

interface WireItem {
  type?: string;
  role?: string;
  id?: string;
  summary?: { type: string; text: string }[];
  encrypted_content?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
}
const responseOutput = (c: Cassette, i: number) =>
  (c.interactions[i]?.response.body as { output: WireItem[] } | undefined)?.output ?? [];
const sentInput = (fetch: { requests: { body: unknown }[] }, i: number) =>
  (fetch.requests[i]?.body as { input: WireItem[] } | undefined)?.input ?? [];

/** The 400 shape: a reasoning item that is last, or not followed by a message or call. */
function reasoningWithoutFollower(input: WireItem[]): boolean {
  return input.some((item, i) => {
    if (item.type !== "reasoning") return false;
    const next = input[i + 1];
    return !(
      next?.type === "function_call" ||
      (next?.type === "message" && next.role === "assistant")
    );
  });
}

/** One thinking part per summary part, the first carrying the encrypted_content. */
const summaryParts = (reasoning: WireItem | undefined) =>
  (reasoning?.summary ?? []).map((p, i) => ({
    type: "thinking",
    text: p.text,
    ...(i === 0 ? { signature: reasoning?.encrypted_content } : {}),
    provider: "openai-responses",
  }));

describe("openai responses-thinking-tool-loop", () => {
  it("parses the reasoning item into signed summary parts and the function call by call_id", async () => {
    const { turns, cassette } = await runCassette("openai", "responses-thinking-tool-loop");
    const [reasoning, call] = responseOutput(cassette, 0);
    expect(reasoning?.summary).toHaveLength(5);
    expect(turns[0]?.response).toEqual({
      message: {
        role: "assistant",
        content: [
          ...summaryParts(reasoning),
          {
            type: "tool-call",
            id: "call_gL7JE6GDeGGsFubqO2XGytyO",
            name: "update_plan",
            arguments: call?.arguments,
          },
        ],
      },
      usage: { inputTokens: 124, outputTokens: 1926, reasoningTokens: 1792, cacheReadTokens: 0 },
      stopReason: "completed",
      id: "resp_68c42d28772c819684459966ee2201ed0e8bc41441c948f6",
      model: "gpt-5-2025-08-07",
    });
    const answer = turns[1]!.response!.message;
    expect(JSON.stringify(answer.content)).toMatch(
      /"text":"Softly old fountains illumine alleys\\n/,
    );
    expect(thinkingOf(answer)).toEqual([]);
    expect(turns[1]?.response?.usage).toEqual({
      inputTokens: 2087,
      outputTokens: 124,
      reasoningTokens: 0,
      cacheReadTokens: 2048,
    });
  });

  itWholeAndStreamed(
    "openai",
    "responses-thinking-tool-loop",
    "sends turn 1's encrypted_content back byte for byte, before its function call",
    (run, whole) => {
      const [reasoning, call] = responseOutput(whole, 0);
      const input = sentInput(run.fetch, 1);
      expect(inputKinds(run, 1)).toEqual([
        "user",
        "reasoning",
        "function_call",
        "function_call_output",
      ]);
      expect(input[1]?.encrypted_content).toBe(reasoning?.encrypted_content);
      // Not the shortened encrypted_content of a streamed `.added` event.
      expect((input[1]?.encrypted_content ?? "").length).toBeGreaterThan(64);
      expect(input[1]?.summary).toEqual(reasoning?.summary);
      expect(input[1]?.id).toBe(undefined);
      expect(input[2]).toEqual({
        type: "function_call",
        call_id: call?.call_id,
        name: "update_plan",
        arguments: call?.arguments,
      });
      expect(input[3]).toEqual({
        type: "function_call_output",
        call_id: "call_gL7JE6GDeGGsFubqO2XGytyO",
        output: "plan updated",
      });
    },
  );

  it("sends the recorded URL, auth and stateless options (replayFetch checks the rest)", async () => {
    const { fetch } = await runCassette("openai", "responses-thinking-tool-loop");
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(2).fill("https://api.openai.com/v1/responses"),
    );
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${FAKE_AUTH.openai.apiKey}`);
    expect(fetch.requests[0]?.body).toMatchObject({
      store: false,
      include: ["reasoning.encrypted_content"],
      reasoning: { effort: "low", summary: "detailed" },
    });
  });
});

describe("openai responses-thinking-tool-loop-stream", () => {
  it("streams the summary parts, then the signature, then the call, at their final positions", async () => {
    const { turns } = await runCassette("openai", "responses-thinking-tool-loop-stream");
    const plain = (await runCassette("openai", "responses-thinking-tool-loop")).cassette;
    const [reasoning, call] = responseOutput(plain, 0);
    const turn1 = turns[0]?.deltas ?? [];
    const lastThinking = turn1.map((d) => d.type === "thinking").lastIndexOf(true);
    const firstCall = turn1.findIndex((d) => d.type === "tool-call");
    expect(firstCall).toBeGreaterThan(lastThinking);
    expect(turn1).toContainEqual({
      type: "thinking",
      index: 0,
      signature: reasoning?.encrypted_content,
    });
    expect(turn1[firstCall]).toEqual({
      type: "tool-call",
      index: 5,
      id: "call_gL7JE6GDeGGsFubqO2XGytyO",
      name: "update_plan",
    });
    const args = turn1.map((d) => (d.type === "tool-call" ? (d.arguments ?? "") : "")).join("");
    expect(args).toBe(call?.arguments);
  });
});

describe("openai responses-modified-history", () => {
  it("parses turn 1's single summary part and answer", async () => {
    const { turns, cassette } = await runCassette("openai", "responses-modified-history");
    const [reasoning] = responseOutput(cassette, 0);
    const message = turns[0]!.response!.message;
    expect(thinkingOf(message)).toEqual(summaryParts(reasoning));
    expect(JSON.stringify(message.content)).toMatch(/"text":"A single, final answer doesn’t exist/);
    expect(turns[0]?.response?.stopReason).toBe("completed");
  });

  it("replays the edited turn with the reasoning item followed by its message, summary exact", async () => {
    const { fetch, cassette } = await runCassette("openai", "responses-modified-history");
    const [reasoning] = responseOutput(cassette, 0);
    const input = sentInput(fetch, 1);
    expect(input[1]).toEqual({
      type: "reasoning",
      summary: reasoning?.summary,
      encrypted_content: reasoning?.encrypted_content,
    });
    expect(input[2]).toEqual({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "The meaning of life is 42" }],
    });
    // The captured 400 request carried `id: "rs_…"`; golem's never carries one.
    expect(input[1]?.id).toBe(undefined);
    expect(reasoningWithoutFollower(input)).toBe(false);
  });

  it("rejects the 400 as openai.APIError, typed and unretried", async () => {
    const { fetch, turns, cassette } = await runCassette("openai", "responses-modified-history");
    const error = turns[1]?.error;
    expect(fetch.requests).toHaveLength(3);
    expectInvalidRequest(
      error,
      cassette,
      1,
      "openai 400 invalid_request_error: Item 'rs_68c42de022c881948db7ed1cc2529f2e0202c9ad459e0d23' of type 'reasoning' was provided without its required following item.",
    );
  });

  it("sends the third turn without any reasoning item and parses the answer", async () => {
    const run = await runCassette("openai", "responses-modified-history");
    const { fetch, turns, cassette } = run;
    const _input = sentInput(fetch, 2);
    expect(inputKinds(run, 2)).toEqual(["user", "message", "message", "user"]);
    const [reasoning] = responseOutput(cassette, 2);
    const turn3 = turns[2]!.response!;
    expect(thinkingOf(turn3.message)).toEqual(summaryParts(reasoning));
    expect(toolCallsOf(turn3.message)).toEqual([]);
    expect(JSON.stringify(turn3.message.content)).toMatch(/"text":"Plenty\./);
    expect(turn3.usage).toEqual({
      inputTokens: 142,
      outputTokens: 355,
      reasoningTokens: 128,
      cacheReadTokens: 0,
    });
  });
});

describe("openai responses-text-stream", () => {
  it("streams the summary before the text", async () => {
    const { turns } = await runCassette("openai", "responses-text-stream");
    const kinds = (turns[0]?.deltas ?? []).map((d) => d.type);
    expect(kinds.indexOf("text")).toBeGreaterThan(kinds.lastIndexOf("thinking"));
  });
});
