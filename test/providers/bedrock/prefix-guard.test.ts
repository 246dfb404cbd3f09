import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../../src/core/history.js";
import type { Message, ModelRequest, ToolSpec } from "../../../src/core/types.js";
import { create } from "../../../src/platforms/bedrock/index.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

// Claude Fable 5.1 runs the prefix check on Bedrock (the thinking-block-binding page).
const MODEL = "us.anthropic.claude-fable-5-1-v1:0";
const TOOLS: ToolSpec[] = [
  { name: "weather", description: "the weather", parameters: { type: "object", properties: {} } },
];
const answer = (content: unknown[], stopReason = "end_turn") => ({
  output: { message: { role: "assistant", content } },
  stopReason,
  usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
});
const TURN_1 = answer(
  [
    { reasoningContent: { reasoningText: { text: "Need the weather.", signature: "sig-1" } } },
    { toolUse: { toolUseId: "call_1", name: "weather", input: { city: "Oslo" } } },
  ],
  "tool_use",
);
const DONE = answer([{ text: "Cold." }]);

function modelAnswering(bodies: unknown[], extra: Record<string, unknown> = {}) {
  const { fetch, calls } = scriptedFetch(bodies.map((b) => jsonResponse(200, b)));
  const model = create({ region: "us-east-1", apiKey: "bearer", model: MODEL, fetch, ...extra });
  return { model, calls };
}

async function conversation(): Promise<Message[]> {
  const { model } = modelAnswering([TURN_1]);
  const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
  const first = await model.generate({ system: "Be terse.", tools: TOOLS, messages: history });
  history.push(first.message, { role: "tool", toolCallId: "call_1", content: "-3 C" });
  return history;
}

const cases: [string, (r: ModelRequest) => ModelRequest, number, string][] = [
  ["the system prompt changed", (r) => ({ ...r, system: "Be verbose." }), 1, "system"],
  [
    "an earlier message edited",
    (r) => ({ ...r, messages: [{ role: "user", content: "Bergen?" }, ...r.messages.slice(1)] }),
    0,
    "messages.0.content.0",
  ],
  [
    "the reasoning removed",
    (r) => ({
      ...r,
      messages: r.messages.map((m, i) =>
        i === 1 && Array.isArray(m.content) ? { ...m, content: m.content.slice(1) } : m,
      ),
    }),
    1,
    "messages.1.content.0",
  ],
];

describe("bedrock prefix check", () => {
  for (const viaJSON of [false, true]) {
    for (const [name, edit, index, path] of cases) {
      it(`refuses ${name} before any request${viaJSON ? " (after JSON)" : ""}`, async () => {
        const history = await conversation();
        const messages = viaJSON ? parseHistory(serializeHistory(history)) : history;
        const { model, calls } = modelAnswering([DONE]);
        const err = await model
          .generate(edit({ system: "Be terse.", tools: TOOLS, messages }))
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(HistoryError);
        expect(err).toMatchObject({ index, path });
        expect(calls).toHaveLength(0);
      });
    }
  }

  it("lets a late system message through: Fable 5.1 takes it in place, the prefix unchanged", async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([DONE]);
    const late: Message = { role: "system", content: "Use Celsius." };
    await model.generate({ system: "Be terse.", tools: TOOLS, messages: [...history, late] });
    expect(calls).toHaveLength(1);
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.system).toEqual([{ text: "Be terse." }]);
    expect(body.messages.at(-1)).toEqual({ role: "system", content: [{ text: "Use Celsius." }] });
  });

  it("still refuses a late system message folded into system, on a model without the system role", async () => {
    const sonnet = { model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0", prefixCheck: "error" };
    const first = modelAnswering([TURN_1], sonnet);
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    const turn = await first.model.generate({
      system: "Be terse.",
      tools: TOOLS,
      messages: history,
    });
    history.push(turn.message, { role: "tool", toolCallId: "call_1", content: "-3 C" });
    const { model, calls } = modelAnswering([DONE], sonnet);
    const late: Message = { role: "system", content: "Use Celsius." };
    const err = await model
      .generate({ system: "Be terse.", tools: TOOLS, messages: [...history, late] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect(err).toMatchObject({ index: 1, path: "system" });
    expect(calls).toHaveLength(0);
  });

  it("lets cache points move: they are markers, not prefix", async () => {
    const history = await conversation();
    const { model, calls } = modelAnswering([DONE], { cache: "auto" });
    await model.generate({ system: "Be terse.", tools: TOOLS, messages: history });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain("cachePoint");
  });
});
