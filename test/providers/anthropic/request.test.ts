import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import { messagesHeaders, messagesUrl } from "../../../src/wires/messages/headers.js";
import { buildRequest } from "../../../src/wires/messages/request.js";
import { SEARCH_RESULT, SEARCH_USE } from "./blocks.js";

const cfg = {
  model: "claude-sonnet-4-5",
  settings: { maxTokens: 4096 },
  thinking: undefined,
  effort: undefined,
};

describe("anthropic buildRequest", () => {
  it("builds the minimal body, with system as text blocks", () => {
    expect(
      buildRequest(
        { system: "Be terse.", messages: [{ role: "user", content: "Hi" }] },
        cfg,
        false,
      ),
    ).toEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      system: [{ type: "text", text: "Be terse." }],
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
  });

  it("adds thinking, output_config.effort and stream when configured", () => {
    const body = buildRequest(
      { messages: [{ role: "user", content: "Hi" }] },
      { ...cfg, thinking: { type: "adaptive" }, effort: "high" },
      true,
    );
    expect(body.thinking).toEqual({ type: "adaptive" });
    expect(body.output_config).toEqual({ effort: "high" });
    expect(body.stream).toBe(true);
  });

  it("sends an assistant message's parts in their order, untouched", () => {
    const sig = "EtYDCkYI+/=\u00e9 trailing space ";
    const assistant: Message = {
      role: "assistant",
      content: [
        {
          type: "thinking",
          text: "  first, with spaces  \n",
          signature: sig,
          provider: "anthropic",
        },
        { type: "tool-call", id: "toolu_1", name: "weather", arguments: '{"location": "Paris"}' },
        { type: "thinking", redacted: "RXJj+/==", provider: "anthropic" },
        { type: "text", text: "Let me check." },
        { type: "thinking", text: "", signature: "only-signature" },
        { type: "tool-call", id: "toolu_2", name: "weather", arguments: "" },
      ],
    };
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Weather?" },
          assistant,
          { role: "tool", toolCallId: "toolu_1", content: "18C" },
          { role: "tool", toolCallId: "toolu_2", content: "" },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "  first, with spaces  \n", signature: sig },
          { type: "tool_use", id: "toolu_1", name: "weather", input: { location: "Paris" } },
          { type: "redacted_thinking", data: "RXJj+/==" },
          { type: "text", text: "Let me check." },
          { type: "thinking", thinking: "", signature: "only-signature" },
          { type: "tool_use", id: "toolu_2", name: "weather", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "18C" }] },
          { type: "tool_result", tool_use_id: "toolu_2" },
        ],
      },
    ]);
  });

  it("replays [text, thinking, text] in that order", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q" },
          {
            role: "assistant",
            content: [
              { type: "text", text: "Let me think. " },
              { type: "thinking", text: "Hmm.", signature: "sig", provider: "anthropic" },
              { type: "text", text: "It is 4." },
            ],
          },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages[1]?.content).toEqual([
      { type: "text", text: "Let me think. " },
      { type: "thinking", thinking: "Hmm.", signature: "sig" },
      { type: "text", text: "It is 4." },
    ]);
  });

  it("replays anthropic provider parts verbatim in place and leaves out other providers' parts", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Weather in Paris?" },
          {
            role: "assistant",
            content: [
              { type: "thinking", text: "Search.", signature: "sig-1", provider: "anthropic" },
              { type: "provider", provider: "anthropic", value: SEARCH_USE },
              { type: "provider", provider: "anthropic", value: SEARCH_RESULT },
              { type: "provider", provider: "openai", value: { type: "web_search_call" } },
              { type: "thinking", text: "Sunny.", signature: "sig-2", provider: "anthropic" },
              { type: "text", text: "It is sunny." },
            ],
          },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "Search.", signature: "sig-1" },
      SEARCH_USE,
      SEARCH_RESULT,
      { type: "thinking", thinking: "Sunny.", signature: "sig-2" },
      { type: "text", text: "It is sunny." },
    ]);
  });

  it("leaves out foreign and unsigned thinking, and foreign evidence on text, keeping the rest", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q" },
          {
            role: "assistant",
            content: [
              { type: "thinking", text: "gemini thought", signature: "g-sig", provider: "gemini" },
              { type: "thinking", redacted: "bedrock-bytes", provider: "bedrock" },
              { type: "thinking", text: "unsigned" },
              { type: "thinking", text: "kept", signature: "a-sig", provider: "anthropic" },
              { type: "text", text: "A", signature: "g-text-sig", provider: "gemini" },
              { type: "text", text: "B", phase: "final_answer", provider: "openai" },
            ],
          },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "kept", signature: "a-sig" },
      { type: "text", text: "A" },
      { type: "text", text: "B" },
    ]);
  });

  it("leaves out messages with nothing to send and merges the neighbours, never sending content: []", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q1" },
          {
            role: "assistant",
            content: [
              { type: "thinking", text: "foreign", signature: "s", provider: "gemini" },
              { type: "thinking", text: "unsigned" },
              { type: "provider", provider: "openai", value: { type: "reasoning" } },
            ],
          },
          { role: "user", content: "" },
          { role: "user", content: [{ type: "text", text: "Q2" }] },
          { role: "assistant", content: [] },
          { role: "assistant", content: "A" },
          { role: "assistant", content: [{ type: "text", text: "" }] },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Q1" },
          { type: "text", text: "Q2" },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "A" }] },
    ]);
  });

  it("merges consecutive tool results into one user message, with is_error on failures", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q" },
          {
            role: "assistant",
            content: [
              { type: "tool-call", id: "a", name: "t", arguments: "{}" },
              { type: "tool-call", id: "b", name: "t", arguments: "" },
            ],
          },
          { role: "tool", toolCallId: "a", content: "ok" },
          {
            role: "tool",
            toolCallId: "b",
            content: [{ type: "text", text: "boom" }],
            isError: true,
          },
          { role: "user", content: "and?" },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Q" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "a", name: "t", input: {} },
          { type: "tool_use", id: "b", name: "t", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "a", content: [{ type: "text", text: "ok" }] },
          {
            type: "tool_result",
            tool_use_id: "b",
            content: [{ type: "text", text: "boom" }],
            is_error: true,
          },
          { type: "text", text: "and?" },
        ],
      },
    ]);
  });

  it("maps tools and every tool choice", () => {
    const tools = [{ name: "t", description: "d", parameters: { type: "object" } }];
    const body = (toolChoice: "auto" | "none" | "required" | { name: string }) =>
      buildRequest({ messages: [{ role: "user", content: "Q" }], tools, toolChoice }, cfg, false);
    expect(body("auto").tools).toEqual([
      { name: "t", description: "d", input_schema: { type: "object" } },
    ]);
    expect(body("auto").tool_choice).toEqual({ type: "auto" });
    expect(body("none").tool_choice).toEqual({ type: "none" });
    expect(body("required").tool_choice).toEqual({ type: "any" });
    expect(body({ name: "t" }).tool_choice).toEqual({ type: "tool", name: "t" });
  });

  it("does not change the history it reads", () => {
    const messages: Message[] = [
      { role: "user", content: "Q" },
      {
        role: "assistant",
        content: [
          { type: "thinking", text: "t", signature: "s", provider: "anthropic" },
          { type: "tool-call", id: "c", name: "t", arguments: '{"n": 1}' },
        ],
      },
    ];
    const before = structuredClone(messages);
    buildRequest({ messages }, cfg, false);
    expect(messages).toEqual(before);
  });

  it("sends the version and caller headers to the Messages URL (the key is the auth's)", () => {
    expect(messagesUrl("https://api.anthropic.com/v1")).toBe(
      "https://api.anthropic.com/v1/messages",
    );
    expect(messagesHeaders({ headers: { "anthropic-beta": "x" } })).toEqual({
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      "anthropic-beta": "x",
    });
  });
});
