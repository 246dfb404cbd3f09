import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/bedrock/config.js";
import { requestUrl } from "../../../src/platforms/bedrock/platform.js";
import { buildRequest } from "../../../src/wires/converse/request.js";
import { thrownAs } from "../../helpers/errors.js";
import {
  amidForeignEvidence,
  callWithArguments,
  NOTHING_TO_SEND,
  ODD_SIGNATURE,
  ownPartsTurn,
  PARALLEL_RESULTS,
} from "../../helpers/histories.js";

const CREDS = { accessKeyId: "AKID", secretAccessKey: "secret-0123456789" };
const cfg = (c: Partial<Config> = {}) =>
  resolveConfig({ region: "us-east-1", model: "m", credentials: CREDS, ...c }, {});

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

  it("replays the parts in their order, byte for byte, with tool input parsed", () => {
    const body = buildRequest({ messages: ownPartsTurn("bedrock") }, cfg(), false);
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [
        {
          reasoningContent: {
            reasoningText: { text: "  first, with spaces  \n", signature: ODD_SIGNATURE },
          },
        },
        { toolUse: { toolUseId: "toolu_1", name: "weather", input: { location: "Paris" } } },
        { reasoningContent: { redactedContent: "RXJj+/==" } },
        { text: "Let me check." },
        { reasoningContent: { reasoningText: { text: "", signature: "only-signature" } } },
        { toolUse: { toolUseId: "toolu_2", name: "weather", input: {} } },
      ],
    });
  });

  it("leaves out foreign and unsigned reasoning and foreign provider parts; foreign evidence stays behind", () => {
    const assistant = amidForeignEvidence("anthropic", [
      { type: "thinking", redacted: "Z2VtaW5p", provider: "gemini" },
      { type: "thinking", text: "no signature", provider: "bedrock" },
      { type: "thinking", text: "hand-made" },
      { type: "thinking", text: "kept", signature: "sig-b" },
    ]);
    const body = buildRequest({ messages: [user("q"), assistant] }, cfg(), false);
    expect(body.messages[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: "kept", signature: "sig-b" } } },
      { text: "Done." },
      { text: " Really." },
      { toolUse: { toolUseId: "call_1", name: "f", input: {} } },
    ]);
  });

  it("sends a built-in tool's blocks back verbatim, in place", () => {
    // docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html
    const call = {
      toolUse: {
        input: { code: "sum([1, 2])" },
        name: "nova_code_interpreter",
        toolUseId: "tooluse_W",
        type: "server_tool_use",
      },
    };
    const result = {
      toolResult: {
        content: [{ text: '{"stdOut":"3","stdErr":"","exitCode":0,"isError":false}' }],
        status: "success",
        toolUseId: "tooluse_W",
        type: "nova_code_interpreter_result",
      },
    };
    const assistant: Message = {
      role: "assistant",
      content: [
        { type: "provider", provider: "bedrock", value: call },
        { type: "provider", provider: "bedrock", value: result },
        { type: "text", text: "3" },
      ],
    };
    const body = buildRequest({ messages: [user("1+2?"), assistant] }, cfg(), false);
    expect(body.messages[1]?.content).toEqual([call, result, { text: "3" }]);
  });

  it("never sends a blank text block or empty content: empty messages are left out, neighbours merged", () => {
    expect(buildRequest({ messages: NOTHING_TO_SEND }, cfg(), false).messages).toEqual([
      { role: "user", content: [{ text: "a" }, { text: "b" }] },
      { role: "assistant", content: [{ text: "first" }, { text: "second" }] },
    ]);
  });

  it("turns consecutive tool messages into one user message of tool results", () => {
    const body = buildRequest({ messages: PARALLEL_RESULTS, tools: [WEATHER] }, cfg(), false);
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
          content: [{ type: "tool-call", id: "t", name: "get_weather", arguments: "{}" }],
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
    const build = () => buildRequest({ messages: callWithArguments("{oops") }, cfg(), false);
    expect(thrownAs(HistoryError, build).message).toContain(
      "messages[1]: content[1] arguments are not valid JSON",
    );
  });

  it("does not change the request it is given", () => {
    const req: ModelRequest = {
      messages: [
        user("q"),
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "t", signature: "s" },
            { type: "provider", provider: "bedrock", value: { toolResult: { content: [] } } },
            { type: "text", text: "a" },
          ],
        },
        user("r"),
      ],
    };
    const copy = structuredClone(req);
    buildRequest(req, cfg(), false);
    expect(req).toEqual(copy);
  });

  it("with citations on, lets a user message's documents be cited, not a tool result's", () => {
    const doc = { type: "file", mediaType: "text/plain", data: "aGk=", filename: "a.txt" } as const;
    const req: ModelRequest = {
      messages: [
        { role: "user", content: [doc, { type: "text", text: "Cite it." }] },
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "t1", name: "read", arguments: "{}" }],
        },
        { role: "tool", toolCallId: "t1", content: [{ ...doc, filename: "b.txt" }] },
      ],
    };
    const body = buildRequest(req, cfg({ citations: true }), false);
    expect(body.messages[0]?.content[0]).toEqual({
      document: {
        format: "txt",
        name: "a",
        source: { bytes: "aGk=" },
        citations: { enabled: true },
      },
    });
    expect(JSON.stringify(body.messages[2])).not.toContain("citations");
    expect(JSON.stringify(buildRequest(req, cfg(), false))).not.toContain("citations");
  });
});
