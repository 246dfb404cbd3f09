import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import {
  buildRequest,
  requestHeaders,
  requestUrl,
} from "../../../src/providers/anthropic/request.js";

const cfg = { model: "claude-sonnet-4-5", maxTokens: 4096, thinking: undefined, effort: undefined };

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

  it("puts thinking and redacted blocks first, in provider order and untouched, then text, then tool calls", () => {
    const sig = "EtYDCkYI+/=\u00e9 trailing space ";
    const assistant: Message = {
      role: "assistant",
      content: "Let me check.",
      thinking: [
        { text: "  first, with spaces  \n", signature: sig, provider: "anthropic" },
        { redacted: "RXJj+/==", provider: "anthropic" },
        { text: "", signature: "only-signature" },
      ],
      toolCalls: [{ id: "toolu_1", name: "weather", arguments: '{"location":"Paris"}' }],
    };
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Weather?" },
          assistant,
          { role: "tool", toolCallId: "toolu_1", content: "18C" },
        ],
      },
      cfg,
      false,
    );
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "  first, with spaces  \n", signature: sig },
        { type: "redacted_thinking", data: "RXJj+/==" },
        { type: "thinking", thinking: "", signature: "only-signature" },
        { type: "text", text: "Let me check." },
        { type: "tool_use", id: "toolu_1", name: "weather", input: { location: "Paris" } },
      ],
    });
  });

  it("drops blocks from another provider and unsigned blocks, keeping the rest of the message", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q" },
          {
            role: "assistant",
            content: "A",
            thinking: [
              { text: "gemini thought", signature: "g-sig", provider: "gemini" },
              { redacted: "bedrock-bytes", provider: "bedrock" },
              { text: "unsigned" },
              { text: "kept", signature: "a-sig", provider: "anthropic" },
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
    ]);
  });

  it("merges consecutive tool results into one user message, with is_error on failures", () => {
    const body = buildRequest(
      {
        messages: [
          { role: "user", content: "Q" },
          {
            role: "assistant",
            content: "",
            toolCalls: [
              { id: "a", name: "t", arguments: "{}" },
              { id: "b", name: "t", arguments: "" },
            ],
          },
          { role: "tool", toolCallId: "a", content: "ok" },
          { role: "tool", toolCallId: "b", content: "boom", isError: true },
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
        content: "A",
        thinking: [{ text: "t", signature: "s", provider: "anthropic" }],
      },
    ];
    const before = structuredClone(messages);
    buildRequest({ messages }, cfg, false);
    expect(messages).toEqual(before);
  });

  it("sends the key, version and caller headers to the Messages URL", () => {
    expect(requestUrl({ baseURL: "https://api.anthropic.com/v1" })).toBe(
      "https://api.anthropic.com/v1/messages",
    );
    expect(requestHeaders({ apiKey: "k", headers: { "anthropic-beta": "x" } })).toEqual({
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      "x-api-key": "k",
      "anthropic-beta": "x",
    });
  });
});
