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
