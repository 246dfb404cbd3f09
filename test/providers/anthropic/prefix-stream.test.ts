import { describe, expect, it } from "vitest";
import { Agent } from "../../../src/agent/agent.js";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/anthropic/index.js";
import { jsonResponse, scriptedFetch, sseEvents } from "../../helpers/fetch.js";

const MODEL = "claude-opus-5-5";
const THINKING = { type: "thinking", thinking: "Say hi.", signature: "c2lnLTE=" };
const TEXT = { type: "text", text: "Hi." };
const MESSAGE = {
  id: "msg",
  type: "message",
  role: "assistant",
  model: MODEL,
  stop_reason: "end_turn",
  usage: { input_tokens: 5, output_tokens: 3 },
};

const streamed = () =>
  new Response(
    sseEvents(
      { type: "message_start", message: { ...MESSAGE, content: [], stop_reason: null } },
      { type: "content_block_start", index: 0, content_block: { ...THINKING, thinking: "" } },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: "Say hi." },
      },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Hi." } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } },
      { type: "message_stop" },
    ).join(""),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );

describe("the prefix record on streams and agent runs", () => {
  it("a streamed answer carries the same record as the generated one", async () => {
    const { fetch } = scriptedFetch([
      jsonResponse(200, { ...MESSAGE, content: [THINKING, TEXT] }),
      streamed,
    ]);
    const model = create({ apiKey: "k", model: MODEL, maxTokens: 1000, fetch });
    const req = { system: "Be brief.", messages: [{ role: "user" as const, content: "hi" }] };
    const generated = await model.generate(req);
    const streamedAnswer = await model.stream(req).response;
    expect(generated.message.prefix).toBeDefined();
    expect(streamedAnswer.message).toEqual(generated.message);
  });

  it("runWithHistory with other instructions keeps the prefix and appends them, not sent rewritten", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, { ...MESSAGE, content: [THINKING, TEXT] }),
      jsonResponse(200, { ...MESSAGE, content: [TEXT] }),
      jsonResponse(200, { ...MESSAGE, content: [TEXT] }),
    ]);
    const model = create({ apiKey: "k", model: MODEL, maxTokens: 1000, fetch });
    const first = await new Agent({ model, instructions: "Be brief." }).run("hi");
    const history: Message[] = first.messages;
    const changed = new Agent({ model, instructions: "Be verbose." });
    await changed.runWithHistory(history, "again");
    const sent = JSON.parse(calls[1]?.body ?? "{}");
    expect(sent.system).toEqual([{ type: "text", text: "Be brief." }]);
    expect(sent.messages.at(-1)).toEqual({
      role: "system",
      content: [{ type: "text", text: "Be verbose." }],
    });
    // The same instructions again: nothing appended.
    const same = new Agent({ model, instructions: "Be brief." });
    const run = await same.runWithHistory(history, "again");
    expect(calls).toHaveLength(3);
    expect(run.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    // A late instruction right before the prompt would be a 400: refused before any request.
    const late: Message[] = [
      ...history,
      { role: "user", content: "x" },
      { role: "system", content: "Answer in French." },
    ];
    const err = await same.runWithHistory(late, "again").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect(err).toMatchObject({ index: 4 });
    expect(calls).toHaveLength(3);
  });
});
