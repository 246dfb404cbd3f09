import { HistoryError } from "../core/errors.js";
import { toolCallsOf } from "../core/parts.js";
import type {
  CallOptions,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  Part,
  ToolSpec,
} from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import { sealed } from "../kit/prefix/hash-once.js";
import { countInput } from "./context.js";
import { ContextWindowError, MaxStepsError, type RunEvidence, withEvidence } from "./errors.js";
import { type OutputSetup, readAnswer, retryRequest } from "./output.js";
import { historyHash, type ResumePoint, resumePoint, type ToolDecisions } from "./pause.js";
import type { HistoryProcessor } from "./processors.js";
import type { Tool } from "./tool.js";
import {
  deniedAnswer,
  executeToolCall,
  type PreparedCall,
  prepareToolCall,
  runToolCall,
} from "./tool-call.js";
import type {
  RunCheckpoint,
  RunEvent,
  RunResult,
  StepServerHistory,
  StepTransformation,
} from "./types.js";
import { planRun, type RunSetup } from "./updates.js";
import { addUsage, emptyUsage } from "./usage.js";

/** What an agent holds fixed across calls (so the request prefix stays the same). */
export interface AgentSetup {
  readonly model: Model;
  readonly system: string | undefined;
  readonly tools: ReadonlyMap<string, Tool>;
  readonly specs: ToolSpec[] | undefined;
  readonly processors: readonly HistoryProcessor[];
  readonly maxSteps: number;
  /** The time limit of a tool without its own `timeoutMs`. */
  readonly toolTimeoutMs: number | undefined;
  /** The structured final answer asked for, when the agent has `output`. */
  readonly output: OutputSetup | undefined;
  /** The most input tokens a step's request may count (`contextWindow`); absent: no check. */
  readonly maxInputTokens?: number | undefined;
  /** Told of the run's work each time it grows (`AgentOptions.checkpoint`). */
  readonly checkpoint?: ((run: RunCheckpoint) => void | Promise<void>) | undefined;
}

/** One run's input; `O` is the output's type, which the agent's `output` schema checked. */
export interface RunInput<O> {
  history: Message[];
  /** The new user turn; none for a resumed run. */
  prompt?: string | Part[];
  /** A resumed run: the decisions on the history's open calls (`Agent.resume`), as given. */
  resume?: { decisions: ToolDecisions };
  signal: AbortSignal | undefined;
  /** Call `model.stream` and pass its deltas on as events, instead of `model.generate`. */
  streaming: boolean;
  /** Called with the result just before the last event is yielded. */
  onResult?: (result: RunResult<O>) => void;
  /** This run's checkpoint, in place of the agent's. */
  checkpoint?: ((run: RunCheckpoint) => void | Promise<void>) | undefined;
  /**
   * What the run has done so far, kept current by the loop (an empty one to start); the
   * error of a failed run carries it.
   */
  evidence: RunEvidence;
}

/** The evidence of a run that has done nothing yet. */
export function noEvidence(): RunEvidence {
  return { messages: [], usage: emptyUsage(), steps: 0 };
}

type Steps<T> = AsyncGenerator<RunEvent, T, undefined>;

/**
 * The agent loop, as a generator of run events that returns the result: call the model, run
 * the tools it asked for, call it again, until it answers without tool calls, or a step's
 * calls wait for approval (the result then has `pending`). A resumed run (no prompt) first
 * answers the history's open calls by the decisions. `streaming` picks `model.stream` (deltas
 * become events) over `model.generate`; both give the same result. Whatever error ends the
 * run carries `run.evidence`, kept current as the run goes; the agent's `checkpoint` hears
 * of every message the run adds before the run goes on.
 */
export async function* runSteps<O>(setup: AgentSetup, run: RunInput<O>): Steps<RunResult<O>> {
  const { evidence } = run;
  try {
    const { history, prompt, signal, streaming } = run;
    const messages = history.slice();
    evidence.messages = messages;
    signal?.throwIfAborted();
    const hook = run.checkpoint ?? setup.checkpoint;
    const save = (answers: readonly Message[] = []) => checkpoint(hook, evidence, answers);
    let answered: Message | undefined;
    if (run.resume) {
      // Everything is checked before a tool runs or a request goes out (pause.ts).
      const point = resumePoint(history, run.resume.decisions);
      answered = point.answered;
      if (point.calls.length > 0) {
        const answer = (i: number) => {
          const { call, approved, reason } = point.calls[i] as ResumePoint["calls"][number];
          return approved
            ? runToolCall(call, setup.tools, signal, setup.toolTimeoutMs)
            : Promise.resolve(deniedAnswer(call, reason));
        };
        yield* runTools(point.calls.length, answer, 0, signal, messages, save);
      }
    } else {
      checkPrompt(prompt);
      const user: Message = { role: "user", content: prompt };
      messages.push(user);
      yield { type: "message", step: 0, message: user };
    }
    // The history's own setup stays top-level; what this agent changed is appended (updates.ts).
    const plan = planRun(history, setup.system, setup.specs);
    const transformations: StepTransformation[] = [];
    const serverSteps: StepServerHistory[] = [];
    let retries = setup.output?.retries ?? 0;
    let pendingUpdate = plan.update;
    const addUpdate = function* (): Generator<RunEvent> {
      if (!pendingUpdate) return;
      messages.push(pendingUpdate);
      yield { type: "message", step: 0, message: pendingUpdate };
      pendingUpdate = undefined;
    };
    if (answered) {
      // The history ends with the model's answer: read it as the loop would have.
      const answer = await readAnswer(setup.output, answered);
      if (answer.ok) {
        const result: RunResult<O> = {
          messages,
          output: answer.value as O,
          usage: evidence.usage,
          steps: 0,
        };
        run.onResult?.(result);
        return result;
      }
      const retry = retryRequest(answer, retries--, false);
      messages.push(retry);
      yield { type: "message", step: 0, message: retry };
    }
    yield* addUpdate();
    await save();
    for (let step = 1; ; step++) {
      const request = await buildModelRequest(setup, plan, messages);
      signal?.throwIfAborted();
      if (setup.maxInputTokens !== undefined) {
        await checkWindow(setup, request, signal, evidence);
      }
      const response = streaming
        ? yield* streamCall(setup.model, request, step, signal, evidence)
        : await untilAborted(setup.model.generate(request, callOptions(signal)), signal);
      const message = response.message;
      // A binding model's turn notes what it answered: a paused run checks it before tools run.
      if (message.prefix)
        message.prefix = sealed({ ...message.prefix, history: historyHash(messages) });
      messages.push(message);
      evidence.usage = addUsage(evidence.usage, response.usage);
      evidence.steps = step;
      const usage = evidence.usage;
      for (const t of response.inputTransformations ?? []) transformations.push({ ...t, step });
      const { serverHistory: held, sentBytes: bytes } = response;
      if (held) serverSteps.push({ step, ...held, ...(bytes !== undefined && { bytes }) });
      // Read from the parts, never edited: the message goes back to the model as it came.
      const calls = toolCallsOf(message);
      const finish = (result: RunResult<O>) => {
        if (transformations.length > 0) result.inputTransformations = transformations;
        if (serverSteps.length > 0) result.serverHistory = serverSteps;
        // Known before the last event goes out, so a consumer may stop at it.
        run.onResult?.(result);
        return result;
      };
      if (calls.length === 0) {
        const answer = await readAnswer(setup.output, message);
        if (!answer.ok) {
          yield { type: "message", step, message };
          // Throws an OutputError when no retry is left; the exchange stays in the evidence.
          const retry = retryRequest(answer, retries--, step >= setup.maxSteps);
          messages.push(retry);
          await save();
          yield { type: "message", step, message: retry };
          continue;
        }
        await save();
        const result = finish({ messages, output: answer.value as O, usage, steps: step });
        yield { type: "message", step, message };
        return result;
      }
      // Before any tool of the step starts: a crash from here on leaves its calls open.
      await save();
      yield { type: "message", step, message };
      if (step >= setup.maxSteps) {
        // Its tools are not run: nobody would read their results.
        throw new MaxStepsError(
          `The agent stopped after ${step} model calls (maxSteps ${setup.maxSteps}): the model still asks for tools (${calls.map((c) => c.name).join(", ")}). Raise maxSteps or check the tools' results.`,
          { messages, usage, steps: step },
        );
      }
      const ready = await Promise.all(calls.map((c) => prepareToolCall(c, setup.tools)));
      if (await needApproval(ready, signal)) {
        // A paused run has no answer yet: `output` stays unset until a resumed run gives one.
        const result = finish({ messages, output: undefined as O, usage, steps: step });
        result.pending = calls;
        yield { type: "pause", step, pending: calls };
        return result;
      }
      const answer = (i: number) => {
        const call = ready[i] as PreparedCall;
        return "answer" in call
          ? Promise.resolve(call.answer)
          : executeToolCall(call, signal, setup.toolTimeoutMs);
      };
      yield* runTools(calls.length, answer, step, signal, messages, save);
    }
  } catch (err) {
    // Whatever stopped the run, what it did so far goes with the error.
    throw withEvidence(err, evidence);
  }
}

/**
 * Whether any checked call of the step waits for approval: its tool says so, or its
 * `needsApproval` function does, asked with the checked arguments (a call the model will read
 * an error for runs nothing, so it never waits). A function that throws ends the run.
 */
async function needApproval(
  ready: readonly PreparedCall[],
  signal: AbortSignal | undefined,
): Promise<boolean> {
  for (const call of ready) {
    if ("answer" in call) continue;
    const rule = call.tool.needsApproval;
    if (rule === true) return true;
    if (typeof rule === "function" && (await rule(call.args, signal ? { signal } : {}))) {
      return true;
    }
  }
  return false;
}

/**
 * Tells the agent's `checkpoint` what the run has done: its messages (plus the answers of
 * tools that already finished, in call order) and usage; awaited, so the run goes on only
 * once it is stored.
 */
async function checkpoint(
  hook: ((run: RunCheckpoint) => void | Promise<void>) | undefined,
  evidence: RunEvidence,
  answers: readonly Message[],
): Promise<void> {
  if (!hook) return;
  await hook({
    messages: [...evidence.messages, ...answers],
    usage: evidence.usage,
    steps: evidence.steps,
  });
}

/**
 * Counts the step's request with the provider's count endpoint and stops the run, before the
 * generate request, when it is above the context window; the error keeps the run's work.
 */
async function checkWindow(
  setup: AgentSetup,
  request: ModelRequest,
  signal: AbortSignal | undefined,
  run: RunEvidence,
): Promise<void> {
  const limit = setup.maxInputTokens ?? Number.POSITIVE_INFINITY;
  const inputTokens = await untilAborted(
    countInput(setup.model, request, callOptions(signal)),
    signal,
  );
  signal?.throwIfAborted();
  if (inputTokens <= limit) return;
  throw new ContextWindowError(
    `The agent stopped before model call ${run.steps + 1}: its request counts ${inputTokens} input tokens, above the context window of ${limit} (contextWindow). Shorten the history and continue with runWithHistory.`,
    { messages: run.messages, usage: run.usage, steps: run.steps },
    { inputTokens, maxInputTokens: limit },
  );
}

/**
 * A prompt says something: an empty one would be dropped by the request builders, leaving a
 * request without messages (or without the new turn) that every provider refuses.
 */
function checkPrompt(prompt: string | Part[] | undefined): asserts prompt is string | Part[] {
  if (typeof prompt !== "string" && !Array.isArray(prompt)) {
    throw new HistoryError("the prompt must be a string or an array of parts");
  }
  const empty = typeof prompt === "string" ? prompt.trim() === "" : prompt.length === 0;
  if (empty) {
    throw new HistoryError("the prompt is empty: a run starts with text or parts to send");
  }
}

/** Runs the processors on a copy of the conversation and checks what they return. */
async function buildModelRequest(
  setup: AgentSetup,
  plan: RunSetup,
  messages: Message[],
): Promise<ModelRequest> {
  let sent = messages.slice();
  for (const process of setup.processors) sent = await process(sent);
  validateHistory(sent);
  if (sent.length === 0) throw new HistoryError("the history processors left no message to send");
  const request: ModelRequest = { messages: sent };
  if (plan.system !== undefined) request.system = plan.system;
  if (plan.tools !== undefined) request.tools = plan.tools;
  // On every call, tool loop included: the provider decides when the answer is final.
  if (setup.output) request.output = setup.output.spec;
  return request;
}

async function* streamCall(
  model: Model,
  request: ModelRequest,
  step: number,
  signal: AbortSignal | undefined,
  evidence: RunEvidence,
): Steps<ModelResponse> {
  const stream = model.stream(request, callOptions(signal));
  let answered = false;
  try {
    // Leaving this loop early (the caller broke out of the run) closes the model stream.
    for await (const delta of stream) yield { type: "delta", step, delta };
    const response = await stream.response;
    answered = true;
    return response;
  } finally {
    // Cut off: what had arrived goes with the run's error, marked, for the caller to keep.
    if (!answered) {
      const partial = await stream.response.then(
        () => undefined,
        (err: { partial?: ModelResponse } | null) => err?.partial,
      );
      if (partial?.message.interrupted) evidence.interrupted = partial.message;
    }
  }
}

/**
 * Runs every call of one step at once (`answer(i)` answers call i); reports each answer as
 * it arrives, checkpointed with the answers so far, then adds the answers to the
 * conversation in call order.
 */
async function* runTools(
  count: number,
  answer: (i: number) => Promise<Message>,
  step: number,
  signal: AbortSignal | undefined,
  messages: Message[],
  save: (answers: readonly Message[]) => Promise<void>,
): Steps<void> {
  const answers = new Array<Message>(count);
  const pending = new Map<number, Promise<readonly [number, Message]>>();
  for (let i = 0; i < count; i++)
    pending.set(
      i,
      answer(i).then((m) => [i, m] as const),
    );
  let answered = false;
  try {
    while (pending.size > 0) {
      const [i, message] = await untilAborted(Promise.race(pending.values()), signal);
      pending.delete(i);
      // An answer the abort made (the tool gave up) is no tool's result: the run stops.
      if (signal?.aborted) break;
      answers[i] = message;
      await save(answers.filter((m) => m !== undefined));
      yield { type: "tool-result", step, message };
    }
    // A tool that gave up because of an abort answered with an error: the run stops instead.
    signal?.throwIfAborted();
    answered = true;
  } finally {
    // The run stopped with tools still running: the answers that came are kept (in call
    // order) for the evidence; the calls left open are the caller's to answer.
    if (!answered) for (const message of answers) if (message) messages.push(message);
  }
  for (const message of answers) {
    messages.push(message);
    yield { type: "message", step, message };
  }
}

function callOptions(signal: AbortSignal | undefined): CallOptions {
  return signal ? { signal } : {};
}

/**
 * Settles like `promise`, or rejects with the signal's reason as soon as it aborts, so a model
 * or tool that ignores its signal cannot hold the run.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      promise.catch(() => {});
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
