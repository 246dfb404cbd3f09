/**
 * Vertex streams a function call's arguments in pieces (`partialArgs`, `willContinue`) when
 * asked to: the stream assembles them into one tool call whose arguments are JSON, keeps the
 * signature of the call's first part, and replays the call whole on the next turn.
 */
import { describe, expect, it } from "vitest";
import { toolCallsOf } from "../../../src/core/parts.js";
import { replayFetch } from "../../../src/testing/index.js";
import { collect, createModel } from "../../contract/adapters.js";
import { WEATHER } from "../../contract/table.js";
import { loadCassette } from "../../helpers/cassettes.js";

const cassette = loadCassette("vertex", "gemini-partial-args-stream");
const CONFIG = {
  model: "gemini-3-pro-preview",
  location: "us-central1",
  thinking: { includeThoughts: true, level: "high" },
  extraBody: { toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } } },
};

/** The signature on the recorded call's first part. */
function recordedSignature(): string {
  const chunks = cassette.interactions[0]?.response.chunks ?? [];
  const first = JSON.parse(String(chunks[0]).slice("data: ".length));
  return first.candidates[0].content.parts[0].thoughtSignature;
}

describe("Vertex's streamed function-call arguments", () => {
  it("assemble into one tool call with JSON arguments and the call's signature", async () => {
    const fetch = replayFetch(cassette);
    const model = await createModel("vertex", CONFIG, fetch);
    const request = {
      system: "You are a helpful assistant",
      messages: [{ role: "user" as const, content: "What's the weather in Florence, Italy?" }],
      tools: [WEATHER],
      toolChoice: "auto" as const,
    };
    const stream = model.stream(request);
    const deltas = await collect(stream);
    const { message } = await stream.response;
    const calls = toolCallsOf(message);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      name: "weather",
      id: "9d532gc9",
      arguments: '{"location":"Florence, Italy"}',
      signature: recordedSignature(),
      provider: "vertex",
    });
    expect(JSON.parse(calls[0]?.arguments ?? "")).toEqual({ location: "Florence, Italy" });
    // One part: its deltas share an index, and their argument pieces add up to the JSON.
    const callDeltas = deltas.filter((d) => d.type === "tool-call");
    expect(new Set(callDeltas.map((d) => d.index)).size).toBe(1);
    expect(callDeltas.map((d) => d.arguments ?? "").join("")).toBe(calls[0]?.arguments);

    // The next turn sends the call back whole: name, id, args and signature on one part.
    const next = model.stream({
      ...request,
      messages: [
        ...request.messages,
        message,
        { role: "tool", toolCallId: "9d532gc9", content: "40 C" },
      ],
    });
    await collect(next);
    await next.response;
    fetch.assertDone();
  });
});
