import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import {
  type ResolvedTransport,
  resolveTransport,
  type TransportConfig,
} from "../../transport/options.js";
import type { ThinkingConfigParam } from "./wire.js";

/** How much the model thinks. */
export type ThinkingConfig =
  | { adaptive: true; display?: "summarized" | "omitted" }
  | { budgetTokens: number; display?: "summarized" | "omitted" }
  | { disabled: true };

export type Effort = "low" | "medium" | "high" | "xhigh" | "max";

/** Settings of `anthropic.create`. */
export interface Config extends TransportConfig {
  /** @defaultValue the `ANTHROPIC_API_KEY` environment variable */
  apiKey?: string;
  model: string;
  /** Output token cap; thinking counts against it. */
  maxTokens: number;
  /** Omitted: no `thinking` field is sent, and the model's default applies. */
  thinking?: ThinkingConfig;
  /** Sent as `output_config.effort`. */
  effort?: Effort;
}

export interface ResolvedConfig extends ResolvedTransport {
  apiKey: string;
  model: string;
  maxTokens: number;
  thinking: ThinkingConfigParam | undefined;
  effort: Effort | undefined;
}

export const DEFAULT_BASE_URL = "https://api.anthropic.com/v1";
const EFFORTS: readonly string[] = ["low", "medium", "high", "xhigh", "max"];
const DISPLAYS: readonly string[] = ["summarized", "omitted"];
const MIN_BUDGET = 1024;

/** Checks `anthropic.create`'s config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw new ConfigError("anthropic.create needs a config object");
  }
  const apiKey = config.apiKey ?? env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new ConfigError(
      "anthropic: no API key; pass `apiKey` or set the ANTHROPIC_API_KEY environment variable",
    );
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('anthropic: `model` is required (e.g. "claude-sonnet-4-5")');
  }
  const maxTokens = config.maxTokens;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new ConfigError(
      `anthropic: \`maxTokens\` must be a positive integer, got ${String(maxTokens)}`,
    );
  }
  if (config.effort !== undefined && !EFFORTS.includes(config.effort)) {
    throw new ConfigError(
      `anthropic: unknown \`effort\` ${JSON.stringify(config.effort)}; use one of ${EFFORTS.join(", ")}`,
    );
  }
  return {
    apiKey,
    model: config.model,
    maxTokens,
    thinking: resolveThinking(config.thinking, maxTokens),
    effort: config.effort,
    ...resolveTransport("anthropic", config, DEFAULT_BASE_URL),
  };
}

function resolveThinking(
  thinking: ThinkingConfig | undefined,
  maxTokens: number,
): ThinkingConfigParam | undefined {
  if (thinking === undefined) return undefined;
  if (typeof thinking !== "object" || thinking === null) {
    throw new ConfigError("anthropic: `thinking` must be an object");
  }
  const display = "display" in thinking ? thinking.display : undefined;
  if (display !== undefined && !DISPLAYS.includes(display)) {
    throw new ConfigError(`anthropic: unknown \`thinking.display\` ${JSON.stringify(display)}`);
  }
  const modes = ["adaptive", "budgetTokens", "disabled"].filter((k) => k in thinking);
  if (modes.length !== 1) {
    throw new ConfigError(
      "anthropic: `thinking` takes exactly one of { adaptive: true }, { budgetTokens }, { disabled: true }",
    );
  }
  if ("disabled" in thinking) {
    if (thinking.disabled !== true)
      throw new ConfigError("anthropic: `thinking.disabled` must be true");
    return { type: "disabled" };
  }
  if ("adaptive" in thinking) {
    if (thinking.adaptive !== true)
      throw new ConfigError("anthropic: `thinking.adaptive` must be true");
    return display ? { type: "adaptive", display } : { type: "adaptive" };
  }
  const budget = thinking.budgetTokens;
  if (!Number.isInteger(budget) || budget < MIN_BUDGET || budget >= maxTokens) {
    throw new ConfigError(
      `anthropic: \`thinking.budgetTokens\` must be an integer >= ${MIN_BUDGET} and < maxTokens (${maxTokens}), got ${String(budget)}`,
    );
  }
  return display
    ? { type: "enabled", budget_tokens: budget, display }
    : { type: "enabled", budget_tokens: budget };
}
