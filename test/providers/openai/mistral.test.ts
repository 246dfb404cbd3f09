/**
 * Mistral as a profile of the Chat wire (servers.ts's `mistral` row; docs/servers.md): its
 * reasoning as content chunks (`ThinkChunk`, `TextChunk`: @mistralai/mistralai 2.7.0), read by
 * the response parser and the stream machine alike, a delta's content a string or a list;
 * the chunks sent back in their place, byte for byte; its 9-character tool-call ids; the
 * fields it names otherwise; the efforts each model takes. The cassettes run in test/contract/.
 */
import { describe, expect, it } from "vitest";
import { APIError, ConfigError } from "../../../src/core/errors.js";
import { partsOf } from "../../../src/core/parts.js";
import type { Delta, Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/openai/config.js";
import { fixedCallId } from "../../../src/wires/openai-chat/call-ids.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";
import { contentParser } from "../../../src/wires/openai-chat/response.js";
import { createStreamState } from "../../../src/wires/openai-chat/stream.js";
import { accumulate, withoutTags } from "../../contract/deltas.js";

const MISTRAL = "https://api.mistral.ai/v1";
const resolve = (config: Partial<Config> = {}) =>
  resolveConfig(
    { apiKey: "mistral-test-key", baseURL: MISTRAL, model: "mistral-medium-3-5", ...config },
    {},
  );
const server = () => resolve().server as NonNullable<ReturnType<typeof resolve>["server"]>;

const THOUGHT = "The user wants the weather; the tool takes a city.";
const ANSWER = "It is 40 C in Florence.";

/** A non-streamed Mistral answer whose content is a chunk list. */
const completion = (content: unknown, toolCalls?: unknown[]) => ({
  id: "cmpl-1",
  model: "mistral-medium-3-5",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content, ...(toolCalls && { tool_calls: toolCalls }) },
      finish_reason: toolCalls ? "tool_calls" : "stop",
    },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
});
const think = (text: string, signature?: string) => ({
  type: "thinking",
  thinking: [{ type: "text", text }],
  ...(signature !== undefined && { signature }),
});

describe("mistral: thinking chunks in an answer", () => {
  it("are thinking parts and text chunks text parts, in their order, a signature kept", () => {
    const parse = contentParser(server());
    const { message } = parse(
      completion([
        think(THOUGHT, "sig-1"),
        { type: "text", text: ANSWER },
        think("Then Rome."),
        { type: "text", text: " Rome next." },
      ]),
      "openai",
    );
    expect(message.content).toEqual([
      { type: "thinking", text: THOUGHT, signature: "sig-1", provider: "openai" },
      { type: "text", text: ANSWER },
      { type: "thinking", text: "Then Rome.", provider: "openai" },
      { type: "text", text: " Rome next." },
    ]);
  });

  it("joins a thinking chunk's text chunks and skips chunk types it does not read", () => {
    const parse = contentParser(server());
    const { message } = parse(
      completion([
        {
          type: "thinking",
          thinking: [
            { type: "text", text: "one, " },
            { type: "reference", reference_ids: [1] },
            { type: "text", text: "two" },
          ],
        },
        { type: "image_url", image_url: "https://example.com/a.png" },
        { type: "text", text: ANSWER },
      ]),
      "openai",
    );
    expect(message.content).toEqual([
      { type: "thinking", text: "one, two", provider: "openai" },
      { type: "text", text: ANSWER },
    ]);
  });

  it("still reads a plain string content as the answer", () => {
    const { message } = contentParser(server())(completion(ANSWER), "openai");
    expect(message.content).toEqual([{ type: "text", text: ANSWER }]);
  });
});

/** The SSE records of a stream whose deltas' contents are `contents`, then a finish. */
function streamOf(contents: unknown[]) {
  const event = (delta: unknown, finish: string | null = null) => ({
    data: JSON.stringify({
      id: "cmpl-2",
      model: "mistral-medium-3-5",
      choices: [{ index: 0, delta, finish_reason: finish }],
    }),
  });
  return [
    event({ role: "assistant", content: "" }),
    ...contents.map((content) => event({ content })),
    {
      data: JSON.stringify({
        id: "cmpl-2",
        model: "mistral-medium-3-5",
        choices: [{ index: 0, delta: { content: "" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
      }),
    },
    { data: "[DONE]" },
  ];
}

describe("mistral: a streamed answer", () => {
  const contents = [
    [think("The user wants ")],
    [think("the weather; ")],
    [think("the tool takes a city.", "sig-1")],
    "It is 40 C ",
    [{ type: "text", text: "in Florence." }],
  ];

  it("takes each delta's content as a string or a chunk list, and ends as the answer parsed whole", () => {
    const machine = createStreamState(
      (fields) => new APIError(fields),
      undefined,
      "openai",
      server(),
    );
    const deltas: Delta[] = [];
    for (const record of streamOf(contents)) deltas.push(...machine.push(record));
    const final = machine.finish();
    const whole = contentParser(server())(
      completion([think(THOUGHT, "sig-1"), { type: "text", text: ANSWER }]),
      "openai",
    );
    expect(final.message).toEqual(whole.message);
    expect(final.usage).toEqual(whole.usage);
    // The deltas add up to the final message.
    expect(accumulate(deltas)).toEqual(withoutTags(partsOf(final.message)));
  });
});

/** A tool loop's second request: the first answer and its result go back. */
function secondRequest(answer: Message, config: Partial<Config> = {}, stream = false) {
  const request: ModelRequest = {
    messages: [
      { role: "user", content: "Weather in Florence?" },
      answer,
      { role: "tool", toolCallId: "D681PevKs", content: "40 C" },
    ],
  };
  return buildRequest(request, resolve(config), stream) as unknown as {
    messages: Record<string, unknown>[];
  } & Record<string, unknown>;
}

const ANSWER_WITH_CALL: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: THOUGHT, signature: "sig-1", provider: "openai" },
    { type: "text", text: "Let me look." },
    { type: "thinking", text: "Florence, Italy.", provider: "openai" },
    { type: "tool-call", id: "D681PevKs", name: "weather", arguments: '{"city":"Florence"}' },
  ],
};

describe("mistral: thinking sent back", () => {
  it("goes back as chunks in the assistant message's content, in order, byte for byte", () => {
    const sent = secondRequest(ANSWER_WITH_CALL).messages[1];
    expect(sent).toEqual({
      role: "assistant",
      content: [
        think(THOUGHT, "sig-1"),
        { type: "text", text: "Let me look." },
        think("Florence, Italy."),
      ],
      tool_calls: [
        {
          id: "D681PevKs",
          type: "function",
          function: { name: "weather", arguments: '{"city":"Florence"}' },
        },
      ],
    });
  });

  it("stays out with replayReasoning false: the content is the text alone", () => {
    const sent = secondRequest(ANSWER_WITH_CALL, { replayReasoning: false }).messages[1];
    expect(sent?.content).toBe("Let me look.");
  });

  it("leaves out another provider's thinking", () => {
    const foreign: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "Claude's", signature: "EqQB", provider: "anthropic" },
        { type: "text", text: ANSWER },
      ],
    };
    expect(secondRequest(foreign).messages[1]?.content).toBe(ANSWER);
  });
});

describe("mistral: tool-call ids", () => {
  it("sends its own 9-character ids as they are", () => {
    const [, assistant, tool] = secondRequest(ANSWER_WITH_CALL).messages;
    expect((assistant?.tool_calls as { id: string }[] | undefined)?.[0]?.id).toBe("D681PevKs");
    expect(tool?.tool_call_id).toBe("D681PevKs");
  });

  it("maps another provider's id to 9 letters and digits, the same for its call and its result", () => {
    const request: ModelRequest = {
      messages: [
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: [
            {
              type: "tool-call",
              id: "toolu_01A09q90qw90lq917835lq9",
              name: "weather",
              arguments: "{}",
            },
            { type: "tool-call", id: "call_abc-123", name: "weather", arguments: "{}" },
          ],
        },
        { role: "tool", toolCallId: "toolu_01A09q90qw90lq917835lq9", content: "40 C" },
        { role: "tool", toolCallId: "call_abc-123", content: "20 C" },
      ],
    };
    const body = buildRequest(request, resolve(), false) as unknown as {
      messages: { tool_calls?: { id: string }[]; tool_call_id?: string }[];
    };
    const [first, second] = body.messages[1]?.tool_calls ?? [];
    expect(first?.id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(second?.id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(first?.id).not.toBe(second?.id);
    expect(body.messages[2]?.tool_call_id).toBe(first?.id);
    expect(body.messages[3]?.tool_call_id).toBe(second?.id);
    // The same history maps the same way on every request, so its prefix holds.
    expect(fixedCallId("toolu_01A09q90qw90lq917835lq9", 9)).toBe(first?.id);
  });

  it("are left as they are on other servers", () => {
    const request: ModelRequest = {
      messages: [{ role: "tool", toolCallId: "call_abc-123", content: "20 C" }],
    };
    const other = resolveConfig(
      { apiKey: "k", baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro" },
      {},
    );
    const body = buildRequest(request, other, false) as unknown as {
      messages: { tool_call_id?: string }[];
    };
    expect(body.messages[0]?.tool_call_id).toBe("call_abc-123");
  });
});

describe("mistral: the request's fields", () => {
  it("names max tokens and the seed as Mistral does, and asks for no stream_options", () => {
    const body = secondRequest(ANSWER_WITH_CALL, { maxTokens: 512, seed: 7 }, true);
    expect(body.max_tokens).toBe(512);
    expect(body.random_seed).toBe(7);
    expect(body).not.toHaveProperty("max_completion_tokens");
    expect(body).not.toHaveProperty("seed");
    expect(body).not.toHaveProperty("stream_options");
    expect(body.stream).toBe(true);
  });

  it("sends extraBody as given", () => {
    const body = buildRequest(
      { messages: [{ role: "user", content: "Hi" }], extraBody: { seed: 1 } },
      resolve(),
      false,
    ) as unknown as Record<string, unknown>;
    expect(body.seed).toBe(1);
  });
});

describe("mistral: reasoning efforts by model", () => {
  const ask = (model: string, reasoningEffort: NonNullable<Config["reasoningEffort"]>) => () =>
    buildRequest(
      { messages: [{ role: "user", content: "Hi" }] },
      resolve({ model, reasoningEffort }),
      false,
    );

  it.each([
    ["mistral-small-latest", "high"],
    ["mistral-small-2603", "none"],
    ["mistral-medium-3-5", "none"],
    ["mistral-medium-latest", "high"],
    ["mistral-large-4-0", "low"],
    ["mistral-large-4", "medium"],
    ["magistral-medium-2509", "high"],
  ] as const)("%s takes reasoningEffort %s, sent as reasoning_effort", (model, effort) => {
    expect((ask(model, effort)() as { reasoning_effort?: string }).reasoning_effort).toBe(effort);
  });

  it.each([
    ["mistral-small-latest", "medium", "none, high"],
    ["mistral-medium-3-5", "low", "none, high"],
    ["mistral-large-4-0", "xhigh", "low, medium, high"],
    ["magistral-small-2509", "none", "high"],
  ] as const)(
    "%s refuses reasoningEffort %s before any request: it takes %s",
    (model, effort, takes) => {
      expect(ask(model, effort)).toThrow(ConfigError);
      expect(ask(model, effort)).toThrow(`takes reasoningEffort ${takes}`);
    },
  );
});
