/**
 * The Cohere Chat API v2 body golem builds (https://docs.cohere.com/reference/chat): every
 * assistant turn goes back with its own thinking items in their places, text beside tool calls
 * as `tool_plan`, the call settings under Cohere's names and ranges, and what Cohere cannot
 * take refused before any request.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { resolveOptions } from "../../../src/wires/cohere/options.js";
import { buildRequest } from "../../../src/wires/cohere/request.js";
import { createModel } from "../../contract/adapters.js";
import { scriptedFetch } from "../../helpers/fetch.js";

const MODEL = "command-a-reasoning-08-2025";
const options = (config: Parameters<typeof resolveOptions>[2] = {}) =>
  resolveOptions("cohere", MODEL, config);
const build = (req: ModelRequest, config = {}, stream = false) =>
  buildRequest(req, options(config), stream);

const ASK: Message = { role: "user", content: "What's the weather in Florence?" };
const CALL = {
  type: "tool-call",
  id: "weather_1",
  name: "weather",
  arguments: '{"location":"Florence"}',
} as const;
const WEATHER = {
  name: "weather",
  description: "Get the weather",
  parameters: { type: "object", properties: { location: { type: "string" } } },
};

describe("an assistant turn sent back", () => {
  it("carries its thinking items in their places, the calls beside them", () => {
    const body = build({
      messages: [
        ASK,
        {
          role: "assistant",
          content: [{ type: "thinking", text: "I need the tool.", provider: "cohere" }, CALL],
        },
        { role: "tool", toolCallId: "weather_1", content: "40 C" },
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "It is hot.", provider: "cohere" },
            { type: "text", text: "It's 40 C." },
            { type: "thinking", text: "Anything else?", provider: "cohere" },
            { type: "text", text: " Stay cool." },
          ],
        },
        { role: "user", content: "Thanks" },
      ],
    });
    expect(body.messages.slice(1, 4)).toEqual([
      {
        role: "assistant",
        content: [{ type: "thinking", thinking: "I need the tool." }],
        tool_calls: [
          {
            id: "weather_1",
            type: "function",
            function: { name: "weather", arguments: '{"location":"Florence"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "weather_1", content: "40 C" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "It is hot." },
          { type: "text", text: "It's 40 C." },
          { type: "thinking", thinking: "Anything else?" },
          { type: "text", text: " Stay cool." },
        ],
      },
    ]);
  });

  it("sends text beside tool calls as tool_plan, which Cohere takes there (not in content)", () => {
    const body = build({
      messages: [
        ASK,
        { role: "assistant", content: [{ type: "text", text: "I will look it up." }, CALL] },
        { role: "tool", toolCallId: "weather_1", content: "40 C" },
      ],
    });
    expect(body.messages[1]).toEqual({
      role: "assistant",
      tool_plan: "I will look it up.",
      tool_calls: [
        {
          id: "weather_1",
          type: "function",
          function: { name: "weather", arguments: '{"location":"Florence"}' },
        },
      ],
    });
  });

  it("leaves out another provider's thinking and redacted payloads, keeps untagged thinking", () => {
    const body = build({
      messages: [
        ASK,
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "Claude's.", signature: "sig", provider: "anthropic" },
            { type: "thinking", redacted: "opaque", provider: "openai" },
            { type: "thinking", text: "Mine, untagged." },
            { type: "text", text: "Done." },
          ],
        },
        { role: "user", content: "ok" },
      ],
    });
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Mine, untagged." },
        { type: "text", text: "Done." },
      ],
    });
  });

  it("sends a call streamed without arguments as {}", () => {
    const body = build({
      messages: [
        ASK,
        { role: "assistant", content: [{ ...CALL, arguments: "" }] },
        { role: "tool", toolCallId: "weather_1", content: "ok" },
      ],
    });
    expect(body.messages[1]).toMatchObject({ tool_calls: [{ function: { arguments: "{}" } }] });
  });
});

describe("the request's fields", () => {
  it("puts the system prompt first, then model, tools, thinking and the settings under Cohere's names", () => {
    const body = build(
      {
        system: "Be brief.",
        messages: [ASK],
        tools: [WEATHER],
        maxTokens: 500,
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        seed: 7,
        stopSequences: ["END"],
      },
      { thinking: { budgetTokens: 1000 } },
      true,
    );
    expect(body).toEqual({
      model: MODEL,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: ASK.content },
      ],
      tools: [{ type: "function", function: WEATHER }],
      thinking: { type: "enabled", token_budget: 1000 },
      max_tokens: 500,
      temperature: 0.2,
      p: 0.9,
      k: 40,
      stop_sequences: ["END"],
      seed: 7,
      stream: true,
    });
  });

  it.each([
    [{}, { type: "enabled" }],
    [{ budgetTokens: 31000 }, { type: "enabled", token_budget: 31000 }],
    [{ disabled: true }, { type: "disabled" }],
  ])("sends thinking %o as %o", (thinking, wire) => {
    expect(build({ messages: [ASK] }, { thinking }).thinking).toEqual(wire);
  });

  it("sends no thinking field when none is configured (the model's default)", () => {
    expect(build({ messages: [ASK] })).not.toHaveProperty("thinking");
  });

  it.each([
    ["required", "REQUIRED"],
    ["none", "NONE"],
  ] as const)("sends toolChoice %s as %s, and auto as nothing", (choice, wire) => {
    expect(build({ messages: [ASK], tools: [WEATHER], toolChoice: choice }).tool_choice).toBe(wire);
    expect(build({ messages: [ASK], tools: [WEATHER], toolChoice: "auto" })).not.toHaveProperty(
      "tool_choice",
    );
  });

  it("sends strict_tools when every tool is strict", () => {
    const tools = [{ ...WEATHER, strict: true }];
    expect(build({ messages: [ASK], tools }).strict_tools).toBe(true);
  });

  it("asks for JSON that matches the output schema with response_format json_object", () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    expect(build({ messages: [ASK], output: { schema } }).response_format).toEqual({
      type: "json_object",
      json_schema: schema,
    });
  });

  it("takes an image in a user message as image_url (a data: URL for bytes)", () => {
    const body = build({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
            { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
          ],
        },
      ],
    });
    expect(body.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        { type: "image_url", image_url: { url: "https://example.com/a.jpg" } },
      ],
    });
  });

  it("merges extraBody last (priority, safety_mode: what golem has no option for)", () => {
    const body = build({ messages: [ASK], extraBody: { priority: 1, safety_mode: "STRICT" } });
    expect(body).toMatchObject({ priority: 1, safety_mode: "STRICT" });
  });
});

/** What Cohere refuses, refused before any request through the public create(). */
const REFUSED: [
  name: string,
  config: Record<string, unknown>,
  req: ModelRequest,
  error: typeof ConfigError | typeof HistoryError,
  message: string,
][] = [
  [
    "a temperature above 1",
    {},
    { messages: [ASK], temperature: 1.5 },
    ConfigError,
    "cohere: `temperature` must be 0..1 on Cohere",
  ],
  [
    "topP below 0.01",
    {},
    { messages: [ASK], topP: 0 },
    ConfigError,
    "cohere: `topP` must be 0.01..0.99 on Cohere (sent as `p`)",
  ],
  [
    "topK above 500",
    {},
    { messages: [ASK], topK: 501 },
    ConfigError,
    "cohere: `topK` must be at most 500 on Cohere (sent as `k`)",
  ],
  [
    "a negative seed",
    {},
    { messages: [ASK], seed: -1 },
    ConfigError,
    "cohere: `seed` must be 0 or more on Cohere",
  ],
  [
    "six stop sequences",
    {},
    { messages: [ASK], stopSequences: ["a", "b", "c", "d", "e", "f"] },
    ConfigError,
    "cohere: `stopSequences` takes at most 5 strings on Cohere",
  ],
  [
    "a named toolChoice",
    {},
    { messages: [ASK], tools: [WEATHER], toolChoice: { name: "weather" } },
    ConfigError,
    "cohere: toolChoice { name } has no Cohere form",
  ],
  [
    "tools that disagree on strict",
    {},
    {
      messages: [ASK],
      tools: [
        { ...WEATHER, strict: true },
        { ...WEATHER, name: "other" },
      ],
    },
    ConfigError,
    "cohere: `strict` is one switch for all tools on Cohere",
  ],
  [
    "structured output with tools",
    {},
    { messages: [ASK], tools: [WEATHER], output: { schema: { type: "object" } } },
    ConfigError,
    "cohere: structured output (response_format) cannot be combined with tools on Cohere",
  ],
  [
    "an update that sets an effort",
    {},
    { messages: [ASK, { role: "system", content: "", update: { effort: "high" } }] },
    HistoryError,
    "messages[1]:",
  ],
  [
    "a PDF",
    {},
    {
      messages: [
        {
          role: "user",
          content: [{ type: "file", mediaType: "application/pdf", data: "JVBERi0=" }],
        },
      ],
    },
    HistoryError,
    "messages[0]: content[0] (file application/pdf): cohere Chat does not accept this media type in file parts (it accepts none)",
  ],
  [
    "an image in a tool result",
    {},
    {
      messages: [
        ASK,
        { role: "assistant", content: [CALL] },
        {
          role: "tool",
          toolCallId: "weather_1",
          content: [{ type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" }],
        },
      ],
    },
    HistoryError,
    "messages[2]: content[0] (image image/png): cohere Chat does not accept image parts in tool messages",
  ],
  [
    "a BMP image",
    {},
    {
      messages: [
        { role: "user", content: [{ type: "image", mediaType: "image/bmp", data: "Qk0=" }] },
      ],
    },
    HistoryError,
    "messages[0]: content[0] (image image/bmp): cohere Chat does not accept this media type",
  ],
  [
    "maxTokens above the model's cap",
    {
      capabilities: {
        model: MODEL,
        source: "table",
        checked: "2026-12-07",
        maxOutputTokens: 32000,
      },
    },
    { messages: [ASK], maxTokens: 40000 },
    ConfigError,
    "cohere: `maxTokens` 40000 is above the cap of 32000 (capabilities of command-a-reasoning-08-2025)",
  ],
  [
    "thinking the model does not take",
    {
      thinking: { disabled: true },
      capabilities: {
        model: MODEL,
        source: "table",
        checked: "2026-12-07",
        thinking: { disabled: false },
      },
    },
    { messages: [ASK] },
    ConfigError,
    'cohere: the model takes no thinking of type "disabled"',
  ],
];

describe.each(REFUSED)("%s", (_, config, req, errorClass, message) => {
  it("is refused before any request, generate and stream alike", async () => {
    for (const how of ["generate", "stream"] as const) {
      const { fetch, calls } = scriptedFetch([]);
      const model = await createModel("cohere", { model: MODEL, ...config }, fetch);
      const error = await (how === "generate"
        ? model.generate(req)
        : model.stream(req).response
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(errorClass);
      expect((error as Error).message.slice(0, message.length)).toBe(message);
      expect(calls).toEqual([]);
    }
  });
});
