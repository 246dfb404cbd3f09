import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import type { Message, ToolSpec } from "../../../src/core/types.js";
import * as azure from "../../../src/platforms/azure/index.js";
import { create } from "../../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

// Stored responses (previous_response_id with store: true), answers synthesized from the
// openai SDK's types (ResponseCreateParams, Response) and the conversation-state guide.
const MODEL = "gpt-6.1";
const TOOLS: ToolSpec[] = [
  { name: "weather", description: "the weather", parameters: { type: "object", properties: {} } },
];
const turn = (n: number) => ({
  id: `resp_${n}`,
  object: "response",
  status: "completed",
  model: MODEL,
  output: [
    { type: "reasoning", id: `rs_${n}`, summary: [], encrypted_content: `enc-${n}` },
    { type: "function_call", call_id: `call_${n}`, name: "weather", arguments: '{"city":"Oslo"}' },
  ],
  usage: { input_tokens: 10, output_tokens: 5 },
});
const notFound = jsonResponse(400, {
  error: {
    message: "Previous response with id 'resp_1' not found.",
    type: "invalid_request_error",
    param: "previous_response_id",
    code: "previous_response_not_found",
  },
});

function model(answers: (() => Response)[], serverHistory = true) {
  const { fetch, calls } = scriptedFetch(answers);
  const m = create({ apiKey: "k", model: MODEL, api: "responses", fetch, serverHistory });
  return { model: m, calls, body: (i: number) => JSON.parse(calls[i]?.body ?? "null") };
}

async function step(m: ReturnType<typeof model>["model"], history: Message[], n: number) {
  const r = await m.generate({ system: "Be terse.", tools: TOOLS, messages: history });
  history.push(r.message, { role: "tool", toolCallId: `call_${n}`, content: "-3 C" });
  return r;
}

describe("openai Responses serverHistory: stored responses", () => {
  it("a three-step tool loop stores each response and sends only the new input on steps 2 and 3", async () => {
    const { model: m, body } = model([
      jsonResponse(200, turn(1)),
      jsonResponse(200, turn(2)),
      jsonResponse(200, turn(3)),
    ]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await step(m, history, 1);
    const second = await step(m, history, 2);
    const third = await step(m, history, 3);

    expect(body(0).store).toBe(true);
    expect(body(0).previous_response_id).toBeUndefined();
    expect(body(0).input).toHaveLength(1);
    expect(first.serverHistory).toEqual({ sent: "full", id: "resp_1" });

    // Only the function call's output; instructions and tools are per request, so they stay.
    expect(body(1)).toMatchObject({ store: true, previous_response_id: "resp_1" });
    expect(body(1).input).toEqual([
      { type: "function_call_output", call_id: "call_1", output: "-3 C" },
    ]);
    expect(body(1).instructions).toBe("Be terse.");
    expect(body(1).tools).toHaveLength(1);
    expect(second.serverHistory).toEqual({ sent: "suffix", id: "resp_2" });

    expect(body(2).previous_response_id).toBe("resp_2");
    expect(body(2).input).toEqual([
      { type: "function_call_output", call_id: "call_2", output: "-3 C" },
    ]);
    expect(third.serverHistory).toEqual({ sent: "suffix", id: "resp_3" });
  });

  it("previous_response_not_found sends the whole history, stored, in the same call", async () => {
    const {
      model: m,
      calls,
      body,
    } = model([jsonResponse(200, turn(1)), notFound, jsonResponse(200, turn(2))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history, 1);
    const r = await step(m, history, 2);
    expect(calls).toHaveLength(3);
    expect(body(1).previous_response_id).toBe("resp_1");
    expect(body(2).previous_response_id).toBeUndefined();
    expect(body(2).store).toBe(true);
    expect(body(2).input).toHaveLength(4);
    expect(r.serverHistory).toEqual({
      sent: "full",
      id: "resp_2",
      fallback: "previous_response_not_found",
    });
  });

  it("an edited earlier turn sends the whole history, never a suffix", async () => {
    const { model: m, body } = model([jsonResponse(200, turn(1)), jsonResponse(200, turn(2))]);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m, history, 1);
    history[0] = { role: "user", content: "Weather in Bergen?" };
    const r = await m.generate({ system: "Be terse.", tools: TOOLS, messages: history });
    expect(body(1).previous_response_id).toBeUndefined();
    expect(body(1).input).toHaveLength(4);
    expect(r.serverHistory?.fallback).toBe("history_changed");
  });

  it("is refused on Chat Completions and on a compatible server", () => {
    expect(() => create({ apiKey: "k", model: MODEL, serverHistory: true })).toThrow(ConfigError);
    expect(() =>
      create({
        apiKey: "k",
        model: MODEL,
        api: "responses",
        server: "vllm",
        baseURL: "http://localhost:8000/v1",
        serverHistory: true,
      }),
    ).toThrow(/serverHistory/);
  });

  it("azure with api: responses continues stored responses too", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, turn(1)),
      jsonResponse(200, turn(2)),
    ]);
    const m = azure.create({
      apiKey: "k",
      endpoint: "https://r.openai.azure.com",
      deployment: "gpt-6.1",
      api: "responses",
      fetch,
      serverHistory: true,
    });
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    await step(m as never, history, 1);
    await step(m as never, history, 2);
    expect(JSON.parse(calls[1]?.body ?? "").previous_response_id).toBe("resp_1");
  });
});
