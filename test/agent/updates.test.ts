import { describe, expect, it } from "vitest";
import { Agent, HistoryError, type Message, type Tool } from "../../src/index.js";
import { create } from "../../src/platforms/anthropic/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { ScriptedModel, answer as scripted } from "./scripted-model.js";
import { TIME_ADDITION, time, weather } from "./update-tools.js";

// A model that binds reasoning to its prefix: the agent must keep the history's setup.
const MODEL = "claude-opus-5-5";

const reply = (text: string, sig: string) => ({
  id: "msg",
  type: "message",
  role: "assistant",
  model: MODEL,
  content: [
    { type: "thinking", thinking: "t", signature: sig },
    { type: "text", text },
  ],
  stop_reason: "end_turn",
  usage: { input_tokens: 10, output_tokens: 5 },
});

/** A first run by an agent with `instructions` and `tools`, over a fetch that records. */
async function firstRun(): Promise<Message[]> {
  const { fetch } = scriptedFetch([jsonResponse(200, reply("Cold.", "s1"))]);
  const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
  const agent = new Agent({ model, instructions: "Be terse.", tools: [weather] });
  return (await agent.run("Weather in Oslo?")).messages;
}

/** A later run over `history` by an agent with `instructions` and `tools`; the body it sent. */
async function laterRun(history: Message[], instructions: string, tools: Tool[]) {
  const { fetch, calls } = scriptedFetch([jsonResponse(200, reply("Noted.", "s2"))]);
  const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
  const result = await new Agent({ model, instructions, tools }).runWithHistory(
    history,
    "And now?",
  );
  expect(calls).toHaveLength(1);
  return { body: JSON.parse(calls[0]?.body ?? "{}"), result };
}

const WEATHER_WIRE = {
  name: "weather",
  description: "Weather in a city",
  input_schema: { type: "object", properties: { city: { type: "string" } } },
};

describe("an agent continuing a bound history keeps its prefix", () => {
  it("records the first request's system and tools on the first recorded turn", async () => {
    const history = await firstRun();
    expect(history[1]?.prefix?.setup).toEqual({
      system: "Be terse.",
      tools: [
        {
          name: "weather",
          description: "Weather in a city",
          parameters: WEATHER_WIRE.input_schema,
        },
      ],
    });
  });

  it.each([
    {
      name: "instructions changed: appended as a system message after the prompt",
      instructions: "Answer in French.",
      tools: [weather],
      last: { role: "system", content: [{ type: "text", text: "Answer in French." }] },
    },
    {
      name: "a tool added: a tool_addition by value",
      instructions: "Be terse.",
      tools: [weather, time],
      last: {
        role: "system",
        content: [TIME_ADDITION],
      },
    },
    {
      name: "a tool removed: a tool_removal",
      instructions: "Be terse.",
      tools: [time],
      last: {
        role: "system",
        content: [
          { type: "tool_removal", tool: { type: "tool_reference", name: "weather" } },
          TIME_ADDITION,
        ],
      },
    },
  ])("$name", async ({ instructions, tools, last }) => {
    const history = await firstRun();
    const { body, result } = await laterRun(history, instructions, tools);
    expect(body.system).toEqual([{ type: "text", text: "Be terse." }]);
    expect(body.tools).toEqual([WEATHER_WIRE]);
    expect(body.messages.at(-2)).toEqual({
      role: "user",
      content: [{ type: "text", text: "And now?" }],
    });
    expect(body.messages.at(-1)).toEqual(last);
    // The evidence holds the update, so the next run finds these in force and adds nothing.
    expect(result.messages[3]?.role).toBe("system");
    const again = await laterRun(result.messages, instructions, tools);
    expect(again.result.messages.slice(result.messages.length + 1).map((m) => m.role)).toEqual([
      "assistant",
    ]);
  });

  it("nothing changed: no update message", async () => {
    const history = await firstRun();
    const { body, result } = await laterRun(history, "Be terse.", [weather]);
    expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(body.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: "And now?" }],
    });
  });

  it("runStream with a history appends the same update", async () => {
    const history = await firstRun();
    const { fetch, calls } = scriptedFetch([jsonResponse(200, reply("Oui.", "s3"))]);
    // The answer is JSON, not an event stream, so the run fails after the request it reads.
    const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
    const streamed = new Agent({
      model,
      instructions: "Answer in French.",
      tools: [weather],
    }).runStream("Et maintenant?", {
      history,
    });
    await streamed.result.catch(() => undefined);
    expect(JSON.parse(calls[0]?.body ?? "{}").messages.at(-1)).toEqual({
      role: "system",
      content: [{ type: "text", text: "Answer in French." }],
    });
  });

  it("on Converse a tool the first request did not declare is refused: Converse adds tools by name only", async () => {
    const converse = (text: string) => ({
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "t", signature: "s1" } } },
            { text },
          ],
        },
      },
      stopReason: "end_turn",
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    });
    const { fetch, calls } = scriptedFetch([jsonResponse(200, converse("Cold."))]);
    const model = bedrock.create({
      region: "us-east-1",
      apiKey: "bearer",
      model: "us.anthropic.claude-fable-5-1-v1:0",
      fetch,
    });
    const first = await new Agent({ model, instructions: "Be terse.", tools: [weather] }).run(
      "Weather?",
    );
    expect(first.messages[1]?.prefix?.setup?.system).toBe("Be terse.");
    const later = new Agent({ model, instructions: "Be terse.", tools: [weather, time] });
    const err = await later
      .runWithHistory(first.messages, "And the time?")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).message).toMatch(
      /adds tool "time".*declare it in the request's tools/,
    );
    expect(calls).toHaveLength(1);
  });

  it("without a recorded setup, behaves as before: the agent's own go top-level", async () => {
    const model = new ScriptedModel([scripted("ok")]);
    const history: Message[] = [
      { role: "user", content: "Hi" },
      { role: "assistant", content: [{ type: "text", text: "Hello" }] },
    ];
    await new Agent({ model, instructions: "Answer in French.", tools: [time] }).runWithHistory(
      history,
      "Now?",
    );
    expect(model.requests[0]?.system).toBe("Answer in French.");
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(["time"]);
    expect(model.requests[0]?.messages).toHaveLength(3);
  });
});
