/**
 * The agent's context-window check (`AgentOptions.contextWindow`): before each model call the
 * step's request is counted by the provider's own count endpoint (`model.countTokens`, which
 * builds the very body `generate` would send), and a request above the limit stops the run
 * before the generate request. golem never estimates a count: a model that cannot count
 * cannot be checked, and saying so at construction beats a check that guesses.
 * @module
 */
import { ConfigError, GolemError } from "../core/errors.js";
import type { CallOptions, Model, ModelRequest } from "../core/types.js";
import type { Capabilities } from "../rules/capabilities.js";

/**
 * A context window: a number of input tokens, or a model's capabilities
 * (`anthropic.capabilities()`, `gemini.capabilities()`) whose `maxInputTokens` is read.
 */
export type ContextWindow = number | Capabilities;

/**
 * The limit `contextWindow` names, checked against the model: a positive integer, from a
 * number or from capabilities that report one, on a model with `countTokens`. Absent: no
 * check. Every complaint is a {@link ConfigError} naming the option.
 */
export function resolveContextWindow(
  window: ContextWindow | undefined,
  model: Model,
): number | undefined {
  if (window === undefined) return undefined;
  const limit = typeof window === "object" && window !== null ? window.maxInputTokens : window;
  if (!Number.isSafeInteger(limit) || (limit as number) < 1) {
    const what =
      typeof window === "object" && window !== null
        ? `the capabilities of ${window.model} report no maxInputTokens; pass a number of input tokens`
        : `must be a whole number of input tokens, at least 1 (got ${String(window)})`;
    throw new ConfigError(`Agent contextWindow: ${what}`);
  }
  if (typeof model.countTokens !== "function") {
    throw new ConfigError(
      `Agent contextWindow: ${model.provider} model ${model.model} has no countTokens, so the window cannot be checked (golem does not estimate a count)`,
    );
  }
  return limit as number;
}

/** The input tokens of `request`, as the model's provider counts them. */
export async function countInput(
  model: Model,
  request: ModelRequest,
  opts: CallOptions,
): Promise<number> {
  // resolveContextWindow made sure the model counts.
  const answer = await (model.countTokens as NonNullable<Model["countTokens"]>)(request, opts);
  const tokens = typeof answer === "number" ? answer : answer?.inputTokens;
  if (!Number.isSafeInteger(tokens) || (tokens as number) < 0) {
    throw new GolemError(
      `${model.provider}: countTokens answered ${JSON.stringify(answer)}, not a number of input tokens`,
    );
  }
  return tokens as number;
}
