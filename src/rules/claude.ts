import { ConfigError } from "../core/errors.js";
import { isObjectLike } from "../core/issue.js";
import type { Message } from "../core/types.js";
import type { Capabilities } from "./capabilities.js";

/**
 * Claude's model-family rules: the thinking switch and effort, as `golem/anthropic` and
 * `golem/bedrock` both take them, and the documented sampling rules by model. Bedrock passes
 * the very JSON Anthropic's API takes through `additionalModelRequestFields`, so the one check
 * of it lives here, read by every wire and platform that serves Claude, rather than in one
 * provider folder that the others would have to import. Each rule names its source and date.
 */

/** How much the model thinks. */
export type ThinkingConfig =
  | { adaptive: true; display?: "summarized" | "omitted" }
  | { budgetTokens: number; display?: "summarized" | "omitted" }
  | { disabled: true }
  /** No thinking before the first tool call, thinking between tool calls (Claude Sonnet 5.5). */
  | { betweenTools: true; display?: "summarized" | "omitted" };

/** The `thinking` field both APIs take. */
export type ThinkingParam =
  | { type: "enabled"; budget_tokens: number; display?: "summarized" | "omitted" }
  | { type: "adaptive"; display?: "summarized" | "omitted" }
  | { type: "between_tools"; display?: "summarized" | "omitted" }
  | { type: "disabled" };

export type Effort = "low" | "medium" | "high" | "xhigh" | "max";

/** The keys of every form of {@link ThinkingConfig}, for the config's key set. */
export const THINKING_KEYS = {
  adaptive: true,
  budgetTokens: true,
  disabled: true,
  betweenTools: true,
  display: true,
} as const;

/** The effort levels Claude takes (`output_config.effort`). */
export const CLAUDE_EFFORTS: readonly string[] = ["low", "medium", "high", "xhigh", "max"];
const EFFORTS = CLAUDE_EFFORTS;

/** The config option behind each wire thinking type: exactly one of them is a `thinking`. */
export const THINKING_OPTION: Record<ThinkingParam["type"], string> = {
  adaptive: "adaptive",
  enabled: "budgetTokens",
  disabled: "disabled",
  between_tools: "betweenTools",
};
const DISPLAYS: readonly string[] = ["summarized", "omitted"];
const MIN_BUDGET = 1024;

/** Checks `effort`; a complaint is a {@link ConfigError} naming `provider`. */
export function resolveEffort(provider: string, effort: Effort | undefined): Effort | undefined {
  if (effort !== undefined && !EFFORTS.includes(effort)) {
    throw new ConfigError(
      `${provider}: unknown \`effort\` ${JSON.stringify(effort)}; use one of ${EFFORTS.join(", ")}`,
    );
  }
  return effort;
}

/**
 * Checks `thinking` and turns it into the wire field. The 1024-token minimum budget is
 * Anthropic's "Extended thinking" guide (checked 2026-12). Without `maxTokens` (Bedrock's is
 * optional) the model's own cap applies, which cannot be checked here.
 */
export function resolveThinking(
  provider: string,
  thinking: ThinkingConfig | undefined,
  maxTokens: number | undefined,
): ThinkingParam | undefined {
  if (thinking === undefined) return undefined;
  const fail = (what: string) => new ConfigError(`${provider}: ${what}`);
  if (!isObjectLike(thinking)) {
    throw fail("`thinking` must be an object");
  }
  const types = (Object.keys(THINKING_OPTION) as ThinkingParam["type"][]).filter(
    (t) => THINKING_OPTION[t] in thinking,
  );
  if (types.length !== 1) {
    throw fail(
      "`thinking` takes exactly one of { adaptive: true }, { budgetTokens }, { disabled: true }, { betweenTools: true }",
    );
  }
  const display = "display" in thinking ? thinking.display : undefined;
  if (display !== undefined && !DISPLAYS.includes(display)) {
    throw fail(
      `unknown \`thinking.display\` ${JSON.stringify(display)}; use "summarized" or "omitted"`,
    );
  }
  const type = types[0] as ThinkingParam["type"];
  if (type !== "enabled") {
    // `{ adaptive: true }`, `{ disabled: true }`, `{ betweenTools: true }`: a switch.
    const option = THINKING_OPTION[type];
    if ((thinking as Record<string, unknown>)[option] !== true) {
      throw fail(`\`thinking.${option}\` must be true`);
    }
    return type === "disabled" || !display ? { type } : { type, display };
  }
  const budget = (thinking as { budgetTokens: number }).budgetTokens;
  if (
    !Number.isInteger(budget) ||
    budget < MIN_BUDGET ||
    (maxTokens !== undefined && budget >= maxTokens)
  ) {
    const cap = maxTokens === undefined ? "" : ` and < maxTokens (${maxTokens})`;
    throw fail(
      `\`thinking.budgetTokens\` must be an integer >= ${MIN_BUDGET}${cap}, got ${String(budget)}`,
    );
  }
  return display
    ? { type: "enabled", budget_tokens: budget, display }
    : { type: "enabled", budget_tokens: budget };
}

/** What a call's Claude checks read besides the thinking field. */
export interface ClaudeCallSettings {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  toolChoice?: "auto" | "none" | "required" | { name: string };
  /** The call's history, for the prefill rule (absent at `create()`). */
  messages?: readonly Message[];
}

/** What is known of the model, for the model-specific rules. */
export interface ClaudeContext {
  /** Metadata passed to `create()`, if any (the table fills what it does not say). */
  capabilities?: Capabilities | undefined;
  effort?: Effort | undefined;
}
