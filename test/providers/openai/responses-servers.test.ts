import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields, ConfigError } from "../../../src/core/errors.js";
import { partsOf, thinkingOf } from "../../../src/core/parts.js";
import { thinkingBlockProblem } from "../../../src/core/thinking.js";
import type { Delta, Message } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/openai/index.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { buildResponsesRequest } from "../../../src/wires/openai-responses/request.js";
import { parseResponsesResponse } from "../../../src/wires/openai-responses/response.js";
import { RESPONSES_SERVERS, responsesServer } from "../../../src/wires/openai-responses/servers.js";
import { createResponsesStreamState } from "../../../src/wires/openai-responses/stream.js";
import { accumulate, withoutTags } from "../../contract/deltas.js";

class TestAPIError extends APIError {}

const ev = (type: string, fields: object = {}): SSERecord => ({
  event: type,
  data: JSON.stringify({ type, ...fields }),
  id: undefined,
});

function feed(records: SSERecord[], keepIds = false) {
  const m = createResponsesStreamState(
    {
      provider: "openai",
      requestId: undefined,
      toError: (f: APIErrorFields) => new TestAPIError(f),
    },
    keepIds,
  );
  const deltas: Delta[] = [];
  for (const r of records) deltas.push(...m.push(r));
  return { deltas, response: m.finish() };
}

const THOUGHT = "The user wants the weather. I call the tool.";
const ARGS = '{"location":"San Francisco"}';
const RAW_ITEM = {
  id: "rs_3yo6",
  type: "reasoning",
  status: "completed",
  summary: [],
  content: [{ type: "reasoning_text", text: THOUGHT }],
};
const CALL = {
  id: "fc_z9",
  type: "function_call",
  status: "completed",
  call_id: "call_2025",
  name: "weather",
  arguments: ARGS,
};
const completed = (output: object[]) =>
  ev("response.completed", { response: { id: "resp_1", status: "completed", output } });

describe("reasoning items of raw reasoning text (Open Responses servers)", () => {
  it("a reasoning item whose content is reasoning_text becomes a thinking part", () => {
    const res = parseResponsesResponse({ status: "completed", output: [RAW_ITEM, CALL] }, "openai");
    expect(res.message.content).toEqual([
      { type: "thinking", text: THOUGHT, provider: "openai-responses" },
      { type: "tool-call", id: "call_2025", name: "weather", arguments: ARGS },
    ]);
  });

  it("keeps the item's id on its first thinking part only where the server takes items back by id", () => {
    const kept = parseResponsesResponse(
      { status: "completed", output: [RAW_ITEM] },
      "openai",
      true,
    );
    expect(thinkingOf(kept.message)).toEqual([
      { type: "thinking", text: THOUGHT, provider: "openai-responses", id: "rs_3yo6" },
    ]);
    const plain = parseResponsesResponse({ status: "completed", output: [RAW_ITEM] }, "openai");
    expect(thinkingOf(plain.message)[0]?.id).toBeUndefined();
  });

  it.each([
    ["response.reasoning_text.delta", "response.reasoning_text.done"],
    ["response.reasoning.delta", "response.reasoning.done"],
  ])("streams %s as thinking text, the deltas summing to the final message", (delta, done) => {
    const at = { item_id: "rs_3yo6", output_index: 0, content_index: 0 };
    const { deltas, response } = feed([
      ev("response.output_item.added", { output_index: 0, item: { ...RAW_ITEM, content: [] } }),
      ev(delta, { ...at, delta: "The user wants" }),
      ev(delta, { ...at, delta: " the weather." }),
      ev(done, { ...at, text: "The user wants the weather." }),
      ev("response.output_item.done", {
        output_index: 0,
        item: {
          ...RAW_ITEM,
          content: [{ type: "reasoning_text", text: "The user wants the weather." }],
        },
      }),
      completed([]),
    ]);
    expect(deltas.slice(0, 2)).toEqual([
      { type: "thinking", index: 0, text: "The user wants" },
      { type: "thinking", index: 0, text: " the weather." },
    ]);
    expect(accumulate(deltas)).toEqual(withoutTags(partsOf(response.message)));
    expect(thinkingOf(response.message)[0]?.text).toBe("The user wants the weather.");
  });

  it("takes a call's arguments from function_call_arguments.done when no delta carried them", () => {
    const { deltas, response } = feed(
      [
        ev("response.output_item.added", { output_index: 0, item: { ...CALL, arguments: "" } }),
        ev("response.function_call_arguments.done", {
          item_id: "fc_z9",
          output_index: 0,
          arguments: ARGS,
        }),
      ].concat([completed([])]),
    );
    expect(deltas).toEqual([
      { type: "tool-call", index: 0, id: "call_2025", name: "weather" },
      { type: "tool-call", index: 0, arguments: ARGS },
    ]);
    expect(response.message.content).toEqual([
      { type: "tool-call", id: "call_2025", name: "weather", arguments: ARGS },
    ]);
  });

  it("reads an item that carries both a summary and raw text once, from the first one streamed", () => {
    const both = { ...RAW_ITEM, summary: [{ type: "summary_text", text: "Calls the tool." }] };
    const at = { item_id: "rs_3yo6", output_index: 0, summary_index: 0, content_index: 0 };
    const { deltas, response } = feed([
      ev("response.reasoning_text.delta", { ...at, delta: THOUGHT }),
      ev("response.reasoning_summary_text.delta", { ...at, delta: "Calls the tool." }),
      ev("response.output_item.done", { output_index: 0, item: both }),
      completed([both]),
    ]);
    expect(response.message.content).toEqual([
      { type: "thinking", text: THOUGHT, provider: "openai-responses" },
    ]);
    expect(accumulate(deltas)).toEqual(withoutTags(partsOf(response.message)));
  });

  it("a thinking part's id is a non-empty string, or the history is refused", () => {
    expect(thinkingBlockProblem({ type: "thinking", text: "x", id: "rs_1" })).toBeUndefined();
    expect(thinkingBlockProblem({ type: "thinking", text: "x", id: "" })).toBe(
      "has an id that is not a non-empty string",
    );
  });
});

const WEATHER = {
  name: "weather",
  description: "Get the weather in a location",
  parameters: { type: "object", properties: { location: { type: "string" } } },
};
const OPTS = { provider: "openai", model: "m" };
const ask: Message = { role: "user", content: "Weather in San Francisco?" };
const result: Message = { role: "tool", toolCallId: "call_2025", content: "18 C" };

describe("the request in each server's form", () => {
  const turn: Message = {
    role: "assistant",
    content: [
      { type: "thinking", text: THOUGHT, provider: "openai-responses", id: "rs_3yo6" },
      { type: "tool-call", id: "call_2025", name: "weather", arguments: ARGS },
      { type: "text", text: "Checking." },
    ],
  };

  it("sends raw reasoning back as an item with its id, reasoning_text content and encrypted_content null (DeepSeek, vLLM, LM Studio)", () => {
    const body = buildResponsesRequest(
      { messages: [ask, turn, result], tools: [WEATHER] },
      OPTS,
      false,
      RESPONSES_SERVERS.vllm,
    );
    expect(body.input.slice(1, 3)).toEqual([
      {
        type: "reasoning",
        id: "rs_3yo6",
        summary: [],
        content: [{ type: "reasoning_text", text: THOUGHT }],
        encrypted_content: null,
      },
      { type: "function_call", call_id: "call_2025", name: "weather", arguments: ARGS },
    ]);
  });

  it("leaves unsigned reasoning out for OpenAI, whose stateless replay needs encrypted content", () => {
    const body = buildResponsesRequest({ messages: [ask, turn, result] }, OPTS, false);
    expect(body.input.map((i) => (i as { type?: string }).type)).toEqual([
      undefined,
      "function_call",
      "message",
      "function_call_output",
    ]);
  });

  it("puts an assistant turn's calls after its text for DeepSeek, which refuses text between a call and its output", () => {
    const body = buildResponsesRequest(
      { messages: [ask, turn, result] },
      OPTS,
      false,
      RESPONSES_SERVERS.deepseek,
    );
    expect(body.input.map((i) => (i as { type?: string }).type)).toEqual([
      undefined,
      "reasoning",
      "message",
      "function_call",
      "function_call_output",
    ]);
  });

  it("types every input message for a server of the Open Responses spec", () => {
    const body = buildResponsesRequest(
      { messages: [ask] },
      OPTS,
      false,
      RESPONSES_SERVERS.lmstudio,
    );
    expect(body.input).toEqual([{ type: "message", role: "user", content: ask.content }]);
  });
});

describe("which server a baseURL is", () => {
  it.each([
    ["https://api.openai.com/v1", "openai"],
    ["https://api.x.ai/v1", "xai"],
    ["https://api.deepseek.com", "deepseek"],
    ["https://bedrock-mantle.us-east-1.api.aws/v1", "bedrock-mantle"],
    ["https://ollama.com/v1", "ollama"],
    ["https://openrouter.ai/api/v1", "openrouter"],
    ["http://localhost:1234/v1", "compatible"],
    ["https://lambda.us-east-1.api.aws/v1", "compatible"],
  ])("%s is %s", (baseURL, name) => {
    expect(responsesServer(baseURL).name).toBe(name);
  });

  it("is what `server` says where the host cannot say it", () => {
    expect(responsesServer("http://localhost:1234/v1", "lmstudio").name).toBe("lmstudio");
  });

  it("refuses a server golem has no profile for, before any request", () => {
    expect(() =>
      create({ apiKey: "k", model: "m", api: "responses", server: "nope" as "vllm" }),
    ).toThrow(ConfigError);
  });
});
