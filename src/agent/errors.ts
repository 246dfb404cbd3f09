import { GolemError } from "../core/errors.js";
import type { Message, Usage } from "../core/types.js";

/**
 * The run made `maxSteps` model calls and the model still asks for tools. The run's work is
 * kept: `messages` is the history plus every message the run added (the last one the
 * assistant turn whose tools were not run), ready for `runWithHistory` with a higher limit
 * once its calls are answered.
 */
export class MaxStepsError extends GolemError {
  override name = "MaxStepsError";
  /** The evidence so far, as `RunResult.messages` would hold it. */
  messages: Message[];
  /** Token counts summed over the run's model calls. */
  usage: Usage;
  /** How many model calls the run made (its `maxSteps`). */
  steps: number;
  constructor(message: string, run?: { messages: Message[]; usage: Usage; steps: number }) {
    super(message);
    this.messages = run?.messages ?? [];
    this.usage = run?.usage ?? { inputTokens: 0, outputTokens: 0 };
    this.steps = run?.steps ?? 0;
  }
}

/**
 * A step's request would not fit the model's context window (`AgentOptions.contextWindow`):
 * the provider's own count said so before the call, so no generate request was made. The
 * run's work is kept as in {@link MaxStepsError}: `messages` is the history plus every
 * message the run added, ready to be shortened and passed to `runWithHistory` again.
 */
export class ContextWindowError extends GolemError {
  override name = "ContextWindowError";
  /** The evidence so far, as `RunResult.messages` would hold it. */
  messages: Message[];
  /** Token counts summed over the run's model calls. */
  usage: Usage;
  /** How many model calls the run made before this one. */
  steps: number;
  /** What the provider counted for the refused request. */
  inputTokens: number;
  /** The limit it was checked against. */
  maxInputTokens: number;
  constructor(
    message: string,
    run?: { messages: Message[]; usage: Usage; steps: number },
    tokens?: { inputTokens: number; maxInputTokens: number },
  ) {
    super(message);
    this.messages = run?.messages ?? [];
    this.usage = run?.usage ?? { inputTokens: 0, outputTokens: 0 };
    this.steps = run?.steps ?? 0;
    this.inputTokens = tokens?.inputTokens ?? 0;
    this.maxInputTokens = tokens?.maxInputTokens ?? 0;
  }
}

/**
 * What a run had done when it stopped, as its `RunResult` would have held it: every error
 * `run`, `runWithHistory` and `runStream` reject with carries these three fields.
 */
export interface RunEvidence {
  /** The history, then every message the run added, unchanged (signatures included). */
  messages: Message[];
  /** Token counts summed over the model calls that answered. */
  usage: Usage;
  /** How many model calls answered. */
  steps: number;
}

/**
 * A run stopped on a value golem could not attach its evidence to: a thrown string or other
 * non-object, a frozen object, or an abort reason another run (on the same signal) already
 * carries its evidence on. `cause` is that value, as thrown.
 */
export class RunError extends GolemError {
  override name = "RunError";
  messages: Message[];
  usage: Usage;
  steps: number;
  constructor(cause: unknown, run?: RunEvidence) {
    super(`The run stopped: ${describeCause(cause)}`, { cause });
    this.messages = run?.messages ?? [];
    this.usage = run?.usage ?? { inputTokens: 0, outputTokens: 0 };
    this.steps = run?.steps ?? 0;
  }
}

/**
 * The evidence a failed run's error carries, whatever stopped the run; `undefined` for an
 * error that did not come from a run.
 * @example
 * try {
 *   await agent.run("Weather in Paris?");
 * } catch (err) {
 *   const run = runEvidenceOf(err);
 *   if (run) store(serializeHistory(run.messages)); // the signed turns and tool results so far
 *   if (err instanceof APIError && err.retryable) retryLater();
 * }
 */
export function runEvidenceOf(err: unknown): RunEvidence | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const { messages, usage, steps } = err as Partial<RunEvidence>;
  if (!Array.isArray(messages) || typeof usage !== "object" || usage === null) return undefined;
  return typeof steps === "number" ? { messages, usage, steps } : undefined;
}

/**
 * The error a run rejects with: `err` itself (so `instanceof APIError` and `=== signal.reason`
 * still hold) with the run's evidence attached, or, when `err` cannot take it, a
 * {@link RunError} around it. Attached fields are not enumerable: a logged provider error does
 * not print the whole conversation. An error this run made with its evidence stays as it is.
 */
export function withEvidence(err: unknown, run: RunEvidence): unknown {
  if (typeof err === "object" && err !== null) {
    if ((err as Partial<RunEvidence>).messages === run.messages) return err;
    const free = !("messages" in err) && !("usage" in err) && !("steps" in err);
    if (free && Object.isExtensible(err)) {
      const field = (value: unknown) => ({ value, writable: true, configurable: true });
      Object.defineProperties(err, {
        messages: field(run.messages),
        usage: field(run.usage),
        steps: field(run.steps),
      });
      return err;
    }
  }
  return new RunError(err, run);
}

/** A thrown value in a sentence: an error's name and message, anything else as a string. */
function describeCause(cause: unknown): string {
  const e = cause as { name?: unknown; message?: unknown } | null;
  if (typeof e === "object" && e !== null && typeof e.message === "string") {
    return `${String(e.name)}: ${e.message}`;
  }
  try {
    return String(cause);
  } catch {
    return typeof cause;
  }
}
