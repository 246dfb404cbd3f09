import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toolCallsOf } from "../../../src/core/parts.js";
import type { Delta, Message, Model, ModelResponse } from "../../../src/index.js";
import { create } from "../../../src/providers/bedrock/index.js";
import { type Cassette, replayFetch, responseBytes } from "../../../src/testing/index.js";
import { cutPoints, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

// The cassettes of the 0.2 parts rules: interleaved reasoning and tool use, and a redacted
// payload split over two deltas (sources in each file). replayFetch checks every request
// golem builds against the recorded one, so turn 2 proves the replay.
const CREDS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN",
};
const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};
const LOCAL_TIME = {
  name: "local_time",
  description: "Get the local time in a city",
  parameters: {
    properties: { city: { description: "the city", type: "string" } },
    required: ["city"],
    type: "object",
  },
};
const PROMPT =
  "What's the weather in Florence, Italy, and what time is it there? Use both tools, and think between the calls.";
const OPUS = "us.anthropic.claude-opus-4-6-v1";
const SONNET_3_7 = "us.anthropic.claude-3-7-sonnet-20250219-v1:0";
const made = (n: number) =>
  btoa(`golem made-up signature ${n}: not issued by Bedrock, not verifiable`);

function modelFor(cassette: Cassette, model: string, options = {}) {
  const fetch = replayFetch(cassette, options);
  const thinking = model === OPUS ? { adaptive: true as const } : { budgetTokens: 1024 as number };
  const config = model === OPUS ? { maxTokens: 8000 } : {};
  return {
    fetch,
    model: create({ region: "us-east-1", model, credentials: CREDS, fetch, thinking, ...config }),
  };
}

async function run(model: Model, stream: boolean, messages: Message[], tools?: object[]) {
  const req = tools ? { messages, tools: tools as (typeof WEATHER)[] } : { messages };
  if (!stream) return { response: await model.generate(req), deltas: [] as Delta[] };
  const s = model.stream(req);
  const deltas: Delta[] = [];
  for await (const d of s) deltas.push(d);
  return { response: await s.response, deltas };
}

/** The interleaved loop: turn 1, both tools answered, turn 2. */
async function interleaved(model: Model, stream: boolean) {
  const tools = [WEATHER, LOCAL_TIME];
  const messages: Message[] = [{ role: "user", content: PROMPT }];
  const turn1 = await run(model, stream, [...messages], tools);
  messages.push(turn1.response.message);
  for (const c of toolCallsOf(turn1.response.message)) {
    messages.push({
      role: "tool",
      toolCallId: c.id,
      content: c.name === "weather" ? "40 C" : "14:05",
    });
  }
  const turn2 = await run(model, stream, messages, tools);
  return { turn1, turn2 };
}

const TURN1_CALLS = {
  weather: {
    type: "tool-call",
    id: "tooluse_Fq2bXk7sR1uYl0nW4dZcAa",
    name: "weather",
  },
  time: { type: "tool-call", id: "tooluse_9mPqT3vLs0KdEe8yHh1JbB", name: "local_time" },
};
const R1 =
  "The user wants the weather and the local time in Florence. I'll ask the weather tool first.";
const R2 =
  "The weather call is out. The local time comes from the other tool; Florence is the city.";

describe("bedrock/interleaved-tool-loop", () => {
  const cassette = loadCassette("bedrock", "interleaved-tool-loop");

  it("parses [reasoning, toolUse, reasoning, toolUse] in order and replays it in turn 2", async () => {
    const { fetch, model } = modelFor(cassette, OPUS);
    const { turn1, turn2 } = await interleaved(model, false);
    expect(turn1.response.message.content).toEqual([
      { type: "thinking", text: R1, signature: made(1), provider: "bedrock" },
      { ...TURN1_CALLS.weather, arguments: '{"location":"Florence, Italy"}' },
      { type: "thinking", text: R2, signature: made(2), provider: "bedrock" },
      { ...TURN1_CALLS.time, arguments: '{"city":"Florence"}' },
    ]);
    expect(turn2.response.message.content).toEqual([
      { type: "text", text: "In Florence it is 40 C right now, and the local time is 14:05." },
    ]);
    fetch.assertDone();
  });
});

describe("bedrock/interleaved-tool-loop-stream", () => {
  const cassette = loadCassette("bedrock", "interleaved-tool-loop-stream");

  it("streams the same parts, arguments as they arrived, with deltas indexed by part", async () => {
    const { fetch, model } = modelFor(cassette, OPUS);
    const { turn1 } = await interleaved(model, true);
    expect(turn1.response.message.content).toEqual([
      { type: "thinking", text: R1, signature: made(1), provider: "bedrock" },
      { ...TURN1_CALLS.weather, arguments: '{"location": "Florence, Italy"}' },
      { type: "thinking", text: R2, signature: made(2), provider: "bedrock" },
      { ...TURN1_CALLS.time, arguments: '{"city": "Florence"}' },
    ]);
    const indexes = [...new Set(turn1.deltas.map((d) => `${d.type}@${d.index}`))];
    expect(indexes).toEqual(["thinking@0", "tool-call@1", "thinking@2", "tool-call@3"]);
    fetch.assertDone();
  });

  it("gives the same messages under any re-chunking of the frames", async () => {
    const length = responseBytes(cassette.interactions[0]!.response).length;
    await fc.assert(
      fc.asyncProperty(cutPoints(length), async (cuts) => {
        const { model } = modelFor(cassette, OPUS, { rechunk: rechunkAt(cuts) });
        const { turn1 } = await interleaved(model, true);
        expect(toolCallsOf(turn1.response.message).map((c) => c.arguments)).toEqual([
          '{"location": "Florence, Italy"}',
          '{"city": "Florence"}',
        ]);
      }),
      { numRuns: 15 },
    );
  });
});

describe("bedrock/redacted-split-stream", () => {
  const cassette = loadCassette("bedrock", "redacted-split-stream");
  const joined = "KXK7BE2W3yhxugNMld4ncLkCS5TdJm+4AUqT3CVutwBJktskbbb/SJHaI2y1/keQ2SI=";

  it("joins the two pieces as bytes and replays them as one redactedContent", async () => {
    const { fetch, model } = modelFor(cassette, SONNET_3_7);
    const first: Message[] = [
      {
        role: "user",
        content:
          "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253D5E2D82641AC0E52CC2876CB",
      },
    ];
    const turn1 = await run(model, true, first);
    expect(turn1.deltas[0]).toEqual({ type: "thinking", index: 0, redacted: joined });
    const { message } = turn1.response as ModelResponse;
    expect(message.content).toEqual([
      { type: "thinking", redacted: joined, provider: "bedrock" },
      {
        type: "text",
        text: "I can't share my reasoning for that one, but I'm happy to help with something else.",
      },
    ]);
    await run(model, true, [...first, message, { role: "user", content: "What was that?" }]);
    fetch.assertDone();
  });
});
