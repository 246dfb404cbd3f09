/**
 * The model middleware seam and golem/sse in every runtime of the matrix: a recorded Anthropic
 * tool loop through an agent whose model is wrapped with `wrapModel`, streamed as server-sent
 * events and read back; then a wrapped stream left early. Web-standard APIs and golem's
 * exports only, like scenarios.ts; the result is JSON every runtime must reproduce.
 */
import { Agent, jsonTool, type Model, wrapModel } from "golem";
import * as anthropic from "golem/anthropic";
import { readRunStream, toEventStream } from "golem/sse";
import { parseCassette, replayFetch } from "golem/testing";

/** What the seam saw and what came back through the event stream. */
export interface SeamResult {
  /** One line per hook call, in order (deltas counted, not listed). */
  hooks: string[];
  deltas: number;
  events: number;
  /** The result read from the event stream equals the in-process run's, as JSON. */
  sameResult: boolean;
  /** What the hooks heard when the reader broke out of a wrapped stream. */
  cancelled: string;
}

const CASSETTE = "anthropic/thinking-tool-loop-stream";
const PROMPT = "What's the weather in Florence, Italy?";

const weather = jsonTool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
  execute: () => "40 C",
});

function model(cassettes: Record<string, unknown>): Model {
  return anthropic.create({
    apiKey: "test-key-0123456789",
    model: "claude-sonnet-4-20250514",
    maxTokens: 4096,
    thinking: { budgetTokens: 4000 },
    fetch: replayFetch(parseCassette(cassettes[CASSETTE])),
  });
}

const agentOf = (m: Model) =>
  new Agent({ model: m, tools: [weather], instructions: "You are a helpful assistant" });

/** Runs the probe; throws when the seam or the event stream misbehaves. */
export async function seamProbe(cassettes: Record<string, unknown>): Promise<SeamResult> {
  const hooks: string[] = [];
  let deltas = 0;
  const wrapped = wrapModel(model(cassettes), ({ request, streaming }) => {
    hooks.push(`call ${streaming ? "stream" : "generate"} ${request.messages.length}`);
    return {
      delta: () => void deltas++,
      response: (r) => void hooks.push(`response ${r.stopReason}`),
      error: (e) => void hooks.push(`error ${(e as Error).name}`),
    };
  });
  const read = readRunStream(toEventStream(agentOf(wrapped).runStream(PROMPT)));
  let events = 0;
  for await (const _ of read) events++;
  const viaEvents = await read.result;
  const direct = await agentOf(model(cassettes)).runStream(PROMPT).result;

  let cancelled = "";
  const early = wrapModel(model(cassettes), () => ({
    error: (e) => {
      cancelled = (e as Error).name;
    },
  }));
  const stream = early.stream({
    system: "You are a helpful assistant",
    messages: [{ role: "user", content: PROMPT }],
    tools: [weather],
  });
  for await (const _ of stream) break;
  return {
    hooks,
    deltas,
    events,
    sameResult: JSON.stringify(viaEvents) === JSON.stringify(direct),
    cancelled,
  };
}
