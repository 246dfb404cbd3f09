import { ConfigError } from "../core/errors.js";
import { refuseSettings } from "../core/settings.js";
import type { CallSettings } from "../core/types.js";
import { type Capabilities, mergeCapabilities, supported } from "./capabilities.js";
import { openaiTable } from "./openai-models.js";
import { atLeast, gptVersion } from "./version.js";

/**
 * OpenAI's sampling rules by model, checked 2026-12 (sources in
 * docs/adr/0009-call-settings.md): reasoning models (o-series; gpt-5, -mini, -nano, -pro,
 * -codex) take no `temperature`, `top_p` or `stop` (OpenAI reasoning guide, "Limitations";
 * "Unsupported parameter: 'stop'", huggingface/smolagents#1662); gpt-5.1
 * and later take them only with reasoning effort `none` (OpenAI "GPT-5.1 parameter
 * compatibility"; vercel/ai#10932; for GPT-6 the latest-model guide). Matched by the parsed
 * version, so `gpt-6.1-sol` is 6.1 and `gpt-5-chat` is no reasoning model. Only `golem/openai`
 * applies the table: an Azure deployment's name need not be its model's, so there the
 * provider's own 400 arrives as an `APIError` unless the caller passes capabilities.
 */
function samplingRule(model: string): "never" | "effort-none" | undefined {
  if (/^o\d/.test(model)) return "never";
  const v = gptVersion(model);
  if (!v || v.major < 5) return undefined;
  if (v.major === 5 && v.minor === 0) {
    return ["", "mini", "nano", "pro", "codex"].includes(v.family) ? "never" : undefined;
  }
  return atLeast(v, 5, 1) && v.major <= 6 ? "effort-none" : undefined;
}

/** What the OpenAI checks read of a resolved config. */
export interface OpenAIRuleConfig {
  provider: string;
  model?: string;
  reasoningEffort?: string;
  /** Passed to `create()`; over the table row (openai only). */
  capabilities?: Capabilities | undefined;
}

/** The model's capabilities: the caller's over the table's (the table only for `openai`). */
export function openaiCapabilities(cfg: OpenAIRuleConfig): Capabilities | undefined {
  const table = cfg.provider === "openai" ? openaiTable(cfg.model ?? "") : undefined;
  return mergeCapabilities(cfg.capabilities, table);
}

/** The rules of one call's settings on Chat Completions (`api`) or the Responses API. */
export function checkSettings(
  api: "chat" | "responses",
  cfg: OpenAIRuleConfig,
  s: CallSettings,
): void {
  const { provider: p, model = "" } = cfg;
  refuseSettings(p, s, ["topK"], "has no OpenAI field; leave it out");
  if (api === "responses") {
    refuseSettings(p, s, ["stopSequences", "seed"], "has no Responses API field");
  }
  checkEffort(cfg);
  if (p !== "openai") return;
  const rule = samplingRule(model);
  if (rule === "never") {
    refuseSettings(
      p,
      s,
      ["temperature", "topP", "stopSequences"],
      `is not accepted by reasoning model ${model}`,
    );
  } else if (
    rule === "effort-none" &&
    cfg.reasoningEffort !== undefined &&
    cfg.reasoningEffort !== "none"
  ) {
    refuseSettings(
      p,
      s,
      ["temperature", "topP"],
      `is accepted by ${model} only with reasoningEffort "none"`,
    );
  }
}

function checkEffort(cfg: OpenAIRuleConfig): void {
  const caps = openaiCapabilities(cfg);
  const effort = cfg.reasoningEffort;
  if (!caps?.effort || effort === undefined || caps.effort[effort] !== false) return;
  throw new ConfigError(
    `${cfg.provider}: reasoningEffort ${JSON.stringify(effort)} is not accepted by ${caps.model}; it takes ${supported(caps.effort).join(", ")} (${caps.reference ?? "its capabilities"}, ${caps.checked})`,
  );
}

/**
 * Function tools on Chat Completions, where the model takes them only on the Responses API
 * (GPT-6.1 Sol, GPT-6.2 Astra) or only with reasoning effort `none` (GPT-6 Sol and Luna): a
 * {@link ConfigError} naming `api: "responses"`, before the request.
 */
export function checkChatTools(cfg: OpenAIRuleConfig, tools: number): void {
  const caps = openaiCapabilities(cfg);
  if (!caps || tools === 0 || caps.chatTools === undefined || caps.chatTools === true) return;
  if (caps.chatTools === "effort-none" && cfg.reasoningEffort === "none") return;
  const only = caps.chatTools === "effort-none" ? ' (or reasoningEffort: "none")' : "";
  throw new ConfigError(
    `${cfg.provider}: ${caps.model} takes function tools on Chat Completions only through the Responses API; create it with api: "responses"${only} (${caps.reference ?? "its capabilities"}, ${caps.checked})`,
  );
}
