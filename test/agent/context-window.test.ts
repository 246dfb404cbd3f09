/**
 * `AgentOptions.contextWindow`: before each model call the agent counts the step's request
 * with the provider's own count endpoint (Anthropic's `/v1/messages/count_tokens` here, on a
 * cassette that checks every request) and stops the run, before the generate request, when
 * the count is above the limit. A limit the agent cannot check is a ConfigError at
 * construction: golem never estimates a count.
 */
import { describe, expect, it } from "vitest";
import {
  Agent,
  ConfigError,
  type ContextWindow,
  ContextWindowError,
  type Model,
  type RunEvent,
} from "../../src/index.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { type CassetteResponse, replayFetch } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";
import { inlineCassette, jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { ScriptedModel } from "./scripted-model.js";
import { weather } from "./update-tools.js";

const MODEL = "claude-haiku-4-5";
const URL = "https://api.anthropic.com/v1/messages";
const HEADERS = { "anthropic-version": "2023-06-01", "x-api-key": "<redacted>" };
const WEATHER = {
  name: "weather",
  description: "Weather in a city",
  input_schema: { type: "object", properties: { city: { type: "string" } } },
};
const ask = { role: "user", content: [{ type: "text", text: "Weather in Oslo?" }] };
const toolUse = { type: "tool_use", id: "tu_1", name: "weather", input: { city: "Oslo" } };
const toolResult = {
  role: "user",
  content: [
    { type: "tool_result", tool_use_id: "tu_1", content: [{ type: "text", text: "-3 C" }] },
  ],
};

/** What generate sends after `messages`, and the count request of the same step. */
const generate = (messages: object[]) => ({
  model: MODEL,
  max_tokens: 1024,
  messages,
  system: [{ type: "text", text: "Be terse." }],
  tools: [WEATHER],
});
const counted = (messages: object[]) => {
  const { max_tokens: _, ...body } = generate(messages);
  return body;
};
const answer = (content: object[], stop: string): CassetteResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: {
    id: "msg",
    type: "message",
    role: "assistant",
    model: MODEL,
    content,
    stop_reason: stop,
    usage: { input_tokens: 40, output_tokens: 9 },
  },
});
const tokens = (n: number): CassetteResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: { input_tokens: n },
});

/** A replayed fetch over `interactions`, each a count or a generate request and its answer. */
function cassette(interactions: [url: string, body: object, answer: CassetteResponse][]) {
  const c = inlineCassette(
    { provider: "anthropic", url: URL, headers: HEADERS },
    interactions.map(([, body, res]) => [body, res]),
  );
  c.interactions.forEach((x, i) => {
    x.request.url = interactions[i]?.[0] ?? URL;
  });
  return replayFetch(c);
}

function agentOver(fetch: typeof globalThis.fetch, contextWindow: number) {
  const model = anthropic.create({ apiKey: "k", model: MODEL, maxTokens: 1024, fetch });
  return new Agent({ model, instructions: "Be terse.", tools: [weather], contextWindow });
}

describe("Agent contextWindow", () => {
  it("under the limit: counts the step's request (generate's body, no max_tokens), then calls", async () => {
    const fetch = cassette([
      [`${URL}/count_tokens`, counted([ask]), tokens(40)],
      [URL, generate([ask]), answer([{ type: "text", text: "Cold." }], "end_turn")],
    ]);
    const result = await agentOver(fetch, 100).run("Weather in Oslo?");
    fetch.assertDone();
    expect(result.output).toBe("Cold.");
  });

  it("over the limit: a ContextWindowError with the run so far, no generate request", async () => {
    const fetch = cassette([[`${URL}/count_tokens`, counted([ask]), tokens(101)]]);
    const error = await agentOver(fetch, 100)
      .run("Weather in Oslo?")
      .catch((e: unknown) => e);
    fetch.assertDone();
    expect(error).toBeInstanceOf(ContextWindowError);
    expect(error).toMatchObject({
      inputTokens: 101,
      maxInputTokens: 100,
      steps: 0,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
    });
    expect((error as Error).message).toContain("101 input tokens, above the context window of 100");
  });

  it("checks every step: the second call's request is over, after a tool ran", async () => {
    const step2 = [ask, { role: "assistant", content: [toolUse] }, toolResult];
    const fetch = cassette([
      [`${URL}/count_tokens`, counted([ask]), tokens(40)],
      [URL, generate([ask]), answer([toolUse], "tool_use")],
      [`${URL}/count_tokens`, counted(step2), tokens(120)],
    ]);
    const error = (await agentOver(fetch, 100)
      .run("Weather in Oslo?")
      .catch((e: unknown) => e)) as ContextWindowError;
    fetch.assertDone();
    expect(error).toBeInstanceOf(ContextWindowError);
    expect(error.steps).toBe(1);
    expect(error.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(error.usage).toMatchObject({ inputTokens: 40, outputTokens: 9 });
  });

  it("runStream stops the same way: result rejects, no generate request", async () => {
    const fetch = cassette([[`${URL}/count_tokens`, counted([ask]), tokens(500)]]);
    const stream = agentOver(fetch, 100).runStream("Weather in Oslo?");
    const events: RunEvent[] = [];
    const error = await (async () => {
      for await (const e of stream) events.push(e);
    })().catch((e: unknown) => e);
    fetch.assertDone();
    expect(error).toBeInstanceOf(ContextWindowError);
    await expect(stream.result).rejects.toBeInstanceOf(ContextWindowError);
    expect(events.map((e) => e.type)).toEqual(["message"]);
  });

  it("reads maxInputTokens from the model's capabilities (the models API cassette)", async () => {
    const meta = replayFetch(loadCassette("models/anthropic", "model-metadata"));
    const caps = await anthropic.capabilities("claude-sonnet-5-5", { apiKey: "k", fetch: meta });
    expect(caps.maxInputTokens).toBe(1_000_000);
    const { fetch, calls } = scriptedFetch([jsonResponse(200, { input_tokens: 1_000_001 })]);
    const model = anthropic.create({
      apiKey: "k",
      model: "claude-sonnet-5-5",
      maxTokens: 1024,
      capabilities: caps,
      fetch,
    });
    const error = await new Agent({ model, contextWindow: caps })
      .run("Hi")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ inputTokens: 1_000_001, maxInputTokens: 1_000_000 });
    expect(calls.map((c) => c.url)).toEqual([`${URL}/count_tokens`]);
  });

  it("a count the API cannot make (Chat Completions) rejects the run before any request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = openai.create({ apiKey: "k", model: "gpt-6.1-sol", fetch });
    const error = await new Agent({ model, contextWindow: 1000 })
      .run("Hi")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('api: "responses"');
    expect(calls).toHaveLength(0);
  });
});

describe("Agent contextWindow refused at construction", () => {
  const counting = anthropic.create({ apiKey: "k", model: MODEL, maxTokens: 1024 });
  const noCount: Model = new ScriptedModel([]);

  it.each([
    [
      "a model without countTokens",
      noCount,
      100,
      "has no countTokens, so the window cannot be checked (golem does not estimate a count)",
    ],
    [
      "capabilities that report no maxInputTokens",
      counting,
      { model: MODEL, source: "table", checked: "2026-12-01" },
      `the capabilities of ${MODEL} report no maxInputTokens`,
    ],
    ["zero", counting, 0, "must be a whole number of input tokens, at least 1 (got 0)"],
    ["a fraction", counting, 1.5, "at least 1 (got 1.5)"],
  ] as [string, Model, ContextWindow, string][])("%s", (_name, model, contextWindow, message) => {
    const make = () => new Agent({ model, contextWindow });
    expect(make).toThrow(ConfigError);
    expect(make).toThrow(message);
  });
});
