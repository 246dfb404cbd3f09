import type { CallSettings } from "../core/types.js";
import { refuseSettings } from "../transport/settings.js";

/**
 * OpenAI's sampling rules by model, checked 2026-12 (sources in
 * docs/adr/0009-call-settings.md): reasoning models (o-series; gpt-5, -mini, -nano, -pro,
 * -codex) take no `temperature`, `top_p` or `stop` (OpenAI reasoning guide, "Limitations";
 * "Unsupported parameter: 'stop'", huggingface/smolagents#1662); gpt-5.1
 * and later take them only with reasoning effort `none` (OpenAI "GPT-5.1 parameter
 * compatibility"; vercel/ai#10932). Only `golem/openai` applies it: an Azure deployment's name
 * need not be its model's, so there the provider's own 400 arrives as an `APIError`.
 */
const REASONING_ONLY = /^(o\d|gpt-5(?!\.\d|-chat))/;
const SAMPLING_WITH_EFFORT_NONE = /^gpt-5\.\d/;

/** The rules of one call's settings on Chat Completions (`api`) or the Responses API. */
export function checkSettings(
  api: "chat" | "responses",
  cfg: { provider: string; model?: string; reasoningEffort?: string },
  s: CallSettings,
): void {
  const { provider: p, model = "" } = cfg;
  refuseSettings(p, s, ["topK"], "has no OpenAI field; leave it out");
  if (api === "responses") {
    refuseSettings(p, s, ["stopSequences", "seed"], "has no Responses API field");
  }
  if (p !== "openai") return;
  if (REASONING_ONLY.test(model)) {
    refuseSettings(
      p,
      s,
      ["temperature", "topP", "stopSequences"],
      `is not accepted by reasoning model ${model}`,
    );
  } else if (
    SAMPLING_WITH_EFFORT_NONE.test(model) &&
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
