import { describe, expect, it } from "vitest";
import { runCassette } from "../../contract/table.js";

// The cassettes of the 0.2 parts rules: interleaved reasoning and tool use, and a redacted
// payload split over two deltas (sources in each file), each run by its contract-table row.
// replayFetch checks every request golem builds against the recorded one, so turn 2 proves
// the replay; the laws prove stream = generate and the same result under any re-chunking.
const made = (n: number) =>
  btoa(`golem made-up signature ${n}: not issued by Bedrock, not verifiable`);

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
  it("parses [reasoning, toolUse, reasoning, toolUse] in order and replays it in turn 2", async () => {
    const { fetch, turns, error } = await runCassette("bedrock", "interleaved-tool-loop");
    expect(error).toBe(undefined);
    expect(turns[0]?.response?.message.content).toEqual([
      { type: "thinking", text: R1, signature: made(1), provider: "bedrock" },
      { ...TURN1_CALLS.weather, arguments: '{"location":"Florence, Italy"}' },
      { type: "thinking", text: R2, signature: made(2), provider: "bedrock" },
      { ...TURN1_CALLS.time, arguments: '{"city":"Florence"}' },
    ]);
    expect(turns[1]?.response?.message.content).toEqual([
      { type: "text", text: "In Florence it is 40 C right now, and the local time is 14:05." },
    ]);
    fetch.assertDone();
  });
});

describe("bedrock/interleaved-tool-loop-stream", () => {
  it("streams the same parts, arguments as they arrived, with deltas indexed by part", async () => {
    const { fetch, turns, error } = await runCassette("bedrock", "interleaved-tool-loop-stream");
    expect(error).toBe(undefined);
    const [turn1] = turns;
    expect(turn1?.response?.message.content).toEqual([
      { type: "thinking", text: R1, signature: made(1), provider: "bedrock" },
      { ...TURN1_CALLS.weather, arguments: '{"location": "Florence, Italy"}' },
      { type: "thinking", text: R2, signature: made(2), provider: "bedrock" },
      { ...TURN1_CALLS.time, arguments: '{"city": "Florence"}' },
    ]);
    const indexes = [...new Set(turn1?.deltas.map((d) => `${d.type}@${d.index}`))];
    expect(indexes).toEqual(["thinking@0", "tool-call@1", "thinking@2", "tool-call@3"]);
    fetch.assertDone();
  });
});

describe("bedrock/redacted-split-stream", () => {
  const joined = "KXK7BE2W3yhxugNMld4ncLkCS5TdJm+4AUqT3CVutwBJktskbbb/SJHaI2y1/keQ2SI=";

  it("joins the two pieces as bytes and replays them as one redactedContent", async () => {
    const { fetch, turns, error } = await runCassette("bedrock", "redacted-split-stream");
    expect(error).toBe(undefined);
    const [turn1, turn2] = turns;
    expect(turn1?.deltas[0]).toEqual({ type: "thinking", index: 0, redacted: joined });
    expect(turn1?.response?.message.content).toEqual([
      { type: "thinking", redacted: joined, provider: "bedrock" },
      {
        type: "text",
        text: "I can't share my reasoning for that one, but I'm happy to help with something else.",
      },
    ]);
    expect(turn2?.request.messages[1]).toBe(turn1?.response?.message);
    fetch.assertDone();
  });
});
