import { describe, expect, it } from "vitest";
import {
  Agent,
  HistoryError,
  jsonTool,
  type Message,
  parseHistory,
  pendingToolCalls,
  serializeHistory,
  type ToolCallPart,
  type ToolDecision,
} from "../../src/index.js";
import { explainCacheMiss, replayFetch } from "../../src/testing/index.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";

/**
 * An approval round trip through the public API on models that bind reasoning to its prefix,
 * over synthesized cassettes whose requests golem built (fixtures/anthropic/approval-tool-loop,
 * fixtures/openai/responses-approval-tool-loop): the run pauses before its tool, the paused
 * messages go through serializeHistory / parseHistory, another agent resumes them, and the
 * resumed request is the paused one plus the turn and its answer, byte for byte, checked by
 * the prefix guard before it is sent.
 */

const cases: {
  provider: Provider;
  file: string;
  config: Record<string, unknown>;
  decision: ToolDecision;
  answer: string;
  ran: number;
}[] = [
  {
    provider: "anthropic",
    file: "approval-tool-loop",
    config: { model: "claude-opus-5-5", maxTokens: 8000, thinking: { adaptive: true } },
    decision: true,
    answer: "It is 40 °C in Florence right now.",
    ran: 1,
  },
  {
    provider: "openai",
    file: "responses-approval-tool-loop",
    config: { model: "gpt-6.2", api: "responses", reasoningEffort: "medium" },
    decision: { approved: false, reason: "Weather lookups are not approved today." },
    answer: "I can't look up the weather in Florence today: weather lookups are not approved.",
    ran: 0,
  },
];

const PROMPT = "What's the weather in Florence, Italy?";

/** One "process": a model over the cassette's replay (from interaction `from` on) and an agent. */
async function processOf(c: (typeof cases)[number], from = 0) {
  const cassette = loadCassette(c.provider, c.file);
  const fetch = replayFetch({ ...cassette, interactions: cassette.interactions.slice(from) });
  const model = await createModel(c.provider, c.config, fetch);
  const ran: unknown[] = [];
  const weather = jsonTool({
    ...WEATHER,
    needsApproval: true,
    execute: (args) => {
      ran.push(args);
      return "40 C";
    },
  });
  const agent = new Agent({ model, instructions: "You are a helpful assistant", tools: [weather] });
  return { agent, fetch, ran };
}

/** The paused run's messages as another process reads them back. */
async function pausedAndStored(c: (typeof cases)[number]) {
  const first = await processOf(c);
  const paused = await first.agent.run(PROMPT);
  expect(first.ran).toEqual([]);
  return { paused, stored: serializeHistory(paused.messages), first };
}

describe.each(cases)("approval on $provider ($file)", (c) => {
  it("resumes in another process: the resumed request extends the paused one byte for byte", async () => {
    const { paused, stored, first } = await pausedAndStored(c);
    expect(paused.pending).toHaveLength(1);
    const turn = paused.messages.at(-1) as Message;
    // The binding model's record of the paused turn: what the guard checks on resume.
    expect(turn.prefix).toBeDefined();

    const second = await processOf(c, 1);
    const pending = (paused.pending ?? []) as ToolCallPart[];
    const decisions = Object.fromEntries(pending.map((p) => [p.id, c.decision]));
    const result = await second.agent.resume(parseHistory(stored), decisions);
    expect(result.output).toBe(c.answer);
    expect(result.pending).toBeUndefined();
    expect(second.ran).toHaveLength(c.ran);
    second.fetch.assertDone();

    const before = first.fetch.requests[0]?.body as Record<string, unknown>;
    const after = second.fetch.requests[0]?.body as Record<string, unknown>;
    expect(explainCacheMiss(before, after)).toMatchObject({ extends: true });
    // Every field but the conversation is the same text; the conversation starts with the
    // paused request's, element for element.
    const list = c.provider === "openai" ? "input" : "messages";
    const turns = before[list] as unknown[];
    expect(
      JSON.stringify({ ...after, [list]: (after[list] as unknown[]).slice(0, turns.length) }),
    ).toBe(JSON.stringify(before));
    // The resumed answer carries its own record: the guard ran over the resumed request.
    expect(result.messages.at(-1)?.prefix).toBeDefined();
  });

  it("refuses a paused call whose arguments were edited, before the tool runs or a request goes out", async () => {
    const { stored } = await pausedAndStored(c);
    const history = parseHistory(stored);
    const turn = history.at(-1) as Message;
    const content = (turn.content as ToolCallPart[]).map((p) =>
      p.type === "tool-call" ? { ...p, arguments: '{"location":"Paris, France"}' } : p,
    );
    const edited = [...history.slice(0, -1), { ...turn, content }];
    const second = await processOf(c, 1);
    const id = (content.find((p) => p.type === "tool-call") as ToolCallPart).id;
    const err = await second.agent.resume(edited, { [id]: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(history.length - 1);
    expect(second.ran).toEqual([]);
    expect(second.fetch.requests).toHaveLength(0);
  });

  it("has the prefix guard refuse an edited prompt before the resumed request is sent", async () => {
    const { stored } = await pausedAndStored(c);
    const history = parseHistory(stored);
    const edited: Message[] = [
      { role: "user", content: "What's the weather in Paris?" },
      ...history.slice(1),
    ];
    const second = await processOf(c, 1);
    const [open] = pendingToolCalls(history);
    const id = (open as ToolCallPart).id;
    const err = await second.agent.resume(edited, { [id]: c.decision }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).path).toMatch(/^messages\.0/);
    expect(second.fetch.requests).toHaveLength(0);
  });
});
