import { ConfigError } from "../core/errors.js";
import type { StandardSchemaV1 } from "../core/standard-schema.js";
import type { Message, Model, Part, ToolSpec } from "../core/types.js";
import { type ContextWindow, resolveContextWindow } from "./context.js";
import { type AgentSetup, noEvidence, type RunInput, runSteps } from "./loop.js";
import { observerOf, observeSteps, type RunObserver } from "./observe.js";
import { createOutput } from "./output.js";
import type { ToolDecisions } from "./pause.js";
import type { HistoryProcessor } from "./processors.js";
import { createRunStream } from "./run-stream.js";
import type { Tool } from "./tool.js";
import type { RunCheckpoint, RunOptions, RunResult, RunStream, RunStreamOptions } from "./types.js";

/** What an {@link Agent} is made of; `O` is the type of its runs' `output`. */
export interface AgentOptions<O = string> {
  model: Model;
  /** Sent as the request's `system` on every call; processors never see it. */
  instructions?: string;
  tools?: Tool[];
  /**
   * A Standard Schema (a zod 4 schema, say) of a structured final answer: every call asks for
   * JSON matching its JSON Schema (`ModelRequest.output`), and the final answer's text is
   * parsed and validated with it; `RunResult.output` is the validated value.
   */
  output?: StandardSchemaV1<unknown, O>;
  /**
   * The JSON Schema sent as `ModelRequest.output.schema` instead of converting `output`;
   * needed when it has no converter (`~standard.jsonSchema`), e.g. zod/mini.
   */
  outputJsonSchema?: object;
  /**
   * How many refused final answers (not JSON, or not matching `output`) go back to the model
   * with the problem before the run rejects with an `OutputError`; each retry is a model call.
   * @defaultValue 1
   */
  outputRetries?: number;
  /** Run in order before every model call, on the conversation without the system prompt. */
  historyProcessors?: HistoryProcessor[];
  /**
   * The most model calls one run may make.
   * @defaultValue 10
   */
  maxSteps?: number;
  /**
   * Hears of every run (its start, events and end) and may wrap its model: tracing, metering.
   * @defaultValue the one the model carries (`golem/otel`'s `withTracing` gives it one), else none
   */
  observer?: RunObserver;
  /**
   * The longest a tool may run before the model reads a timeout error in its place (a tool's
   * own `timeoutMs` wins); the tool's signal aborts then. @defaultValue none
   */
  toolTimeoutMs?: number;
  /**
   * Check each step against the model's context window before calling it: a number of input
   * tokens, or the model's capabilities (`anthropic.capabilities()`, `gemini.capabilities()`),
   * whose `maxInputTokens` is read. Before every model call the request is counted with
   * `model.countTokens` (one more request per step, to the provider's count endpoint); above
   * the limit the run rejects with a `ContextWindowError`, no generate request made. A model
   * without `countTokens` is a `ConfigError` here: golem does not estimate.
   * @defaultValue no check
   */
  contextWindow?: ContextWindow;
  /**
   * Told of the run's work each time it grows, and awaited before the run goes on: after the
   * prompt, after each model call's message (before any of its tools starts), after each
   * tool's answer. Store `serializeHistory(run.messages)` and a run that crashed goes on with
   * `resume` from the last one: nothing recorded is done again, and a call whose answer was
   * not recorded is an open call the caller decides on (it may have run). A checkpoint that
   * throws ends the run with that error (and its evidence). @defaultValue none
   */
  checkpoint?: (run: RunCheckpoint) => void | Promise<void>;
}

/**
 * A model plus tools, run in a loop: it calls the model, runs the tools it asks for (in
 * parallel), sends their results back, and stops when the model answers without tool calls.
 * Tool calls are read from the parts; parts and signatures pass through untouched:
 * `RunResult.messages` holds the very messages the model returned, ready for
 * `serializeHistory` and a later `runWithHistory`. `output` is the final answer's text, or,
 * with an `output` schema, that answer parsed and validated (type `O`).
 * @example
 * const agent = new Agent({ model, instructions: "Be brief.", tools: [weather] });
 * const { output, messages } = await agent.run("Weather in Paris?");
 * const typed = new Agent({ model, tools: [weather], output: z.object({ tempC: z.number() }) });
 * const { output: { tempC } } = await typed.run("Weather in Paris?");
 */
export class Agent<O = string> {
  readonly #setup: AgentSetup;
  readonly #observer: RunObserver | undefined;

  constructor(opts: AgentOptions<O>) {
    checkModel(opts?.model);
    const maxSteps = count("maxSteps", opts.maxSteps ?? 10, 1);
    const tools = new Map<string, Tool>();
    for (const t of opts.tools ?? []) {
      if (tools.has(t.name)) {
        throw new ConfigError(`Agent tools: two tools are named ${JSON.stringify(t.name)}`);
      }
      tools.set(t.name, t);
    }
    // Built once: the newest models bind thinking to the request prefix, tools included.
    const specs = [...tools.values()].map((t): ToolSpec => {
      const spec: ToolSpec = { name: t.name, description: t.description, parameters: t.parameters };
      if (t.strict !== undefined) spec.strict = t.strict;
      return spec;
    });
    this.#observer = opts.observer ?? observerOf(opts.model);
    this.#setup = {
      model: opts.model,
      system: opts.instructions,
      tools,
      specs: specs.length > 0 ? specs : undefined,
      processors: [...(opts.historyProcessors ?? [])],
      maxSteps,
      toolTimeoutMs: duration("toolTimeoutMs", opts.toolTimeoutMs),
      maxInputTokens: resolveContextWindow(opts.contextWindow, opts.model),
      checkpoint: hook("checkpoint", opts.checkpoint),
      output: createOutput(
        opts.output,
        opts.outputJsonSchema,
        count("outputRetries", opts.outputRetries ?? 1, 0),
      ),
    };
  }

  /** Runs a new conversation that starts with `prompt` (text, or text, image and file parts). */
  run(prompt: string | Part[], opts?: RunOptions): Promise<RunResult<O>> {
    return this.runWithHistory([], prompt, opts);
  }

  /** Continues a stored conversation (e.g. from `parseHistory`) with `prompt`. */
  runWithHistory(
    history: Message[],
    prompt: string | Part[],
    opts?: RunOptions,
  ): Promise<RunResult<O>> {
    return this.#run({ history, prompt }, opts);
  }

  /** Runs like {@link Agent.runWithHistory}, streaming the model's deltas and each message as events. */
  runStream(prompt: string | Part[], opts?: RunStreamOptions): RunStream<O> {
    return this.#stream({ history: opts?.history ?? [], prompt }, opts);
  }

  /**
   * Goes on with a paused run (or a checkpoint): answers the open tool calls of `messages`'
   * last assistant message by `decisions` (one per call, by id: `true` runs it, `false` or
   * `{ approved: false, reason }` answers it with a tool error the model reads), then runs
   * the loop as `runWithHistory` does, without a prompt. The history may come from
   * `parseHistory` in another process; it is checked first: a malformed or edited history
   * (a recorded turn changed since the model returned it), a missing decision or one for a
   * call that is not open is a `HistoryError` before any tool runs or request goes out.
   * @example
   * const paused = await agent.run("Pay the invoice.");
   * if (paused.pending) {
   *   const decisions = Object.fromEntries(paused.pending.map((c) => [c.id, askPerson(c)]));
   *   const { output } = await agent.resume(paused.messages, decisions);
   * }
   */
  resume(messages: Message[], decisions: ToolDecisions, opts?: RunOptions): Promise<RunResult<O>> {
    return this.#run({ history: messages, resume: { decisions } }, opts);
  }

  /** {@link Agent.resume}, streamed as {@link Agent.runStream} streams a run. */
  resumeStream(messages: Message[], decisions: ToolDecisions, opts?: RunOptions): RunStream<O> {
    return this.#stream({ history: messages, resume: { decisions } }, opts);
  }

  /** One run, to its result. */
  async #run(start: RunFrom, opts: RunOptions | undefined): Promise<RunResult<O>> {
    const steps = this.#steps<O>({
      ...start,
      signal: opts?.signal,
      streaming: false,
      evidence: noEvidence(),
      checkpoint: hook("checkpoint", opts?.checkpoint),
    });
    for (;;) {
      const step = await steps.next();
      if (step.done) return step.value;
    }
  }

  /** One run, as a stream of its events. */
  #stream(start: RunFrom, opts: RunOptions | undefined): RunStream<O> {
    const checkpoint = hook("checkpoint", opts?.checkpoint);
    return createRunStream<O>(
      (signal, onResult, evidence) =>
        this.#steps({ ...start, signal, streaming: true, onResult, evidence, checkpoint }),
      opts?.signal,
    );
  }

  /** The loop of one run, told to the observer when there is one. */
  #steps<R>(input: RunInput<R>) {
    return this.#observer
      ? observeSteps(this.#setup, this.#observer, input)
      : runSteps(this.#setup, input);
  }
}

/** Where a run starts: a history, and a prompt or the decisions that resume it. */
type RunFrom = Pick<RunInput<unknown>, "history" | "prompt" | "resume">;

/** The agent's model is a {@link Model} (JS callers can pass anything, or nothing). */
function checkModel(model: unknown): void {
  const m = model as Partial<Model> | undefined;
  if (typeof m?.generate !== "function" || typeof m.stream !== "function") {
    throw new ConfigError(
      "Agent needs a `model`: one made by an adapter's create(), e.g. anthropic.create({ model, maxTokens })",
    );
  }
}

/** A function option: absent, or a function; a {@link ConfigError} otherwise. */
function hook<F>(option: string, value: F | undefined): F | undefined {
  if (value === undefined || typeof value === "function") return value;
  throw new ConfigError(`Agent ${option} must be a function`);
}

/** A time limit in ms: absent, or a positive number; a {@link ConfigError} otherwise. */
function duration(option: string, value: number | undefined): number | undefined {
  if (value === undefined || (Number.isFinite(value) && value > 0)) return value;
  throw new ConfigError(`Agent ${option} must be a positive number of milliseconds (got ${value})`);
}

/** `value`, when it is a whole number of at least `min`; a {@link ConfigError} naming the option otherwise. */
function count(option: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`Agent ${option} must be a whole number, at least ${min} (got ${value})`);
  }
  return value;
}
