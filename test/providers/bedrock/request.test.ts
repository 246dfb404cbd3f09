import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/providers/bedrock/config.js";
import { buildRequest, requestUrl } from "../../../src/providers/bedrock/request.js";

const CREDS = { accessKeyId: "AKID", secretAccessKey: "secret-0123456789" };
const cfg = (c: Partial<Config> = {}) =>
  resolveConfig({ region: "us-east-1", model: "m", credentials: CREDS, ...c }, {});

const SIG = "ErcBCkgIBhABGAIiQDYN+P1S3ACL3r24cAMKCrRNiuPPxvmT2uzREPLRyKEUXagRbXn97QCke6L7OEZ=";
const WEATHER = {
  name: "get_weather",
  description: "Get weather",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const user = (content: string): Message => ({ role: "user", content });

describe("bedrock requestUrl", () => {
  it.each([
    [
      "an inference profile id with ':'",
      "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse",
    ],
    [
      "an ARN with ':' and '/'",
      "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123",
      "https://bedrock-runtime.us-east-1.amazonaws.com/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2Fabc123/converse",
    ],
  ])("encodes %s as one path label", (_what, model, url) => {
    expect(requestUrl(cfg({ model }), false)).toBe(url);
    expect(requestUrl(cfg({ model }), true)).toBe(url.replace(/converse$/, "converse-stream"));
  });

  it("uses baseURL without a trailing slash", () => {
    expect(requestUrl(cfg({ baseURL: "http://127.0.0.1:9999/" }), true)).toBe(
      "http://127.0.0.1:9999/model/m/converse-stream",
    );
  });
});

describe("bedrock buildRequest", () => {
  it("sends only what is set: messages, then the optional fields", () => {
    expect(buildRequest({ messages: [user("Hello")] }, cfg(), false)).toEqual({
      messages: [{ role: "user", content: [{ text: "Hello" }] }],
    });
    const full = cfg({ maxTokens: 4096, thinking: { budgetTokens: 2048 }, effort: "high" });
    expect(buildRequest({ system: "Be terse.", messages: [user("Hello")] }, full, true)).toEqual({
      messages: [{ role: "user", content: [{ text: "Hello" }] }],
      system: [{ text: "Be terse." }],
      inferenceConfig: { maxTokens: 4096 },
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 2048 } },
      outputConfig: { effort: "high" },
    });
  });

  it("moves system-role messages into the system blocks, in order", () => {
    const req: ModelRequest = {
      system: "first",
      messages: [{ role: "system", content: "second" }, user("hi")],
    };
    expect(buildRequest(req, cfg(), false).system).toEqual([{ text: "first" }, { text: "second" }]);
  });

  it("replays reasoning first, byte for byte, then text, then tool uses with parsed input", () => {
    const assistant: Message = {
      role: "assistant",
      content: "Let me check. ",
      thinking: [
        { text: "Need weather.\n\n  ", signature: SIG, provider: "bedrock" },
        { redacted: "RXRrRUNrZ0lC==", provider: "bedrock" },
        { text: "", signature: "sig-only" },
      ],
      toolCalls: [
        { id: "tooluse_1", name: "get_weather", arguments: '{"city":"Paris"}' },
        { id: "tooluse_2", name: "get_weather", arguments: "" },
      ],
    };
    const body = buildRequest({ messages: [user("Weather?"), assistant] }, cfg(), false);
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { reasoningContent: { reasoningText: { text: "Need weather.\n\n  ", signature: SIG } } },
        { reasoningContent: { redactedContent: "RXRrRUNrZ0lC==" } },
        { reasoningContent: { reasoningText: { text: "", signature: "sig-only" } } },
        { text: "Let me check. " },
        { toolUse: { toolUseId: "tooluse_1", name: "get_weather", input: { city: "Paris" } } },
        { toolUse: { toolUseId: "tooluse_2", name: "get_weather", input: {} } },
      ],
    });
  });

  it("drops blocks of other providers and unsigned text, and keeps the rest of the message", () => {
    const assistant: Message = {
      role: "assistant",
      content: "Answer",
      thinking: [
        { text: "anthropic's", signature: "sig-a", provider: "anthropic" },
        { redacted: "gemini-bytes", provider: "gemini" },
        { text: "no signature", provider: "bedrock" },
        { text: "hand-made" },
        { text: "kept", signature: "sig-b" },
      ],
    };
    const body = buildRequest({ messages: [user("q"), assistant] }, cfg(), false);
    expect(body.messages[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: "kept", signature: "sig-b" } } },
      { text: "Answer" },
    ]);
  });

  it("leaves out an assistant turn with nothing left to send, and merges the user turns around it", () => {
    const assistant: Message = {
      role: "assistant",
      content: "",
      thinking: [{ text: "openai reasoning", provider: "openai" }],
    };
    const body = buildRequest({ messages: [user("a"), assistant, user("b")] }, cfg(), false);
    expect(body.messages).toEqual([{ role: "user", content: [{ text: "a" }, { text: "b" }] }]);
  });

  it("turns consecutive tool messages into one user message of tool results", () => {
    const messages: Message[] = [
      user("Weather in Paris and Rome?"),
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "t1", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "t2", name: "get_weather", arguments: '{"city":"Rome"}' },
        ],
      },
      { role: "tool", toolCallId: "t1", content: "18°C" },
      { role: "tool", toolCallId: "t2", content: "no such city", isError: true },
      user("And tomorrow?"),
    ];
    const body = buildRequest({ messages, tools: [WEATHER] }, cfg(), false);
    expect(body.messages.slice(2)).toEqual([
      {
        role: "user",
        content: [
          { toolResult: { toolUseId: "t1", content: [{ text: "18°C" }], status: "success" } },
          { toolResult: { toolUseId: "t2", content: [{ text: "no such city" }], status: "error" } },
          { text: "And tomorrow?" },
        ],
      },
    ]);
  });

  it("maps tools and each tool choice", () => {
    const req = (toolChoice?: ModelRequest["toolChoice"]): ModelRequest => ({
      messages: [user("hi")],
      tools: [WEATHER, { name: "now", description: "", parameters: { type: "object" } }],
      ...(toolChoice ? { toolChoice } : {}),
    });
    const tools = [
      {
        toolSpec: {
          name: "get_weather",
          description: "Get weather",
          inputSchema: { json: WEATHER.parameters },
        },
      },
      { toolSpec: { name: "now", inputSchema: { json: { type: "object" } } } },
    ];
    expect(buildRequest(req(), cfg(), false).toolConfig).toEqual({ tools });
    expect(buildRequest(req("auto"), cfg(), false).toolConfig).toEqual({
      tools,
      toolChoice: { auto: {} },
    });
    expect(buildRequest(req("required"), cfg(), false).toolConfig).toEqual({
      tools,
      toolChoice: { any: {} },
    });
    expect(buildRequest(req({ name: "now" }), cfg(), false).toolConfig).toEqual({
      tools,
      toolChoice: { tool: { name: "now" } },
    });
  });

  it("leaves toolConfig out for toolChoice none, unless the history holds tool blocks", () => {
    const plain: ModelRequest = { messages: [user("hi")], tools: [WEATHER], toolChoice: "none" };
    expect(buildRequest(plain, cfg(), false).toolConfig).toBeUndefined();
    const withCalls: ModelRequest = {
      ...plain,
      messages: [
        user("hi"),
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "t", name: "get_weather", arguments: "{}" }],
        },
        { role: "tool", toolCallId: "t", content: "sunny" },
      ],
    };
    expect(buildRequest(withCalls, cfg(), false).toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: "get_weather",
            description: "Get weather",
            inputSchema: { json: WEATHER.parameters },
          },
        },
      ],
    });
  });

  it("refuses tool arguments that are not JSON with a HistoryError naming the message", () => {
    const messages: Message[] = [
      user("q"),
      { role: "assistant", content: "", toolCalls: [{ id: "t", name: "x", arguments: "{oops" }] },
    ];
    expect(() => buildRequest({ messages }, cfg(), false)).toThrow(HistoryError);
    expect(() => buildRequest({ messages }, cfg(), false)).toThrow(
      "messages[1]: toolCalls[0] arguments are not valid JSON",
    );
  });

  it("does not change the request it is given", () => {
    const req: ModelRequest = {
      messages: [
        user("q"),
        { role: "assistant", content: "a", thinking: [{ text: "t", signature: "s" }] },
        user("r"),
      ],
    };
    const copy = structuredClone(req);
    buildRequest(req, cfg(), false);
    expect(req).toEqual(copy);
  });
});
