import { describe, expect, it } from "vitest";
import { dropOldThinking, type HistoryProcessor } from "../../src/agent/processors.js";
import type { Message, ModelRequest } from "../../src/core/types.js";
import { Agent, jsonTool } from "../../src/index.js";
import { type CacheMiss, explainCacheMiss, watchCacheMisses } from "../../src/testing/index.js";
import { buildRequest as anthropicBody } from "../../src/wires/messages/request.js";
import { answer, ScriptedModel } from "../agent/scripted-model.js";
import { WEATHER } from "../contract/table.js";

const CFG = {
  model: "claude-sonnet-4-6",
  settings: { maxTokens: 4096 },
  thinking: undefined,
  effort: undefined,
};
const body = (req: ModelRequest) =>
  anthropicBody(req, { ...CFG, cache: { auto: true } }, false) as unknown;

const thought = (text: string) => ({
  type: "thinking" as const,
  text,
  signature: `sig-${text}`,
  provider: "anthropic",
});
const call = (id: string) => ({
  type: "tool-call" as const,
  id,
  name: "weather",
  arguments: '{"location":"Florence"}',
});

/** Two turns; the second is a tool loop whose first step thought before calling a tool. */
const u1: Message = { role: "user", content: "Weather in Florence?" };
const a1: Message = { role: "assistant", content: [thought("t1"), { type: "text", text: "40 C" }] };
const u2: Message = { role: "user", content: "And in Rome?" };
const a2: Message = { role: "assistant", content: [thought("t2"), call("c2")] };
const r2: Message = { role: "tool", toolCallId: "c2", content: "30 C" };
const a3: Message = { role: "assistant", content: [thought("t3"), { type: "text", text: "30 C" }] };
const u3: Message = { role: "user", content: "Thanks" };

describe("explainCacheMiss", () => {
  it("says a request that only adds messages extends the one before, cache markers aside", () => {
    const before = body({ system: "Be brief.", messages: [u1, a1, u2] });
    const after = body({ system: "Be brief.", messages: [u1, a1, u2, a2, r2] });
    // The last-message breakpoint moved from message 2 to message 4.
    expect(JSON.stringify(before)).toContain('"cache_control"');
    expect(explainCacheMiss(before, after)).toEqual({ extends: true });
    expect(explainCacheMiss([u1, a1, u2], [u1, a1, u2, a2, r2])).toEqual({ extends: true });
  });

  it("names the message dropOldThinking rewrote, on the wire and in golem messages", () => {
    const keepOne = dropOldThinking(1);
    const step = keepOne([u1, a1, u2, a2, r2]); // turn 2's second step: a1 loses its thinking
    const nextTurn = keepOne([u1, a1, u2, a2, r2, a3, u3]); // turn 3: now a2 loses it too
    expect(explainCacheMiss(body({ messages: step }), body({ messages: nextTurn }))).toEqual({
      extends: false,
      index: 3,
      path: "$.messages[3].content[0].type",
      detail: 'expected "thinking", got "tool_use"',
    });
    expect(explainCacheMiss(step, nextTurn)).toEqual({
      extends: false,
      index: 3,
      path: "$[3].content[0].type",
      detail: 'expected "thinking", got "tool-call"',
    });
  });

  it("names a changed system prompt or tool list, before any message", () => {
    expect(
      explainCacheMiss(
        body({ system: "Be brief.", messages: [u1] }),
        body({ system: "Be very brief.", messages: [u1, a1, u2] }),
      ),
    ).toEqual({
      extends: false,
      index: undefined,
      path: "$.system[0].text",
      detail: 'expected "Be brief.", got "Be very brief."',
    });
  });

  it("names changed thinking settings, Anthropic's and Bedrock's (in additionalModelRequestFields)", () => {
    // "Changes to thinking parameters ... invalidate message cache breakpoints" (Anthropic's
    // prompt caching docs); Converse carries Claude's `thinking` in additionalModelRequestFields.
    const converse = (budget_tokens: number) => ({
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens } },
      messages: [{ role: "user", content: [{ text: "a" }] }],
    });
    expect(explainCacheMiss(converse(2000), converse(4000))).toEqual({
      extends: false,
      index: undefined,
      path: "$.additionalModelRequestFields.thinking.budget_tokens",
      detail: "expected 2000, got 4000",
    });
  });

  it("says which message is missing when the next request is shorter", () => {
    expect(explainCacheMiss([u1, a1, u2], [u1, a1])).toEqual({
      extends: false,
      index: 2,
      path: "$[2]",
      detail: "missing",
    });
  });

  it("ignores Message.cache and compares string content as a text part", () => {
    expect(
      explainCacheMiss(
        [{ ...u1, cache: true }],
        [{ role: "user", content: [{ type: "text", text: "Weather in Florence?" }] }, a1],
      ),
    ).toEqual({ extends: true });
  });

  it("reads Gemini contents, Responses input and Bedrock cachePoint blocks", () => {
    const point = { cachePoint: { type: "default" } };
    expect(
      explainCacheMiss(
        { messages: [{ role: "user", content: [{ text: "a" }, point] }] },
        { messages: [{ role: "user", content: [{ text: "a" }] }, { role: "assistant" }] },
      ),
    ).toEqual({ extends: true });
    expect(
      explainCacheMiss(
        { contents: [{ role: "user", parts: [{ text: "a" }] }] },
        { contents: [{ role: "user", parts: [{ text: "b" }] }] },
      ),
    ).toMatchObject({ extends: false, index: 0, path: "$.contents[0].parts[0].text" });
    expect(
      explainCacheMiss({ input: [{ type: "message" }] }, { input: [{ type: "reasoning" }] }),
    ).toMatchObject({ extends: false, index: 0, path: "$.input[0].type" });
  });
});

describe("watchCacheMisses", () => {
  /**
   * Two turns through one watched agent: a tool loop of two steps, then a follow-up. Returns
   * the misses heard.
   */
  async function twoTurns(processors: HistoryProcessor[]): Promise<CacheMiss[]> {
    const misses: CacheMiss[] = [];
    const scripted = new ScriptedModel([
      answer("", [thought("s1"), call("c1")]),
      answer("30 C", [thought("s2")]),
      answer("You're welcome", [thought("s3")]),
    ]);
    const model = watchCacheMisses(scripted, (miss) => misses.push(miss));
    const agent = new Agent({
      model,
      instructions: "Be brief.",
      tools: [jsonTool({ ...WEATHER, execute: () => "30 C" })],
      historyProcessors: processors,
    });
    const first = await agent.runWithHistory([u1, a1], "And in Rome?");
    await agent.runWithHistory(first.messages, "Thanks");
    return misses;
  }

  it("hears of no miss when every call extends the call before", async () => {
    expect(await twoTurns([])).toEqual([]);
  });

  it("names the call and the message a processor rewrote", async () => {
    // Call 0 already drops a1's thinking; the tool loop's second call extends it; the
    // follow-up (call 2) drops the thinking of turn 2's first step, message 3.
    const misses = await twoTurns([dropOldThinking(1)]);
    expect(misses.map((m) => [m.call, m.index, m.path])).toEqual([
      [2, 3, "$.messages[3].content[0].type"],
    ]);
  });

  it("names a changed system prompt or tool list", () => {
    const misses: CacheMiss[] = [];
    const scripted = new ScriptedModel([answer("a"), answer("b"), answer("c")]);
    const model = watchCacheMisses(scripted, (miss) => misses.push(miss));
    void model.generate({ system: "A", messages: [u1] });
    void model.generate({ system: "B", messages: [u1] });
    void model.generate({ system: "B", tools: [WEATHER], messages: [u1] });
    expect(misses.map((m) => [m.call, m.index, m.path])).toEqual([
      [1, undefined, "$.system"],
      [2, undefined, "$.tools"],
    ]);
  });
});
