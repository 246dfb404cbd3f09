import { describe, expect, it } from "vitest";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import type { ChatOptions } from "../../../src/providers/openai/config.js";
import {
  buildRequest,
  replayedReasoning,
  requestUrl,
} from "../../../src/providers/openai/request.js";

const CFG: ChatOptions = { provider: "openai", model: "gpt-5.4", replayReasoning: false };
const REPLAY: ChatOptions = { ...CFG, model: "deepseek-v4-pro", replayReasoning: true };

const user: Message = { role: "user", content: "Weather in Oslo?" };
const withCall: Message = {
  role: "assistant",
  content: "",
  thinking: [{ text: "Need the weather tool for Oslo.", provider: "openai" }],
  toolCalls: [{ id: "call_00_x", name: "weather", arguments: '{"city":"Oslo"}' }],
};
const toolResult: Message = { role: "tool", toolCallId: "call_00_x", content: '{"tempC":4}' };

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
      { ...CFG, reasoningEffort: "none", maxCompletionTokens: 4000 },
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
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_00_x",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Oslo"}' },
          },
        ],
      },
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
    const foreign: Message = {
      role: "assistant",
      content: "Hi",
      thinking: [
        { text: "claude thoughts", signature: "sig", provider: "anthropic" },
        { text: "azure thoughts", provider: "azure" },
      ],
    };
    const body = buildRequest({ messages: [user, foreign] }, REPLAY, false);
    expect(body.messages[1]).toEqual({ role: "assistant", content: "Hi", reasoning_content: "" });
  });

  it("keeps an assistant text that is empty and has no tool calls as an empty string", () => {
    const body = buildRequest({ messages: [user, { role: "assistant", content: "" }] }, CFG, false);
    expect(body.messages[1]).toEqual({ role: "assistant", content: "" });
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
  it("joins this adapter's blocks and untagged ones, skipping others and redacted ones", () => {
    expect(
      replayedReasoning(
        [
          { text: "a", provider: "openai" },
          { text: "b" },
          { text: "c", provider: "gemini" },
          { redacted: "xyz" },
          { text: "d", provider: "openai" },
        ],
        "openai",
      ),
    ).toBe("abd");
  });

  it('is "" without blocks', () => {
    expect(replayedReasoning(undefined, "azure")).toBe("");
  });
});
