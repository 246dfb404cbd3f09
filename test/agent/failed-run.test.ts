import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  Agent,
  type AgentOptions,
  APIError,
  GolemError,
  type HistoryProcessor,
  type Message,
  RunError,
  type RunEvidence,
  runEvidenceOf,
  StreamError,
  tool,
} from "../../src/index.js";
import { failOnUnhandledRejections } from "../helpers/unhandled.js";
import { answer, call, callTools, echo, ScriptedModel, type Turn, tick } from "./scripted-model.js";

/**
 * A run that fails keeps what it did: whatever stopped it (a provider error, a broken stream,
 * the agent's own code, the caller's abort), the error the run rejects with carries the run's
 * `messages`, `usage` and `steps`, on every entry point. Each failure comes at step 2, after
 * step 1's signed assistant turn and its tool's result.
 */

// Every test here also proves that no promise was left rejected without a handler.
failOnUnhandledRejections();

/** A tool that answers only when its signal aborts (with the abort's reason). */
const wait = tool({
  name: "wait",
  description: "",
  parameters: z.object({}),
  execute: (_, { signal }) =>
    new Promise((_, reject) =>
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
    ),
});

const PROMPT = "go";
const USER: Message = { role: "user", content: PROMPT };
const HISTORY: Message[] = [
  { role: "user", content: "before" },
  { role: "assistant", content: [{ type: "text", text: "ok" }] },
];
/** Step 1: a signed thinking block, then a tool call; its tool answers "x". */
const STEP_1 = (): Turn =>
  callTools(
    [call("c1", "echo", { say: "x" })],
    [
      { type: "thinking", text: "Call echo.", signature: "sig-1", provider: "anthropic" },
      { type: "text", text: "Let me ask echo." },
    ],
  );
const TOOL_1: Message = { role: "tool", content: "x", toolCallId: "c1" };
/** Step 2 of the tools row: echo answers at once, wait holds until the abort. */
const STEP_2_TOOLS = (): Turn =>
  callTools([call("c2", "echo", { say: "y" }), call("c3", "wait", {})]);
const TOOL_2: Message = { role: "tool", content: "y", toolCallId: "c2" };

/** A provider's error, new for each run (an error carries one run's evidence). */
const overloaded = () =>
  new APIError({
    provider: "scripted",
    status: 529,
    type: "overloaded_error",
    message: "Overloaded",
    retryable: true,
  });

/** A processor that lets step 1's request through and throws `thrown` on step 2's. */
function failingOnStep2(thrown: unknown): HistoryProcessor {
  let calls = 0;
  return (messages) => {
    if (++calls === 2) throw thrown;
    return messages;
  };
}

interface FailureKind {
  name: string;
  /** What stops the run: made anew for each run. */
  failure: () => unknown;
  turns: (failure: unknown) => Turn[];
  options?: (failure: unknown) => Omit<AgentOptions, "model">;
  /** Once the run is under way: what the caller does (abort, say). */
  act?: (model: ScriptedModel, controller: AbortController, failure: unknown) => Promise<void>;
  /** The rejection is the failure itself, still branchable by its class. */
  is: (err: unknown, failure: unknown) => void;
  /** The messages the run added (after the history and the prompt) before it failed. */
  added: () => Message[];
  steps: number;
}

const USAGE_PER_CALL = { inputTokens: 10, outputTokens: 5 };

/** The caller's abort, once step 2's model call is under way (and `wait` ms later). */
const abortAtStep2 =
  (wait = 0) =>
  async (model: ScriptedModel, controller: AbortController, reason: unknown) => {
    await vi.waitFor(() => expect(model.calls).toHaveLength(2));
    await tick(wait);
    controller.abort(reason);
  };

const KINDS: FailureKind[] = [
  {
    name: "an APIError from step 2's model call",
    failure: overloaded,
    turns: (failure) => [STEP_1(), { ...answer(""), error: failure }],
    is: (err, failure) => {
      expect(err).toBe(failure);
      expect(err).toBeInstanceOf(APIError);
    },
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "a StreamError from step 2's model call",
    failure: () => new StreamError("the stream broke off: terminated"),
    turns: (failure) => [STEP_1(), { ...answer("half an"), error: failure }],
    is: (err, failure) => expect(err).toBe(failure),
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "a history processor that throws before step 2",
    failure: () => new TypeError("store offline"),
    turns: () => [STEP_1(), answer("never")],
    options: (failure) => ({ historyProcessors: [failingOnStep2(failure)] }),
    is: (err, failure) => expect(err).toBe(failure),
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "an observer hook that throws at step 1's tool result",
    failure: () => new Error("the meter broke"),
    turns: () => [STEP_1(), answer("never")],
    options: (failure) => ({
      observer: {
        startRun: () => ({
          event: (e) => {
            if (e.type === "tool-result") throw failure;
          },
        }),
      },
    }),
    is: (err, failure) => expect(err).toBe(failure),
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "a thrown value that is not an object (kept as the cause of a RunError)",
    failure: () => "store offline",
    turns: () => [STEP_1(), answer("never")],
    options: (failure) => ({ historyProcessors: [failingOnStep2(failure)] }),
    is: (err, failure) => {
      expect(err).toBeInstanceOf(RunError);
      expect(err).toBeInstanceOf(GolemError);
      expect((err as RunError).cause).toBe(failure);
    },
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "the caller's abort during step 2's model call",
    failure: () => new Error("the user gave up"),
    turns: () => [STEP_1(), { ...answer("never"), hold: true }],
    act: abortAtStep2(),
    is: (err, failure) => expect(err).toBe(failure),
    added: () => [STEP_1().response.message, TOOL_1],
    steps: 1,
  },
  {
    name: "the caller's abort while step 2's tools run (the one that finished is kept)",
    failure: () => new Error("the user gave up"),
    turns: () => [STEP_1(), STEP_2_TOOLS(), answer("never")],
    options: () => ({ tools: [echo, wait] }),
    // echo answers at once; wait holds until the abort.
    act: abortAtStep2(5),
    is: (err, failure) => expect(err).toBe(failure),
    added: () => [STEP_1().response.message, TOOL_1, STEP_2_TOOLS().response.message, TOOL_2],
    steps: 2,
  },
];

type Entry = (agent: Agent, signal: AbortSignal) => Promise<unknown>;

/** Iterates a run stream to its end; its error must also be what `result` rejects with. */
async function readStream(run: ReturnType<Agent["runStream"]>): Promise<unknown> {
  try {
    for await (const _ of run);
  } catch (err) {
    await expect(run.result).rejects.toBe(err);
    throw err;
  }
  return run.result;
}

const ENTRIES: [string, Message[], Entry][] = [
  ["run", [], (agent, signal) => agent.run(PROMPT, { signal })],
  ["runWithHistory", HISTORY, (agent, signal) => agent.runWithHistory(HISTORY, PROMPT, { signal })],
  ["runStream", [], (agent, signal) => readStream(agent.runStream(PROMPT, { signal }))],
  [
    "runStream with a history",
    HISTORY,
    (agent, signal) => readStream(agent.runStream(PROMPT, { signal, history: HISTORY })),
  ],
];

const CASES = ENTRIES.flatMap(([entry, history, start]) =>
  KINDS.map((kind) => [entry, kind.name, history, start, kind] as const),
);

/** The run's evidence as the error carries it, read field by field. */
function fieldsOf(err: unknown): { [K in keyof RunEvidence]?: RunEvidence[K] | undefined } {
  const { messages, usage, steps } = (err ?? {}) as Partial<RunEvidence>;
  return { messages, usage, steps };
}

describe("a failed run keeps its evidence on the error it rejects with", () => {
  it.each(CASES)("%s, after %s", async (_, __, history, start, kind) => {
    const failure = kind.failure();
    const model = new ScriptedModel(kind.turns(failure));
    const agent = new Agent({ model, tools: [echo], ...kind.options?.(failure) });
    const controller = new AbortController();
    const running = start(agent, controller.signal);
    running.catch(() => {});
    await kind.act?.(model, controller, failure);
    const err = await running.then(
      () => expect.unreachable("the run should fail"),
      (e: unknown) => e,
    );
    kind.is(err, failure);
    const expected: RunEvidence = {
      messages: [...history, USER, ...kind.added()],
      usage: {
        inputTokens: USAGE_PER_CALL.inputTokens * kind.steps,
        outputTokens: USAGE_PER_CALL.outputTokens * kind.steps,
      },
      steps: kind.steps,
    };
    expect(fieldsOf(err)).toStrictEqual(expected);
    expect(runEvidenceOf(err)).toStrictEqual(expected);
    // The signed turn of step 1 is there as the model sent it.
    expect(JSON.stringify(fieldsOf(err).messages)).toContain('"signature":"sig-1"');
  });

  it("a run stream the caller breaks out of rejects result with an AbortError that keeps the evidence", async () => {
    const model = new ScriptedModel([STEP_1(), { ...answer("a long answer"), hold: true }]);
    const run = new Agent({ model, tools: [echo] }).runStream(PROMPT);
    for await (const e of run) if (e.type === "delta" && e.step === 2) break;
    const err = await run.result.catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "AbortError" });
    expect(runEvidenceOf(err)).toStrictEqual({
      messages: [USER, STEP_1().response.message, TOOL_1],
      usage: USAGE_PER_CALL,
      steps: 1,
    });
  });

  it("two runs stopped by one abort reason each keep their own evidence", async () => {
    const controller = new AbortController();
    const stopReason = new Error("the user gave up");
    const runs = ["first", "second"].map((prompt) =>
      new Agent({ model: new ScriptedModel([{ ...answer("never"), hold: true }]) })
        .run(prompt, { signal: controller.signal })
        .catch((e: unknown) => e),
    );
    await tick(5);
    controller.abort(stopReason);
    const [first, second] = await Promise.all(runs);
    expect(runEvidenceOf(first)?.messages).toStrictEqual([{ role: "user", content: "first" }]);
    expect(runEvidenceOf(second)?.messages).toStrictEqual([{ role: "user", content: "second" }]);
    // The reason itself carries one run's evidence; the other run's is on a RunError around it.
    for (const err of [first, second]) {
      expect(err === stopReason || (err as RunError).cause === stopReason).toBe(true);
    }
  });

  it("an error that is not the run's (no messages, usage and steps) has no evidence", () => {
    expect(runEvidenceOf(new Error("x"))).toBeUndefined();
    expect(runEvidenceOf("x")).toBeUndefined();
    expect(runEvidenceOf({ messages: [], usage: null, steps: 0 })).toBeUndefined();
  });
});
