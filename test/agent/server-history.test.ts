import { describe, expect, it } from "vitest";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { Agent, tool } from "../../src/index.js";
import { create as anthropic } from "../../src/platforms/anthropic/index.js";
import { create as openai } from "../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { threadError } from "../helpers/thread-error.js";

// A 3-step agent run with serverHistory on: answers synthesized from the SDKs' types.
const weather = tool({
  name: "weather",
  description: "the weather",
  parameters: {
    "~standard": { version: 1, vendor: "t", validate: (v: unknown) => ({ value: v }) },
  },
  jsonSchema: { type: "object" },
  execute: () => "-3 C",
});
const claude = (n: number, last = false) => ({
  id: `msg_${n}`,
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-6",
  content: last
    ? [{ type: "text", text: "Cold." }]
    : [{ type: "tool_use", id: `call_${n}`, name: "weather", input: {} }],
  stop_reason: last ? "end_turn" : "tool_use",
  usage: { input_tokens: 10, output_tokens: 5 },
});
const gpt = (n: number, last = false) => ({
  id: `resp_${n}`,
  object: "response",
  status: "completed",
  model: "gpt-6.1",
  output: last
    ? [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "Cold." }] }]
    : [{ type: "function_call", call_id: `call_${n}`, name: "weather", arguments: "{}" }],
  usage: { input_tokens: 10, output_tokens: 5 },
});

/** A Claude model with serverHistory on, answered in turn by `responses`; and its requests. */
function threadedClaude(responses: Parameters<typeof scriptedFetch>[0]) {
  const { fetch, calls } = scriptedFetch(responses);
  const model = anthropic({
    apiKey: "k",
    model: "claude-sonnet-4-6",
    maxTokens: 256,
    fetch,
    serverHistory: true,
  });
  return { model, calls };
}

describe("an agent run with serverHistory on", () => {
  it("on Anthropic sends the whole history once, then only the new messages on steps 2 and 3", async () => {
    const { model, calls } = threadedClaude([
      jsonResponse(200, claude(1)),
      jsonResponse(200, claude(2)),
      jsonResponse(200, claude(3, true)),
    ]);
    const result = await new Agent({ model, tools: [weather], instructions: "Be terse." }).run(
      "Weather?",
    );
    const bodies = calls.map((c) => JSON.parse(c.body));
    expect(bodies[0].thread).toEqual({ type: "create" });
    expect(bodies[1].thread).toEqual({ type: "continue", previous_message_id: "msg_1" });
    expect(bodies[1].messages).toHaveLength(1);
    expect(bodies[1].messages[0].content[0].tool_use_id).toBe("call_1");
    expect(bodies[2].thread).toEqual({ type: "continue", previous_message_id: "msg_2" });
    expect(bodies[2].messages).toHaveLength(1);
    expect(result.output).toBe("Cold.");
    expect(result.serverHistory).toEqual([
      { step: 1, sent: "full", id: "msg_1", bytes: calls[0]?.body.length },
      { step: 2, sent: "suffix", id: "msg_2", bytes: calls[1]?.body.length },
      { step: 3, sent: "suffix", id: "msg_3", bytes: calls[2]?.body.length },
    ]);
  });

  it("on Anthropic continues the thread across runWithHistory with a stored history", async () => {
    const { model, calls } = threadedClaude([
      jsonResponse(200, claude(1, true)),
      jsonResponse(200, claude(2, true)),
    ]);
    const agent = new Agent({ model, instructions: "Be terse." });
    const first = await agent.run("Weather?");
    const stored = parseHistory(serializeHistory(first.messages));
    const second = await agent.runWithHistory(stored, "And tomorrow?");
    const body = JSON.parse(calls[1]?.body ?? "");
    expect(body.thread).toEqual({ type: "continue", previous_message_id: "msg_1" });
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "And tomorrow?" }] },
    ]);
    expect(second.serverHistory?.[0]).toMatchObject({ step: 1, sent: "suffix" });
  });

  it("on OpenAI Responses sends only the new input items on steps 2 and 3", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, gpt(1)),
      jsonResponse(200, gpt(2)),
      jsonResponse(200, gpt(3, true)),
    ]);
    const model = openai({
      apiKey: "k",
      model: "gpt-6.1",
      api: "responses",
      fetch,
      serverHistory: true,
    });
    const result = await new Agent({ model, tools: [weather], instructions: "Be terse." }).run(
      "Weather?",
    );
    const bodies = calls.map((c) => JSON.parse(c.body));
    expect(bodies[0].previous_response_id).toBeUndefined();
    expect(bodies[1].previous_response_id).toBe("resp_1");
    expect(bodies[1].input).toEqual([
      { type: "function_call_output", call_id: "call_1", output: "-3 C" },
    ]);
    expect(bodies[2].previous_response_id).toBe("resp_2");
    expect(bodies[2].input).toEqual([
      { type: "function_call_output", call_id: "call_2", output: "-3 C" },
    ]);
    expect(result.serverHistory?.map((s) => s.sent)).toEqual(["full", "suffix", "suffix"]);
  });

  it("reports a step's fallback", async () => {
    const { model } = threadedClaude([
      jsonResponse(200, claude(1)),
      threadError(404, "thread_not_found", "gone"),
      jsonResponse(200, claude(2, true)),
    ]);
    const result = await new Agent({ model, tools: [weather] }).run("Weather?");
    expect(result.serverHistory?.[1]).toMatchObject({
      step: 2,
      sent: "full",
      fallback: "thread_not_found",
    });
  });

  it("leaves the field out when the option is off", async () => {
    const { fetch } = scriptedFetch([jsonResponse(200, claude(1, true))]);
    const model = anthropic({ apiKey: "k", model: "claude-sonnet-4-6", maxTokens: 256, fetch });
    expect(await new Agent({ model }).run("Hi")).not.toHaveProperty("serverHistory");
  });
});
