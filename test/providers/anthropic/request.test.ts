import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import { messagesHeaders, messagesUrl } from "../../../src/wires/messages/headers.js";
import { buildRequest } from "../../../src/wires/messages/request.js";
import {
  amidForeignEvidence,
  NOTHING_TO_SEND,
  ODD_SIGNATURE,
  ownPartsTurn,
  PARALLEL_RESULTS,
} from "../../helpers/histories.js";
import { SEARCH_RESULT, SEARCH_USE } from "./blocks.js";

const cfg = {
  model: "claude-sonnet-4-5",
  settings: { maxTokens: 4096 },
  thinking: undefined,
  effort: undefined,
};

/** What the body sends of `reply`, an assistant turn after the user's question. */
const sentReply = (reply: Message) =>
  buildRequest({ messages: [{ role: "user", content: "Q" }, reply] }, cfg, false).messages[1]
    ?.content;

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
    const body = buildRequest({ messages: ownPartsTurn("anthropic") }, cfg, false);
    expect(body.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "  first, with spaces  \n", signature: ODD_SIGNATURE },
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
    const reply: Message = {
      role: "assistant",
      content: [
        { type: "text", text: "Let me think. " },
        { type: "thinking", text: "Hmm.", signature: "sig", provider: "anthropic" },
        { type: "text", text: "It is 4." },
      ],
    };
    expect(sentReply(reply)).toEqual([
      { type: "text", text: "Let me think. " },
      { type: "thinking", thinking: "Hmm.", signature: "sig" },
      { type: "text", text: "It is 4." },
    ]);
  });

  it("replays anthropic provider parts verbatim in place and leaves out other providers' parts", () => {
    const reply: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "Search.", signature: "sig-1", provider: "anthropic" },
        { type: "provider", provider: "anthropic", value: SEARCH_USE },
        { type: "provider", provider: "anthropic", value: SEARCH_RESULT },
        { type: "provider", provider: "openai", value: { type: "web_search_call" } },
        { type: "thinking", text: "Sunny.", signature: "sig-2", provider: "anthropic" },
        { type: "text", text: "It is sunny." },
      ],
    };
    expect(sentReply(reply)).toEqual([
      { type: "thinking", thinking: "Search.", signature: "sig-1" },
      SEARCH_USE,
      SEARCH_RESULT,
      { type: "thinking", thinking: "Sunny.", signature: "sig-2" },
      { type: "text", text: "It is sunny." },
    ]);
  });

  it("leaves out foreign and unsigned thinking, and foreign evidence on text and calls, keeping the rest", () => {
    const assistant = amidForeignEvidence("gemini", [
      { type: "thinking", redacted: "bedrock-bytes", provider: "bedrock" },
      { type: "thinking", text: "unsigned" },
      { type: "thinking", text: "kept", signature: "a-sig", provider: "anthropic" },
      { type: "text", text: "B", phase: "final_answer", provider: "openai" },
    ]);
    const body = buildRequest(
      { messages: [{ role: "user", content: "Q" }, assistant] },
      cfg,
      false,
    );
    expect(body.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "kept", signature: "a-sig" },
      { type: "text", text: "B" },
      { type: "text", text: "Done." },
      { type: "text", text: " Really." },
      { type: "tool_use", id: "call_1", name: "f", input: {} },
    ]);
  });

  it("leaves out messages with nothing to send and merges the neighbours, never sending content: []", () => {
    expect(buildRequest({ messages: NOTHING_TO_SEND }, cfg, false).messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "first" },
          { type: "text", text: "second" },
        ],
      },
    ]);
  });

  it("merges consecutive tool results into one user message, with is_error on failures", () => {
    expect(buildRequest({ messages: PARALLEL_RESULTS }, cfg, false).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome?" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "get_weather", input: { city: "Paris" } },
          { type: "tool_use", id: "t2", name: "get_weather", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "18°C" }] },
          {
            type: "tool_result",
            tool_use_id: "t2",
            content: [{ type: "text", text: "no such city" }],
            is_error: true,
          },
          { type: "text", text: "And tomorrow?" },
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
