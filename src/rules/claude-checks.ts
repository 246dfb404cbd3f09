/**
 * Claude's checks of a call: the API-wide rules ({@link checkClaudeSettings}), then the
 * model-specific ones, read from the model's capabilities (metadata passed to
 * `create()` over the dated table of claude-models.ts). What neither knows is not checked.
 * @module
 */
import { ConfigError, HistoryError } from "../core/errors.js";
import { refuseSettings } from "../core/settings.js";
import { type Capabilities, mergeCapabilities, supported } from "./capabilities.js";
import {
  type ClaudeCallSettings,
  type ClaudeContext,
  THINKING_OPTION,
  type ThinkingParam,
} from "./claude.js";
import { claudeTable } from "./claude-models.js";

const SAMPLING = ["temperature", "topP", "topK"] as const;

/** The capabilities the rules read for `model`: the caller's metadata over the table row. */
export function claudeCapabilities(
  model: string,
  metadata: Capabilities | undefined,
): Capabilities | undefined {
  return mergeCapabilities(metadata, claudeTable(model));
}

/**
 * The rules of this model and API version: sampling fields, thinking modes, effort levels,
 * `maxTokens` within the model's cap, forced tool choice, prefill. Each complaint names the
 * model and, for a table row, where the rule is documented.
 */
export function checkClaudeModel(
  provider: string,
  model: string,
  thinking: ThinkingParam | undefined,
  s: ClaudeCallSettings,
  ctx: ClaudeContext,
): void {
  const fail = (what: string, why = "") =>
    new ConfigError(`${provider}: ${what}${why ? ` (${why})` : ""}`);
  const caps = claudeCapabilities(model, ctx.capabilities);
  if (!caps) return;
  const source = `${caps.reference ?? `${model}'s capabilities`}, ${caps.checked}`;
  if (caps.sampling === false) {
    refuseSettings(provider, s, SAMPLING, `is not accepted by ${model} (${source})`);
  }
  checkThinking(model, thinking, caps, ctx, fail, source);
  if (caps.effort && ctx.effort !== undefined && caps.effort[ctx.effort] === false) {
    throw fail(
      `effort ${JSON.stringify(ctx.effort)} is not accepted by ${model}; it takes ${supported(caps.effort).join(", ")}`,
      source,
    );
  }
  if (caps.maxOutputTokens !== undefined && (s.maxTokens ?? 0) > caps.maxOutputTokens) {
    throw fail(
      `\`maxTokens\` ${s.maxTokens} is above ${model}'s cap of ${caps.maxOutputTokens}`,
      source,
    );
  }
  if (caps.forcedToolChoice === false && isForced(s.toolChoice)) {
    throw fail(`${FORCED} by ${model}`, source);
  }
  const last = s.messages?.length ? s.messages.length - 1 : -1;
  if (caps.prefill === false && s.messages?.[last]?.role === "assistant") {
    throw new HistoryError(
      `${provider}: ${model} does not continue an assistant message (no prefill); end with a user message (${source})`,
      last,
    );
  }
}

function checkThinking(
  model: string,
  thinking: ThinkingParam | undefined,
  caps: Capabilities,
  ctx: ClaudeContext,
  fail: (what: string, why?: string) => ConfigError,
  source: string,
): void {
  if (thinking === undefined) return;
  const modes = caps.thinking ?? {};
  if (modes[thinking.type] === false) {
    const takes = supported(modes);
    throw fail(
      `\`thinking.${THINKING_OPTION[thinking.type]}\` is not accepted by ${model}${takes.length ? `; its thinking types are ${takes.join(", ")}` : ""}`,
      source,
    );
  }
  const efforts = caps.thinkingEfforts?.[thinking.type];
  if (efforts && ctx.effort !== undefined && !efforts.includes(ctx.effort)) {
    throw fail(
      `\`thinking.${THINKING_OPTION[thinking.type]}\` is not accepted by ${model} at effort "${ctx.effort}"; use ${efforts.join(", ")}`,
      source,
    );
  }
}

const FORCED = 'a forced `toolChoice` ("required" or { name }) is not accepted';

function isForced(choice: ClaudeCallSettings["toolChoice"]): boolean {
  return choice === "required" || typeof choice === "object";
}

/**
 * Claude's documented rules for one call, before any request (Anthropic and Claude on Bedrock
 * alike): the API-wide ones (temperature 0..1; with thinking on, temperature only 1, no topK,
 * topP only 0.95..1, no forced tool choice, `maxTokens` above a budget: Anthropic, "Extended
 * thinking", feature compatibility), then the model's own from its capabilities
 * ({@link checkClaudeModel}).
 */
export function checkClaudeSettings(
  provider: string,
  model: string,
  thinking: ThinkingParam | undefined,
  s: ClaudeCallSettings,
  ctx: ClaudeContext = {},
): void {
  const fail = (what: string) => new ConfigError(`${provider}: ${what}`);
  if (s.temperature !== undefined && s.temperature > 1) throw fail("`temperature` must be 0..1");
  checkClaudeModel(provider, model, thinking, s, ctx);
  if (thinking === undefined || thinking.type === "disabled") return;
  if (s.temperature !== undefined && s.temperature !== 1) {
    throw fail("`temperature` may only be 1 while thinking is on");
  }
  if (s.topK !== undefined) throw fail("`topK` is not accepted while thinking is on");
  // "Thinking may not be enabled when tool_choice forces tool use" (a 400).
  if (isForced(s.toolChoice)) throw fail(`${FORCED} while thinking is on`);
  if (s.topP !== undefined && s.topP < 0.95) {
    throw fail("`topP` must be 0.95..1 while thinking is on");
  }
  if (
    thinking.type === "enabled" &&
    s.maxTokens !== undefined &&
    s.maxTokens <= thinking.budget_tokens
  ) {
    throw fail(`\`maxTokens\` must be above thinking.budgetTokens (${thinking.budget_tokens})`);
  }
}
