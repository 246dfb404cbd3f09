import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import type { Delta } from "../../../src/core/types.js";
import { messagesHeaders } from "../../../src/wires/messages/headers.js";
import { parseUsage } from "../../../src/wires/messages/response.js";
import { createStreamState } from "../../../src/wires/messages/stream.js";
import { thrown } from "../../helpers/errors.js";
import { itWholeAndStreamed } from "../../helpers/recordings.js";

const rec = (data: Record<string, unknown>) => ({
  event: String(data.type),
  data: JSON.stringify(data),
});
const START = rec({
  type: "message_start",
  message: { id: "m", type: "message", role: "assistant", model: "c", content: [], usage: {} },
});

function feed(events: { event?: string; data: string }[]) {
  const machine = createStreamState((f) => new APIError(f), "req_1");
  const deltas: Delta[] = [];
  for (const e of events) deltas.push(...machine.push(e));
  return { machine, deltas };
}

const compactionStart = rec({
  type: "content_block_start",
  index: 0,
  content_block: { type: "compaction", content: null },
});
const delta = (d: Record<string, unknown>, index = 0) =>
  rec({ type: "content_block_delta", index, delta: d });

describe("anthropic server-side compaction", () => {
  it("keeps the summary a compaction_delta brings: the block a body holds, one provider delta at its stop", () => {
    const { deltas } = feed([
      START,
      compactionStart,
      delta({ type: "compaction_delta", content: "<summary>A", encrypted_content: "E1" }),
      delta({ type: "compaction_delta", content: "B</summary>" }),
      rec({ type: "content_block_stop", index: 0 }),
    ]);
    expect(deltas).toStrictEqual([
      {
        type: "provider",
        index: 0,
        provider: "anthropic",
        value: { type: "compaction", content: "<summary>AB</summary>", encrypted_content: "E1" },
      },
    ]);
  });

  it("keeps content null when compaction failed (a compaction_delta with content null)", () => {
    const { machine } = feed([
      START,
      compactionStart,
      delta({ type: "compaction_delta", content: null }),
      rec({ type: "content_block_stop", index: 0 }),
    ]);
    expect(machine.partial().message.content).toStrictEqual([
      { type: "provider", provider: "anthropic", value: { type: "compaction", content: null } },
    ]);
  });

  it.each([
    [
      "an unknown delta type on a provider block",
      compactionStart,
      { type: "summary_delta", x: 1 },
      "summary_delta for block 0, a provider block",
    ],
    [
      "a known delta type on a block it does not belong to",
      rec({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      { type: "input_json_delta", partial_json: "{" },
      "input_json_delta for block 0, a text block",
    ],
    [
      "an unknown delta type on a thinking block",
      rec({
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "", signature: "" },
      }),
      { type: "thinking_summary_delta", text: "x" },
      "thinking_summary_delta for block 0, a thinking block",
    ],
  ])("refuses %s with a StreamError, never drops it", (_, open, d, message) => {
    const e = thrown(() => feed([START, open, delta(d)]));
    expect(e).toBeInstanceOf(StreamError);
    expect((e as Error).message).toBe(`anthropic: ${message}`);
  });

  it("sums usage.iterations into the counts and keeps each step", () => {
    const usage = parseUsage({
      input_tokens: 23000,
      output_tokens: 1000,
      cache_read_input_tokens: 500,
      output_tokens_details: { thinking_tokens: 300 },
      iterations: [
        { type: "compaction", input_tokens: 180000, output_tokens: 3500 },
        { type: "message", input_tokens: 23000, output_tokens: 1000, cache_read_input_tokens: 500 },
      ],
    });
    expect(usage).toStrictEqual({
      inputTokens: 203500,
      outputTokens: 4500,
      reasoningTokens: 300,
      cacheReadTokens: 500,
      iterations: [
        { type: "compaction", inputTokens: 180000, outputTokens: 3500 },
        { type: "message", inputTokens: 23500, outputTokens: 1000, cacheReadTokens: 500 },
      ],
    });
  });

  it("sends compact-2026-01-12 for a compaction edit, the context-management beta for clearing edits", () => {
    const headers = (types: string[], caller?: string) =>
      messagesHeaders({
        headers: caller ? { "anthropic-beta": caller } : {},
        contextManagement: { edits: types.map((type) => ({ type }) as never) },
      })["anthropic-beta"];
    expect(headers(["compact_20260112"])).toBe("compact-2026-01-12");
    expect(headers(["clear_tool_uses_20250919"])).toBe("context-management-2025-06-27");
    expect(headers(["clear_thinking_20251015", "compact_20260112"], "files-api-2025-04-14")).toBe(
      "files-api-2025-04-14,context-management-2025-06-27,compact-2026-01-12",
    );
  });

  itWholeAndStreamed(
    "anthropic",
    "compaction-turn",
    "the turn's usage is both steps, and turn 2 sends the summary back",
    (r) => {
      r.fetch.assertDone();
      expect(r.turns[0]?.response?.usage).toStrictEqual({
        inputTokens: 163638,
        outputTokens: 1830,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        iterations: [
          {
            type: "compaction",
            inputTokens: 161428,
            outputTokens: 1734,
            cacheReadTokens: 0,
            cacheWriteTokens: 0,
          },
          {
            type: "message",
            model: "claude-sonnet-4-6",
            inputTokens: 2210,
            outputTokens: 96,
            cacheReadTokens: 0,
            cacheWriteTokens: 0,
          },
        ],
      });
      const sent = r.fetch.requests[1]?.body as { messages: { content: { content?: string }[] }[] };
      expect(sent.messages[1]?.content[0]?.content).toMatch(/^<summary>\nThe user is planning/);
    },
  );
});
