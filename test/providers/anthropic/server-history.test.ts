import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../../src/core/history.js";
import type { Message, ToolSpec } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/anthropic/index.js";
import * as anthropicBedrock from "../../../src/platforms/anthropic-bedrock/index.js";
import { jsonResponse, scriptedFetch, sseEvents } from "../../helpers/fetch.js";
import { threadError } from "../../helpers/thread-error.js";

// Message threads (beta message-threads-2026-08-12), answers synthesized from the SDK's types
// (BetaMessageThreadParam, Thread*ErrorDetails) and the message-threads docs.
const TOOLS: ToolSpec[] = [
  { name: "weather", description: "the weather", parameters: { type: "object", properties: {} } },
];
const SYSTEM = "You are terse.";
const reply = (id: string, content: unknown[], stop = "tool_use") => ({
  id,
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-6",
  content,
  stop_reason: stop,
  usage: { input_tokens: 10, output_tokens: 5 },
});
const call = (n: number) =>
  reply(`msg_${n}`, [
    { type: "tool_use", id: `call_${n}`, name: "weather", input: { city: "Oslo" } },
  ]);

function model(answers: (() => Response)[], serverHistory = true) {
  const { fetch, calls } = scriptedFetch(answers);
  const m = create({
    apiKey: "k",
    model: "claude-sonnet-4-6",
    maxTokens: 1024,
    fetch,
    serverHistory,
  });
  return { model: m, calls, body: (i: number) => JSON.parse(calls[i]?.body ?? "null") };
}

/** Runs the tool loop one step: the model's answer and its tool result appended. */
/** What the second call of a conversation throws when the server answers it with `answer`. */
async function secondCallError(answer: () => Response) {
  const { model: m } = model([jsonResponse(200, call(1)), answer]);
  const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
  await step(m, history);
  return m.generate({ system: SYSTEM, tools: TOOLS, messages: history }).catch((e) => e);
}

async function step(m: ReturnType<typeof model>["model"], history: Message[]) {
  const r = await m.generate({ system: SYSTEM, tools: TOOLS, messages: history });
  history.push(r.message);
  const id = (r.message.content as { id?: string }[]).find((p) => p.id)?.id ?? "";
  history.push({ role: "tool", toolCallId: id, content: "-3 C" });
  return r;
}

describe("anthropic serverHistory: message threads", () => {
  it("a three-step tool loop creates a thread, then sends only the new messages on steps 2 and 3", async () => {
    const {
      model: m,
      calls,
      body,
    } = model([jsonResponse(200, call(1)), jsonResponse(200, call(2)), jsonResponse(200, call(3))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await step(m, history);
    const second = await step(m, history);
    const third = await step(m, history);

    expect(body(0).thread).toEqual({ type: "create" });
    expect(body(0).system).toBeDefined();
    expect(body(0).tools).toHaveLength(1);
    expect(body(0).messages).toHaveLength(1);
    expect(calls[0]?.headers.get("anthropic-beta")).toContain("message-threads-2026-08-12");
    expect(first.serverHistory).toEqual({ sent: "full", id: "msg_1" });

    // Step 2: only the tool result after msg_1; system and tools stay with the thread.
    expect(body(1).thread).toEqual({ type: "continue", previous_message_id: "msg_1" });
    expect(body(1).system).toBeUndefined();
    expect(body(1).tools).toBeUndefined();
    expect(body(1).messages).toEqual([
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_1", content: [{ type: "text", text: "-3 C" }] },
        ],
      },
    ]);
    expect(calls[1]?.headers.get("anthropic-beta")).toContain("message-threads-2026-08-12");
    expect(second.serverHistory).toEqual({ sent: "suffix", id: "msg_2" });
    expect(second.sentBytes).toBe(new TextEncoder().encode(calls[1]?.body).length);

    expect(body(2).thread).toEqual({ type: "continue", previous_message_id: "msg_2" });
    expect(body(2).messages).toHaveLength(1);
    expect(body(2).messages[0].content[0].tool_use_id).toBe("call_2");
    expect(third.serverHistory).toEqual({ sent: "suffix", id: "msg_3" });
    expect(third.message.prefix?.server).toBe("msg_3");
  });

  it("continues a history stored with serializeHistory and read back with parseHistory", async () => {
    const a = model([jsonResponse(200, call(1))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(a.model, history);
    const stored = parseHistory(serializeHistory(history));
    const b = model([jsonResponse(200, call(2))]);
    const r = await b.model.generate({ system: SYSTEM, tools: TOOLS, messages: stored });
    expect(b.body(0).thread).toEqual({ type: "continue", previous_message_id: "msg_1" });
    expect(b.body(0).messages).toHaveLength(1);
    expect(r.serverHistory?.sent).toBe("suffix");
  });

  it("an edited earlier turn sends the whole history on a new thread, never a suffix", async () => {
    const { model: m, body } = model([jsonResponse(200, call(1)), jsonResponse(200, call(2))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    history[0] = { role: "user", content: "Weather in Bergen?" };
    const r = await m.generate({ system: SYSTEM, tools: TOOLS, messages: history });
    expect(body(1).thread).toEqual({ type: "create" });
    expect(body(1).messages).toHaveLength(3);
    expect(body(1).system).toBeDefined();
    expect(r.serverHistory).toEqual({ sent: "full", id: "msg_2", fallback: "history_changed" });
  });

  it("a changed system prompt sends the whole history on a new thread", async () => {
    const { model: m, body } = model([jsonResponse(200, call(1)), jsonResponse(200, call(2))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    await m.generate({ system: "Be verbose.", tools: TOOLS, messages: history });
    expect(body(1).thread).toEqual({ type: "create" });
    expect(body(1).system).toEqual([{ type: "text", text: "Be verbose." }]);
  });

  it("thread_not_found mid-run replays the whole history on a new thread in the same call", async () => {
    const {
      model: m,
      calls,
      body,
    } = model([
      jsonResponse(200, call(1)),
      threadError(
        404,
        "thread_not_found",
        "No usable Thread state was found for `previous_message_id`.",
      ),
      jsonResponse(200, call(2)),
      jsonResponse(200, call(3)),
    ]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    const r = await step(m, history);
    expect(calls).toHaveLength(3);
    expect(body(1).thread?.type).toBe("continue");
    expect(body(2).thread).toEqual({ type: "create" });
    expect(body(2).messages).toHaveLength(3);
    expect(body(2).tools).toHaveLength(1);
    expect(r.serverHistory).toEqual({ sent: "full", id: "msg_2", fallback: "thread_not_found" });
    // The new thread is continued on the next step.
    await step(m, history);
    expect(body(3).thread).toEqual({ type: "continue", previous_message_id: "msg_2" });
  });

  it("a stream falls back in the same call too, and its response reports it", async () => {
    const stream = (id: string) => () =>
      new Response(
        sseEvents(
          { type: "message_start", message: { ...reply(id, []), stop_reason: null } },
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } },
          { type: "content_block_stop", index: 0 },
          {
            type: "message_delta",
            delta: { stop_reason: "end_turn" },
            usage: { output_tokens: 1 },
          },
          { type: "message_stop" },
        ).join(""),
        { headers: { "content-type": "text/event-stream" } },
      );
    const {
      model: m,
      calls,
      body,
    } = model([jsonResponse(200, call(1)), threadError(404, "thread_not_found"), stream("msg_2")]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    const r = await m.stream({ system: SYSTEM, tools: TOOLS, messages: history }).response;
    expect(calls).toHaveLength(3);
    expect(body(2)).toMatchObject({ stream: true, thread: { type: "create" } });
    expect(r.serverHistory).toEqual({ sent: "full", id: "msg_2", fallback: "thread_not_found" });
    expect(r.message.prefix?.server).toBe("msg_2");
  });

  it("thread_unsupported_request sends the whole history without a thread, and so on after", async () => {
    const { model: m, body } = model([
      jsonResponse(200, call(1)),
      threadError(400, "thread_unsupported_request"),
      jsonResponse(200, call(2)),
      jsonResponse(200, call(3)),
    ]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    const r = await step(m, history);
    expect(body(2).thread).toBeUndefined();
    expect(body(2).messages).toHaveLength(3);
    expect(r.serverHistory).toEqual({
      sent: "full",
      id: "msg_2",
      fallback: "thread_unsupported_request",
    });
    const later = await step(m, history);
    expect(body(3).thread).toBeUndefined();
    expect(later.serverHistory?.fallback).toBe("thread_unsupported_request");
  });

  it("thread_fingerprint_mismatch is a HistoryError naming the field", async () => {
    const err = await secondCallError(
      threadError(
        400,
        "thread_fingerprint_mismatch",
        "`thinking` differs from the value stored with the Thread",
      ),
    );
    expect(err).toBeInstanceOf(HistoryError);
    expect(err.path).toBe("thinking");
    expect(err.index).toBe(1);
  });

  it.each(["thread_already_continued", "thread_continue_in_flight"])(
    "%s is a HistoryError: two callers continued one history",
    async (code) => {
      const err = await secondCallError(threadError(400, code));
      expect(err).toBeInstanceOf(HistoryError);
      expect(err.message).toContain(code);
    },
  );

  it("off by default: no thread, no report, no record", async () => {
    const { model: m, body } = model([jsonResponse(200, call(1))], false);
    const r = await m.generate({ messages: [{ role: "user", content: "Hi" }] });
    expect(body(0).thread).toBeUndefined();
    expect(r.serverHistory).toBeUndefined();
    expect(r.message.prefix).toBeUndefined();
  });

  it("countTokens counts the whole conversation, never a suffix", async () => {
    const { model: m, body } = model([
      jsonResponse(200, call(1)),
      jsonResponse(200, { input_tokens: 42 }),
    ]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history);
    await m.countTokens?.({ system: SYSTEM, tools: TOOLS, messages: history });
    expect(body(1).thread).toBeUndefined();
    expect(body(1).messages).toHaveLength(3);
  });

  it("is refused on a platform whose docs do not list message threads (Bedrock), and when not a boolean", () => {
    const bedrock = {
      region: "us-east-1",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
      model: "global.anthropic.claude-sonnet-4-6",
      maxTokens: 1,
    };
    expect(() => anthropicBedrock.create({ ...bedrock, serverHistory: true })).toThrow(
      /anthropic-bedrock: no message threads/,
    );
    expect(() =>
      create({ apiKey: "k", model: "m", maxTokens: 1, serverHistory: "yes" as never }),
    ).toThrow(ConfigError);
  });
});
