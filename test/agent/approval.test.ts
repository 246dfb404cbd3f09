import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  Agent,
  type AgentOptions,
  HistoryError,
  jsonTool,
  type Message,
  parseHistory,
  pendingToolCalls,
  type RunEvent,
  type RunResult,
  serializeHistory,
  type ToolCallPart,
  type ToolDecisions,
  tool,
} from "../../src/index.js";
import { partHashes } from "../../src/kit/prefix/hashes.js";
import { failOnUnhandledRejections } from "../helpers/unhandled.js";
import {
  answer,
  call,
  callTools,
  ScriptedModel,
  sendMailTool,
  type Turn,
} from "./scripted-model.js";

/**
 * Runs that pause for approval: a step whose calls include one that needs approval stops
 * before any of its tools runs; `resume` answers every open call (running the approved ones,
 * a tool error for the denied ones) and goes on. A paused run is its messages: they resume
 * after a serialize/parse round trip, with another agent, and anything that does not match
 * them is a HistoryError before a tool runs or a request goes out.
 */

// Every test here also proves that no promise was left rejected without a handler.
failOnUnhandledRejections();

/** What the tools did, in order: each entry `name(args)`. */
let ran: string[] = [];
beforeEach(() => {
  ran = [];
});

const sendMail = sendMailTool((to) => ran.push(`send_mail(${to})`));
const pay = jsonTool({
  name: "pay",
  description: "Pay an amount",
  parameters: { type: "object", properties: { cents: { type: "number" } } },
  // Only large payments wait for a person.
  needsApproval: (args) => (args as { cents: number }).cents > 1000,
  execute: (args) => {
    ran.push(`pay(${(args as { cents: number }).cents})`);
    return "paid";
  },
});
const lookup = tool({
  name: "lookup",
  description: "Look a word up",
  parameters: z.object({ word: z.string() }),
  execute: ({ word }) => {
    ran.push(`lookup(${word})`);
    return `${word}: found`;
  },
});
const TOOLS = [sendMail, pay, lookup];

/** Step 1: a signed thinking block, then a call to send_mail and one to lookup. */
const MAIL_AND_LOOKUP = (): Turn =>
  callTools(
    [call("c1", "send_mail", { to: "ann" }), call("c2", "lookup", { word: "golem" })],
    [{ type: "thinking", text: "Mail Ann, look it up.", signature: "sig-1" }],
  );
const DONE = (): Turn => answer("Done.");

const agentOf = (model: ScriptedModel, more: Partial<AgentOptions> = {}) =>
  new Agent({ model, tools: TOOLS, instructions: "Be brief.", ...more });

describe("a step that calls a tool needing approval pauses", () => {
  it("before any tool of the step runs, with the step's open calls pending", async () => {
    const turns = [MAIL_AND_LOOKUP()];
    const model = new ScriptedModel(turns);
    const result = await agentOf(model).run("Mail Ann about golem.");
    expect(ran).toEqual([]);
    expect(result.pending).toStrictEqual(toolCallsOfTurn(turns[0]));
    expect(result.steps).toBe(1);
    expect(result.output).toBeUndefined();
    // The evidence: the prompt and the assistant turn as the model returned it, nothing after.
    expect(result.messages).toHaveLength(2);
    expect(result.messages[1]).toBe(turns[0]?.response.message);
    expect(pendingToolCalls(result.messages)).toStrictEqual(result.pending);
    expect(model.calls).toHaveLength(1);
  });

  it("not when no call needs it: a run without such calls has no pending", async () => {
    const model = new ScriptedModel([callTools([call("c1", "pay", { cents: 50 })]), DONE()]);
    const result = await agentOf(model).run("Pay 50 cents.");
    expect(result.pending).toBeUndefined();
    expect(result.output).toBe("Done.");
    expect(ran).toEqual(["pay(50)"]);
  });

  it("asks a needsApproval function with the checked arguments and the run's signal", async () => {
    const asked = vi.fn((_args: unknown, _ctx: unknown) => true);
    const guarded = tool({
      name: "guarded",
      description: "",
      parameters: z.object({ n: z.coerce.number() }),
      needsApproval: asked,
      execute: () => "ok",
    });
    const model = new ScriptedModel([callTools([call("c1", "guarded", { n: "7" })])]);
    const controller = new AbortController();
    const result = await new Agent({ model, tools: [guarded] }).run("go", {
      signal: controller.signal,
    });
    expect(result.pending?.map((c) => c.id)).toEqual(["c1"]);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]?.[0]).toStrictEqual({ n: 7 });
    const ctx = asked.mock.calls[0]?.[1] as { signal?: AbortSignal } | undefined;
    expect(ctx?.signal).toBeInstanceOf(AbortSignal);
  });

  it("not for a call whose arguments fail the check: the model reads the error instead", async () => {
    const model = new ScriptedModel([callTools([call("c1", "send_mail", { to: 7 })]), DONE()]);
    const result = await agentOf(model).run("go");
    expect(result.pending).toBeUndefined();
    expect(ran).toEqual([]);
    expect(result.messages[2]).toMatchObject({ role: "tool", toolCallId: "c1", isError: true });
  });

  it("fails the run with its evidence when needsApproval throws, running nothing", async () => {
    const broken = tool({
      name: "broken",
      description: "",
      parameters: z.object({}),
      needsApproval: () => {
        throw new Error("policy service down");
      },
      execute: () => ran.push("broken"),
    });
    const turns = [callTools([call("c1", "broken", {})])];
    const err = await new Agent({ model: new ScriptedModel(turns), tools: [broken] })
      .run("go")
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe("policy service down");
    expect((err as { messages: Message[] }).messages.at(-1)).toBe(turns[0]?.response.message);
    expect(ran).toEqual([]);
  });

  it("refuses a needsApproval that is neither a boolean nor a function, when the tool is made", () => {
    expect(() =>
      tool({
        name: "t",
        description: "",
        parameters: z.object({}),
        needsApproval: "yes" as never,
        execute: () => "",
      }),
    ).toThrow(/needsApproval must be a boolean or a function/);
  });
});

describe("resume answers every open call and goes on", () => {
  const denial = (name: string, reason?: string) =>
    `Tool ${JSON.stringify(name)} was not run: the call was not approved${reason ? ` (reason: ${reason})` : "."}`;
  const cases: {
    name: string;
    decisions: ToolDecisions;
    ran: string[];
    answers: Message[];
  }[] = [
    {
      name: "approve all",
      decisions: { c1: true, c2: { approved: true } },
      ran: ["send_mail(ann)", "lookup(golem)"],
      answers: [
        { role: "tool", content: "sent to ann", toolCallId: "c1" },
        { role: "tool", content: "golem: found", toolCallId: "c2" },
      ],
    },
    {
      name: "deny all",
      decisions: { c1: { approved: false, reason: "Ann is on leave" }, c2: false },
      ran: [],
      answers: [
        {
          role: "tool",
          content: denial("send_mail", "Ann is on leave"),
          toolCallId: "c1",
          isError: true,
        },
        { role: "tool", content: denial("lookup"), toolCallId: "c2", isError: true },
      ],
    },
    {
      name: "approve some",
      decisions: { c1: { approved: false, reason: "not now" }, c2: true },
      ran: ["lookup(golem)"],
      answers: [
        { role: "tool", content: denial("send_mail", "not now"), toolCallId: "c1", isError: true },
        { role: "tool", content: "golem: found", toolCallId: "c2" },
      ],
    },
  ];

  it.each(cases)("$name", async (c) => {
    const turns = [MAIL_AND_LOOKUP(), DONE()];
    const model = new ScriptedModel(turns);
    const agent = agentOf(model);
    const paused = await agent.run("Mail Ann about golem.");
    const result = await agent.resume(paused.messages, c.decisions);
    expect(ran).toEqual(c.ran);
    expect(result.pending).toBeUndefined();
    expect(result.output).toBe("Done.");
    expect(result.steps).toBe(1);
    expect(result.messages).toStrictEqual([
      ...paused.messages,
      ...c.answers,
      turns[1]?.response.message,
    ]);
    // The resumed request is the paused one plus the turn and its answers: the model reads
    // each denial, with its reason, as the tool's error.
    expect(model.requests[1]?.messages).toStrictEqual([...paused.messages, ...c.answers]);
    expect(model.requests[1]?.system).toBe("Be brief.");
    expect(model.requests[1]?.tools).toStrictEqual(model.requests[0]?.tools);
    // Each tool ran once at most, over both calls.
    expect(new Set(ran).size).toBe(ran.length);
  });

  it("in another process: after a serialize/parse round trip, with another agent", async () => {
    const first = new ScriptedModel([MAIL_AND_LOOKUP()]);
    const paused = await agentOf(first).run("Mail Ann about golem.");
    const stored = serializeHistory(paused.messages);
    const second = new ScriptedModel([DONE()]);
    const later = agentOf(second);
    const result = await later.resume(parseHistory(stored), { c1: true, c2: true });
    expect(ran).toEqual(["send_mail(ann)", "lookup(golem)"]);
    expect(result.output).toBe("Done.");
    expect(second.requests[0]?.messages.slice(0, 2)).toStrictEqual(paused.messages);
  });

  it("pauses again when the next step needs approval too", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "send_mail", { to: "ann" })]),
      callTools([call("c2", "send_mail", { to: "bob" })]),
      DONE(),
    ]);
    const agent = agentOf(model);
    const first = await agent.run("Mail Ann, then Bob.");
    const second = await agent.resume(first.messages, { c1: true });
    expect(second.pending?.map((c) => c.id)).toEqual(["c2"]);
    expect(ran).toEqual(["send_mail(ann)"]);
    const third = await agent.resume(second.messages, { c2: true });
    expect(third.output).toBe("Done.");
    expect(ran).toEqual(["send_mail(ann)", "send_mail(bob)"]);
  });

  it("continues a history whose calls are all answered, with no decisions", async () => {
    const model = new ScriptedModel([DONE()]);
    const history: Message[] = [
      { role: "user", content: "go" },
      MAIL_AND_LOOKUP().response.message,
      { role: "tool", content: "sent", toolCallId: "c1" },
      { role: "tool", content: "found", toolCallId: "c2" },
    ];
    const result = await agentOf(model).resume(history, {});
    expect(result.output).toBe("Done.");
    expect(model.requests[0]?.messages).toStrictEqual(history);
    expect(ran).toEqual([]);
  });

  it("answers the open calls after the answers a history already holds", async () => {
    const model = new ScriptedModel([DONE()]);
    const history: Message[] = [
      { role: "user", content: "go" },
      MAIL_AND_LOOKUP().response.message,
      { role: "tool", content: "golem: found", toolCallId: "c2" },
    ];
    expect(pendingToolCalls(history).map((c) => c.id)).toEqual(["c1"]);
    const result = await agentOf(model).resume(history, { c1: true });
    expect(ran).toEqual(["send_mail(ann)"]);
    expect(result.messages.slice(3, 4)).toStrictEqual([
      { role: "tool", content: "sent to ann", toolCallId: "c1" },
    ]);
  });

  it("streams a pause as the run's last event, and a resumed run's events", async () => {
    const turns = [MAIL_AND_LOOKUP(), DONE()];
    const model = new ScriptedModel(turns);
    const agent = agentOf(model);
    const stream = agent.runStream("Mail Ann about golem.");
    const events: RunEvent[] = [];
    for await (const e of stream) events.push(e);
    const paused = await stream.result;
    expect(events.at(-1)).toStrictEqual({
      type: "pause",
      step: 1,
      pending: toolCallsOfTurn(turns[0]),
    });
    expect(events.at(-2)).toStrictEqual({
      type: "message",
      step: 1,
      message: turns[0]?.response.message,
    });
    expect(paused.pending).toStrictEqual(toolCallsOfTurn(turns[0]));
    expect(ran).toEqual([]);

    const resumed = agent.resumeStream(paused.messages, { c1: true, c2: false });
    const later: RunEvent[] = [];
    for await (const e of resumed) later.push(e);
    const result = await resumed.result;
    expect(result.output).toBe("Done.");
    const added = later.flatMap((e) => (e.type === "message" ? [e.message] : []));
    expect([...paused.messages, ...added]).toStrictEqual(result.messages);
    expect(later.filter((e) => e.type === "tool-result").map((e) => e.step)).toEqual([0, 0]);
    expect(model.calls.map((c) => c.kind)).toEqual(["stream", "stream"]);
  });

  it("tells the observer of a paused run's end, with its result", async () => {
    const ends: unknown[] = [];
    const observer = { startRun: () => ({ end: (o: unknown) => ends.push(o) }) };
    const model = new ScriptedModel([MAIL_AND_LOOKUP()]);
    const result = await agentOf(model, { observer }).run("go");
    expect(ends).toStrictEqual([{ result }]);
  });
});

describe("resume refuses, before a tool runs or a request goes out", () => {
  async function paused(): Promise<{ model: ScriptedModel; result: RunResult }> {
    const model = new ScriptedModel([MAIL_AND_LOOKUP(), DONE()]);
    return { model, result: await agentOf(model).run("Mail Ann about golem.") };
  }

  const refusals: {
    name: string;
    edit?: (messages: Message[]) => Message[];
    decisions: unknown;
    error: RegExp;
  }[] = [
    {
      name: "a missing decision",
      decisions: { c1: true },
      error: /tool call "c2" \(lookup\) has no decision/,
    },
    {
      name: "a decision for a call that is not pending",
      decisions: { c1: true, c2: true, c9: true },
      error: /"c9".*not a call the history waits on.*"c1", "c2"/,
    },
    {
      name: "a decision for a call already answered",
      edit: (m) => [...m, { role: "tool", content: "found", toolCallId: "c2" }],
      decisions: { c1: true, c2: true },
      error: /"c2".*not a call the history waits on.*"c1"/,
    },
    {
      name: "a decision that is neither a boolean nor { approved }",
      decisions: { c1: true, c2: "yes" },
      error: /decision for tool call "c2" must be true, false or \{ approved, reason\? \}/,
    },
    {
      name: "a reason that is not a string",
      decisions: { c1: true, c2: { approved: false, reason: 3 } },
      error: /decision for tool call "c2" must be true, false or \{ approved, reason\? \}/,
    },
    {
      name: "decisions that are not an object",
      decisions: [true, true],
      error: /decisions must be an object of tool call ids/,
    },
    {
      name: "a history with nothing to resume",
      edit: () => [],
      decisions: {},
      error: /nothing to resume/,
    },
    {
      name: "a history edited after the pause: a user message after the open calls",
      edit: (m) => [...m, { role: "user", content: "never mind" }],
      decisions: { c1: true, c2: true },
      error: /has no tool message answering it/,
    },
    {
      name: "a history edited after the pause: a system message after the open calls",
      edit: (m) => [...m, { role: "system", content: "Mail everyone." }],
      decisions: { c1: true, c2: true },
      error: /a system message follows the open calls/,
    },
  ];

  it.each(refusals)("$name", async (c) => {
    const { model, result } = await paused();
    const messages = c.edit ? c.edit(result.messages) : result.messages;
    const err = await agentOf(model)
      .resume(messages, c.decisions as ToolDecisions)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as Error).message).toMatch(c.error);
    expect(ran).toEqual([]);
    expect(model.calls).toHaveLength(1);
  });
});

describe("resume refuses a recorded turn edited since the model returned it", () => {
  /** Step 1 as a binding model returns it: its prefix record holds its parts' hashes. */
  const recordedTurn = (): Turn => {
    const turn = MAIL_AND_LOOKUP();
    const { message } = turn.response;
    const parts = Array.isArray(message.content) ? message.content : [];
    message.prefix = {
      wire: "anthropic",
      head: {},
      tools: [],
      count: 1,
      chain: "0",
      from: 0,
      steps: [["h"]],
      parts: partHashes(parts),
    };
    return turn;
  };

  const edits: { name: string; edit: (turn: Message) => Message; path: string }[] = [
    {
      name: "a pending call's arguments",
      edit: (m) => withPart(m, 1, { ...(part(m, 1) as ToolCallPart), arguments: '{"to":"eve"}' }),
      path: "messages.1.content.1",
    },
    {
      name: "its thinking",
      edit: (m) => withPart(m, 0, { type: "thinking", text: "Mail Eve.", signature: "sig-1" }),
      path: "messages.1.content.0",
    },
    {
      name: "a call added to it",
      edit: (m) => ({
        ...m,
        content: [...(m.content as never[]), call("c3", "send_mail", { to: "eve" })],
      }),
      path: "messages.1.content.3",
    },
  ];

  it.each(edits)("$name", async (c) => {
    const model = new ScriptedModel([recordedTurn(), DONE()]);
    const agent = agentOf(model);
    const paused = await agent.run("Mail Ann about golem.");
    const stored = parseHistory(serializeHistory(paused.messages));
    // Unedited, the round trip resumes: the record matches the parts it came with.
    expect(pendingToolCalls(stored)).toHaveLength(2);
    const edited = [stored[0] as Message, c.edit(stored[1] as Message)];
    const decisions = Object.fromEntries(pendingToolCalls(edited).map((p) => [p.id, true]));
    const err = await agent.resume(edited, decisions).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).path).toBe(c.path);
    expect((err as Error).message).toMatch(/changed since the model returned it/);
    expect(ran).toEqual([]);
    expect(model.calls).toHaveLength(1);
    // The same history, unedited, resumes.
    const result = await agent.resume(stored, { c1: true, c2: true });
    expect(result.output).toBe("Done.");
  });
});

describe("resume refuses an earlier message edited since the model answered it, before a tool runs", () => {
  /** A turn as a binding model returns it: with a prefix record (the agent adds `history`). */
  const recorded = (turn: Turn): Turn => {
    const parts = turn.response.message.content as Message["content"] & unknown[];
    turn.response.message.prefix = {
      wire: "anthropic",
      ...{ head: {}, tools: [], count: 1, chain: "0", from: 0, steps: [["h"]] },
      parts: partHashes(parts),
    };
    return turn;
  };
  /** Step 1 looks a word up (no approval); step 2 asks to mail Ann, and the run pauses. */
  const twoSteps = () =>
    new ScriptedModel([
      recorded(callTools([call("c0", "lookup", { word: "golem" })])),
      recorded(callTools([call("c1", "send_mail", { to: "ann" })])),
      DONE(),
    ]);

  // Paused: [0] prompt, [1] step 1's call, [2] its answer, [3] step 2's call (pending).
  const edits: { name: string; edit: (m: Message[]) => Message[]; index: number; path?: string }[] =
    [
      {
        name: "the prompt",
        edit: (m) => [{ role: "user", content: "Mail Eve about golem." }, ...m.slice(1)],
        index: 0,
        path: "messages.0",
      },
      {
        name: "a tool's answer before the paused turn",
        edit: (m) => [
          ...m.slice(0, 2),
          { ...(m[2] as Message), content: "golem: lost" },
          m[3] as Message,
        ],
        index: 2,
        path: "messages.2",
      },
      {
        name: "a message put in before the paused turn",
        edit: (m) => [...m.slice(0, 3), { role: "user", content: "Mail Eve." }, m[3] as Message],
        index: 2,
      },
    ];

  it("an answer edited in place, in the very objects the paused run returned", async () => {
    const model = twoSteps();
    const agent = agentOf(model);
    const paused = await agent.run("Mail Ann about golem.");
    ran = [];
    (paused.messages[2] as Message).content = "golem: lost";
    const err = await agent.resume(paused.messages, { c1: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).path).toBe("messages.2");
    expect(ran).toEqual([]);
    expect(model.calls).toHaveLength(2);
  });

  it.each(edits)("$name", async (c) => {
    const model = twoSteps();
    const agent = agentOf(model);
    const paused = await agent.run("Mail Ann about golem.");
    expect(paused.pending?.map((p) => p.id)).toEqual(["c1"]);
    const stored = parseHistory(serializeHistory(paused.messages));
    ran = [];
    const err = await agent.resume(c.edit(stored), { c1: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(c.index);
    expect((err as HistoryError).path).toBe(c.path);
    expect((err as Error).message).toMatch(/changed since the model answered it/);
    expect(ran).toEqual([]);
    expect(model.calls).toHaveLength(2);
    // The same history, unedited, resumes and mails Ann.
    const result = await agent.resume(stored, { c1: true });
    expect(ran).toEqual(["send_mail(ann)"]);
    expect(result.output).toBe("Done.");
  });
});

function toolCallsOfTurn(turn: Turn | undefined): ToolCallPart[] {
  const content = turn?.response.message.content;
  return Array.isArray(content) ? content.filter((p) => p.type === "tool-call") : [];
}

function part(m: Message, i: number) {
  return (m.content as Exclude<Message["content"], string>)[i];
}

function withPart(m: Message, i: number, p: unknown): Message {
  const content = [...(m.content as unknown[])];
  content[i] = p;
  return { ...m, content: content as Message["content"] } as Message;
}
