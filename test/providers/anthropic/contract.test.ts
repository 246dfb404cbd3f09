/**
 * What only Anthropic's cassettes show; the laws every cassette obeys (exact replay, stream =
 * generate, re-chunking, deltas, history) run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { partsOf, thinkingOf, toolCallsOf } from "../../../src/core/parts.js";
import type { Delta } from "../../../src/core/types.js";
import { APIError } from "../../../src/platforms/anthropic/index.js";
import { replayFetch } from "../../../src/testing/index.js";
import { createModel } from "../../contract/adapters.js";
import { loadCassette, runCassette } from "../../contract/table.js";

const run = (file: string) => runCassette("anthropic", file);

/** The thinking and redacted_thinking blocks of a wire response body, in order. */
function wireBlocks(body: unknown): Record<string, string>[] {
  return ((body as { content: Record<string, string>[] }).content ?? []).filter(
    (b) => b.type === "thinking" || b.type === "redacted_thinking",
  );
}
type Sent = { messages: { content: Record<string, unknown>[] }[] };

describe("anthropic thinking-tool-loop-stream", () => {
  it("streams thinking, then the signature, then the tool call, and parses turn 1", async () => {
    const { turns } = await run("thinking-tool-loop-stream");
    const [turn1] = turns;
    const deltas = turn1?.deltas ?? [];
    const kinds = deltas.map((d) => (d.type === "thinking" && d.signature ? "signature" : d.type));
    expect(kinds.indexOf("signature")).toBeGreaterThan(kinds.indexOf("thinking"));
    expect(kinds.indexOf("tool-call")).toBeGreaterThan(kinds.indexOf("signature"));
    const r = turn1?.response;
    expect(r?.stopReason).toBe("tool_use");
    expect(toolCallsOf(r!.message)).toEqual([
      {
        type: "tool-call",
        id: "toolu_01Js4AMfx5qpTLhwTusnvT68",
        name: "weather",
        arguments: '{"location": "Florence, Italy"}',
      },
    ]);
    const thinking = thinkingOf(r!.message);
    expect(thinking).toHaveLength(1);
    const text = deltas.map((d) => (d.type === "thinking" ? (d.text ?? "") : "")).join("");
    expect(thinking[0]?.text).toBe(text);
    // A count the provider sent is kept, 0 included.
    expect(r?.usage).toEqual({
      inputTokens: 424,
      outputTokens: 119,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it("replays turn 1's thinking block and signature byte for byte in turn 2's request", async () => {
    const { fetch, turns, cassette } = await run("thinking-tool-loop-stream");
    const [thinking] = thinkingOf(turns[0]!.response!.message);
    const replayed = (fetch.requests[1]!.body as Sent).messages[1]?.content[0];
    expect(replayed?.type).toBe("thinking");
    expect(replayed?.signature).toBe(thinking?.signature);
    expect(replayed?.thinking).toBe(thinking?.text);
    // ...and both equal what the recorded request carried, which the provider accepted.
    const recorded = cassette.interactions[1]?.request.body as Sent;
    expect(replayed?.signature).toBe(recorded.messages[1]?.content[0]?.signature);
    expect(turns[1]?.response?.stopReason).toBe("end_turn");
    expect(partsOf(turns[1]!.response!.message).length).toBeGreaterThan(0);
  });
});

describe("anthropic thinking-tool-loop", () => {
  it("replays the signed thinking block of turn 1 byte for byte (generate)", async () => {
    const { fetch, turns, cassette } = await run("thinking-tool-loop");
    const wire = wireBlocks(cassette.interactions[0]?.response.body)[0];
    expect(thinkingOf(turns[0]!.response!.message)[0]?.signature).toBe(wire?.signature);
    expect((fetch.requests[1]!.body as Sent).messages[1]?.content[0]?.signature).toBe(
      wire?.signature,
    );
  });
});

describe("anthropic redacted-thinking", () => {
  it("parses redacted_thinking and replays it unchanged in its place", async () => {
    const { fetch, turns, cassette } = await run("redacted-thinking");
    const data = wireBlocks(cassette.interactions[0]?.response.body)[0]?.data;
    expect(thinkingOf(turns[0]!.response!.message)).toEqual([
      { type: "thinking", redacted: data, provider: "anthropic" },
    ]);
    expect((fetch.requests[1]!.body as Sent).messages[1]?.content[0]).toEqual({
      type: "redacted_thinking",
      data,
    });
    expect(thinkingOf(turns[1]!.response!.message)[0]?.redacted).toBe(
      wireBlocks(cassette.interactions[1]?.response.body)[0]?.data,
    );
  });
});

describe("anthropic redacted-thinking-stream", () => {
  it("streams each redacted block whole, before the text", async () => {
    const { turns } = await run("redacted-thinking-stream");
    const deltas = turns[0]?.deltas ?? [];
    const redacted = deltas.filter((d) => d.type === "thinking" && d.redacted);
    expect(redacted.map((d) => d.index)).toEqual([0, 1]);
    const firstText = deltas.findIndex((d) => d.type === "text");
    expect(firstText).toBeGreaterThan(deltas.indexOf(redacted[1] as Delta));
    const message = turns[0]!.response!.message;
    expect(thinkingOf(message)).toEqual(
      redacted.map((d) => ({
        type: "thinking",
        redacted: (d as { redacted: string }).redacted,
        provider: "anthropic",
      })),
    );
  });
});

describe("anthropic adaptive-effort-summarized", () => {
  it("sends adaptive thinking with output_config.effort and reads thinking_tokens", async () => {
    const { turns, cassette } = await run("adaptive-effort-summarized");
    const wire = wireBlocks(cassette.interactions[0]?.response.body)[0];
    const r = turns[0]!.response!;
    expect(thinkingOf(r.message)).toEqual([
      { type: "thinking", text: wire?.thinking, signature: wire?.signature, provider: "anthropic" },
    ]);
    expect(r.usage.reasoningTokens).toBeGreaterThan(0);
    expect(r.stopReason).toBe("end_turn");
  });
});

describe("anthropic adaptive-effort-omitted-stream", () => {
  it("keeps a thinking block with empty text and its signature (display omitted)", async () => {
    const { turns } = await run("adaptive-effort-omitted-stream");
    const signed = turns[0]?.deltas.find((d) => d.type === "thinking" && d.signature);
    const signature = (signed as { signature?: string } | undefined)?.signature;
    expect(signature).toMatch(/^Ep/);
    const r = turns[0]!.response!;
    expect(r.message.content).toEqual([
      { type: "thinking", text: "", signature, provider: "anthropic" },
      { type: "text", text: "Yes: 2027 has no divisor up to √2027 ≈ 45, so it is prime." },
    ]);
    expect(r.usage).toEqual({
      inputTokens: 14,
      outputTokens: 212,
      reasoningTokens: 180,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });
});

describe("anthropic error-event-stream", () => {
  it("rejects with anthropic.APIError overloaded_error carrying what arrived", async () => {
    const cassette = loadCassette("anthropic", "error-event-stream");
    const fetch = replayFetch(cassette);
    const model = await createModel(
      "anthropic",
      { model: "claude-sonnet-4-5", maxTokens: 4096, thinking: { budgetTokens: 2048 } },
      fetch,
    );
    const s = model.stream({ messages: [{ role: "user", content: "What is 925 / 5?" }] });
    const seen: Delta[] = [];
    const error = await (async () => {
      for await (const d of s) seen.push(d);
    })().catch((e: unknown) => e);
    fetch.assertDone();
    expect(error).toBeInstanceOf(APIError);
    const e = error as APIError;
    expect(e.type).toBe("overloaded_error");
    expect(e.retryable).toBe(true);
    expect(e.requestId).toBe("req_011CVsynthOverload1");
    expect(e.partial?.message.content).toEqual([
      { type: "thinking", text: "925 ÷ 5: 900/5 = 180, 25/5 = 5, so 185.", provider: "anthropic" },
    ]);
    expect(seen).toEqual([
      { type: "thinking", index: 0, text: "925 ÷ 5: 900/5 = 180, " },
      { type: "thinking", index: 0, text: "25/5 = 5, so 185." },
    ]);
    await expect(s.response).rejects.toBe(error);
  });
});

describe("anthropic foreign-thinking-400", () => {
  it("drops a Gemini thinking block and surfaces the 400 as anthropic.APIError", async () => {
    const { fetch, error } = await run("foreign-thinking-400");
    expect(fetch.requests).toHaveLength(1); // a 400 is not retried
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status: 400,
      type: "invalid_request_error",
      requestId: "req_011CVsynthBadReq0001",
      retryable: false,
    });
    expect((error as Error).message).toContain("Expected `thinking` or `redacted_thinking`");
    // The Gemini thinking is left out; its call is sent without Gemini's signature.
    const sent = (fetch.requests[0]!.body as Sent).messages[1]?.content;
    expect(sent).toEqual([
      {
        type: "tool_use",
        id: "call_0",
        name: "weather",
        input: { location: "Florence, Italy" },
      },
    ]);
  });
});
