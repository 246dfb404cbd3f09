import { describe, expect, it } from "vitest";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import type { ChatOptions } from "../../../src/platforms/openai/config.js";
import {
  buildRequest,
  replayedReasoning,
  requestUrl,
} from "../../../src/wires/openai-chat/request.js";
import { chatCalls } from "../../helpers/chat-calls.js";
import { amidForeignEvidence } from "../../helpers/histories.js";

const CFG: ChatOptions = { provider: "openai", model: "gpt-5.4", replayReasoning: false };
const REPLAY: ChatOptions = { ...CFG, model: "deepseek-v4-pro", replayReasoning: true };

const user: Message = { role: "user", content: "Weather in Oslo?" };
const withCall: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: "Need the weather tool for Oslo.", provider: "openai" },
    { type: "tool-call", id: "call_00_x", name: "weather", arguments: '{"city":"Oslo"}' },
  ],
};
const toolResult: Message = { role: "tool", toolCallId: "call_00_x", content: '{"tempC":4}' };

/** `withCall` as Chat Completions sends it: content null, one typed tool call. */
const SENT_CALL = chatCalls(["call_00_x", "weather", '{"city":"Oslo"}']);

describe("openai requestUrl", () => {
  it("appends /chat/completions to the base URL", () => {
    expect(requestUrl({ baseURL: "https://api.deepseek.com" })).toBe(
      "https://api.deepseek.com/chat/completions",
    );
  });
});

describe("openai buildRequest", () => {
  it("puts the system prompt first as role system, then the messages", () => {
    expect(buildRequest({ system: "Answer briefly.", messages: [user] }, CFG, false)).toEqual({
      model: "gpt-5.4",
      messages: [
        { role: "system", content: "Answer briefly." },
        { role: "user", content: "Weather in Oslo?" },
      ],
    });
  });

  it("keeps system messages inside the history where they are", () => {
    const body = buildRequest(
      { system: "A", messages: [{ role: "system", content: "B" }, user] },
      CFG,
      false,
    );
    expect(body.messages).toEqual([
      { role: "system", content: "A" },
      { role: "system", content: "B" },
      { role: "user", content: "Weather in Oslo?" },
    ]);
  });

  it("sends reasoning_effort and max_completion_tokens when configured", () => {
    const body = buildRequest(
      { messages: [user] },
      { ...CFG, reasoningEffort: "none", settings: { maxTokens: 4000 } },
      false,
    );
    expect(body).toEqual({
      model: "gpt-5.4",
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      reasoning_effort: "none",
      max_completion_tokens: 4000,
    });
  });

  it("asks for usage when streaming", () => {
    const body = buildRequest({ messages: [user] }, CFG, true);
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
  });

  it("leaves out model when the config has none (Azure deployment URLs)", () => {
    const { model: _drop, ...noModel } = CFG;
    expect("model" in buildRequest({ messages: [user] }, noModel, false)).toBe(false);
  });

  it("sends a tool-call-only assistant turn with content null and typed tool calls", () => {
    const body = buildRequest({ messages: [user, withCall, toolResult] }, CFG, false);
    expect(body.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      SENT_CALL,
      { role: "tool", tool_call_id: "call_00_x", content: '{"tempC":4}' },
    ]);
  });

  it("sends no reasoning by default", () => {
    const body = buildRequest({ messages: [user, withCall, toolResult] }, CFG, false);
    expect(JSON.stringify(body)).not.toContain("reasoning");
  });

  it("with replayReasoning sends each assistant message's own reasoning, exactly", () => {
    const body = buildRequest({ messages: [user, withCall, toolResult] }, REPLAY, false);
    const assistant = body.messages[1] as { reasoning_content?: string };
    expect(assistant.reasoning_content).toBe("Need the weather tool for Oslo.");
  });

  it('with replayReasoning gives every assistant message reasoning_content, "" when it had none', () => {
    const plain: Message = { role: "assistant", content: "Hello." };
    const body = buildRequest({ messages: [user, plain] }, REPLAY, false);
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: "Hello.",
      reasoning_content: "",
    });
  });

  it("never sends blocks of another provider, even with replayReasoning", () => {
    const foreign = amidForeignEvidence("anthropic", [
      { type: "thinking", text: "azure thoughts", provider: "azure" },
    ]);
    const body = buildRequest({ messages: [user, foreign] }, REPLAY, false);
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: "Done. Really.",
      tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }],
      reasoning_content: "",
    });
  });

  it("leaves out an assistant message with nothing to send, never content null without calls", () => {
    const empty: Message = { role: "assistant", content: "" };
    const onlyForeign: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "claude thoughts", signature: "sig", provider: "anthropic" },
        { type: "provider", provider: "anthropic", value: { type: "server_tool_use", id: "s1" } },
      ],
    };
    const onlyOwnThinking: Message = {
      role: "assistant",
      content: [{ type: "thinking", text: "hm", provider: "openai" }],
    };
    const again: Message = { role: "user", content: "And Bergen?" };
    for (const cfg of [CFG, REPLAY]) {
      const body = buildRequest(
        { messages: [user, empty, onlyForeign, onlyOwnThinking, again] },
        cfg,
        false,
      );
      expect(body.messages).toEqual([
        { role: "user", content: "Weather in Oslo?" },
        { role: "user", content: "And Bergen?" },
      ]);
    }
  });

  it("joins the text parts as content and sends the calls in order, arguments exactly as sent", () => {
    const big = '{"id": 123456789012345678901234567890, "n":1.50}';
    const answer: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "Two lookups.", provider: "openai" },
        { type: "text", text: "Looking up " },
        { type: "text", text: "both." },
        { type: "tool-call", id: "call_1", name: "lookup", arguments: big },
        { type: "tool-call", id: "call_2", name: "now", arguments: "" },
      ],
    };
    const body = buildRequest({ messages: [user, answer] }, CFG, false);
    expect(JSON.stringify(body.messages[1])).toBe(
      JSON.stringify({
        role: "assistant",
        content: "Looking up both.",
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "lookup", arguments: big } },
          { id: "call_2", type: "function", function: { name: "now", arguments: "{}" } },
        ],
      }),
    );
  });

  it('sends arguments "" as "{}" on a tool-call-only message too', () => {
    const call: Message = {
      role: "assistant",
      content: [{ type: "tool-call", id: "c", name: "now", arguments: "" }],
    };
    expect(buildRequest({ messages: [user, call] }, REPLAY, false).messages[1]).toEqual({
      ...chatCalls(["c", "now", "{}"]),
      reasoning_content: "",
    });
  });

  it("leaves out foreign parts, sends its own provider part as a reasoning_details entry, and text and calls whatever evidence they carry", () => {
    const mixed: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "gemini thoughts", signature: "g", provider: "gemini" },
        { type: "provider", provider: "anthropic", value: { type: "web_search_tool_result" } },
        {
          type: "provider",
          provider: "openai",
          value: { type: "reasoning.summary", summary: "s" },
        },
        { type: "text", text: "Hi", signature: "g2", provider: "gemini" },
        { type: "text", text: "!", phase: "final_answer", provider: "openai-responses" },
        {
          type: "tool-call",
          id: "fc_1",
          name: "weather",
          arguments: '{"city":"Oslo"}',
          signature: "g3",
          provider: "gemini",
        },
      ],
    };
    for (const cfg of [CFG, REPLAY]) {
      const expected = {
        role: "assistant",
        content: "Hi!",
        tool_calls: [
          {
            id: "fc_1",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Oslo"}' },
          },
        ],
        // The entries carry the reasoning: no reasoning_content beside them.
        reasoning_details: [{ type: "reasoning.summary", summary: "s" }],
      };
      expect(buildRequest({ messages: [user, mixed] }, cfg, false).messages[1]).toEqual(expected);
    }
  });

  it("joins the text parts of user, system and tool messages; leaves out an empty user message", () => {
    const parts: Message = {
      role: "user",
      content: [
        { type: "text", text: "Weather in " },
        { type: "text", text: "Oslo?" },
      ],
    };
    const emptyResult: Message = { role: "tool", toolCallId: "call_00_x", content: [] };
    const body = buildRequest(
      { messages: [{ role: "user", content: "" }, parts, withCall, emptyResult] },
      CFG,
      false,
    );
    expect(body.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      SENT_CALL,
      { role: "tool", tool_call_id: "call_00_x", content: "" },
    ]);
  });

  it("sends a failed tool result as its content (the wire has no error flag)", () => {
    const failed: Message = { ...toolResult, content: "Error: no such city", isError: true };
    const body = buildRequest({ messages: [user, withCall, failed] }, CFG, false);
    expect(body.messages[2]).toEqual({
      role: "tool",
      tool_call_id: "call_00_x",
      content: "Error: no such city",
    });
  });

  it("maps tools and every tool choice", () => {
    const tool = { name: "weather", description: "Weather.", parameters: { type: "object" } };
    const req = (toolChoice: ModelRequest["toolChoice"]): ModelRequest =>
      toolChoice === undefined
        ? { messages: [user], tools: [tool] }
        : { messages: [user], tools: [tool], toolChoice };
    expect(buildRequest(req(undefined), CFG, false).tools).toEqual([
      {
        type: "function",
        function: { name: "weather", description: "Weather.", parameters: { type: "object" } },
      },
    ]);
    expect("tool_choice" in buildRequest(req(undefined), CFG, false)).toBe(false);
    expect(buildRequest(req("auto"), CFG, false).tool_choice).toBe("auto");
    expect(buildRequest(req("none"), CFG, false).tool_choice).toBe("none");
    expect(buildRequest(req("required"), CFG, false).tool_choice).toBe("required");
    expect(buildRequest(req({ name: "weather" }), CFG, false).tool_choice).toEqual({
      type: "function",
      function: { name: "weather" },
    });
  });

  it("leaves out an empty tool list", () => {
    expect("tools" in buildRequest({ messages: [user], tools: [] }, CFG, false)).toBe(false);
  });

  it("does not change the request it is given", () => {
    const req: ModelRequest = { system: "S", messages: [user, withCall, toolResult] };
    const before = structuredClone(req);
    buildRequest(req, REPLAY, true);
    expect(req).toEqual(before);
  });
});

describe("openai replayedReasoning", () => {
  it("joins this adapter's thinking parts and untagged ones, skipping others and redacted ones", () => {
    expect(
      replayedReasoning(
        [
          { type: "thinking", text: "a", provider: "openai" },
          { type: "text", text: "not reasoning" },
          { type: "thinking", text: "b" },
          { type: "thinking", text: "c", provider: "gemini" },
          { type: "thinking", redacted: "xyz" },
          { type: "thinking", text: "d", provider: "openai" },
        ],
        "openai",
      ),
    ).toBe("abd");
  });

  it('is "" without thinking parts', () => {
    expect(replayedReasoning([], "azure")).toBe("");
  });
});
