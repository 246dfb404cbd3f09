/**
 * The agent's append-only updates on the OpenAI Responses API: an agent that continues a
 * history bound by GPT-6.2 with other instructions or tools keeps the recorded `instructions`
 * and `tools`, and its changes arrive as the guide's items after the prompt.
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
import { describe, expect, it } from "vitest";
import { Agent, type Message, type Tool } from "../../src/index.js";
import { create } from "../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { time, weather } from "./update-tools.js";

const MODEL = "gpt-6.2";

const reply = (text: string, id: string) => ({
  id: `resp_${id}`,
  object: "response",
  status: "completed",
  model: MODEL,
  output: [
    { type: "reasoning", id: `rs_${id}`, summary: [], encrypted_content: `enc-${id}` },
    {
      type: "message",
      id: `msg_${id}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    },
  ],
  usage: { input_tokens: 10, output_tokens: 5 },
});

const modelOver = (fetch: typeof globalThis.fetch) =>
  create({ apiKey: "sk-test", model: MODEL, api: "responses", fetch });

async function run(history: Message[], instructions: string, tools: Tool[], id: string) {
  const { fetch, calls } = scriptedFetch([jsonResponse(200, reply("Noted.", id))]);
  const agent = new Agent({ model: modelOver(fetch), instructions, tools });
  const result = await agent.runWithHistory(history, history.length ? "And now?" : "Oslo?");
  expect(calls).toHaveLength(1);
  return { body: JSON.parse(calls[0]?.body ?? "{}"), messages: result.messages };
}

describe("an agent continuing a history bound on the Responses API", () => {
  it("keeps the recorded instructions and tools and appends its changes as items", async () => {
    const first = await run([], "Be terse.", [weather], "1");
    expect(first.messages[1]?.prefix?.setup?.system).toBe("Be terse.");
    const later = await run(first.messages, "Answer in French.", [weather, time], "2");
    // The prefix as it was: instructions and tools of the first request.
    expect(later.body.instructions).toBe(first.body.instructions);
    expect(later.body.tools).toEqual(first.body.tools);
    // The first request's input comes back whole, then the new turn and the update.
    expect(later.body.input.slice(0, first.body.input.length)).toEqual(first.body.input);
    const added = later.body.input.slice(first.body.input.length);
    expect(added).toContainEqual({ role: "developer", content: "Answer in French." });
    expect(added).toContainEqual(
      expect.objectContaining({
        type: "additional_tools",
        tools: [expect.objectContaining({ type: "function", name: "time" })],
      }),
    );
  });

  it("appends nothing when the agent's setup is the history's", async () => {
    const first = await run([], "Be terse.", [weather], "1");
    const later = await run(first.messages, "Be terse.", [weather], "2");
    const added = later.body.input.slice(first.body.input.length);
    expect(added.filter((i: { type?: string; role?: string }) => i.role === "developer")).toEqual(
      [],
    );
    expect(added.filter((i: { type?: string }) => i.type === "additional_tools")).toEqual([]);
  });
});
