import { ConfigError } from "../../core/errors.js";
import type { CallSettings, OutputSpec } from "../../core/types.js";
import { refuseSettings } from "../../transport/settings.js";
import { strictSchema } from "./strict-schema.js";
import type { ReasoningEffort } from "./wire.js";

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
  cfg: { provider: string; model?: string; reasoningEffort?: ReasoningEffort },
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

/**
 * The JSON-schema format both APIs take (Chat nests it under `json_schema`): `name` is
 * required on the wire, `"output"` when the spec has none, and must match
 * `^[a-zA-Z0-9_-]{1,64}$` (API reference, `response_format.json_schema.name`). Strict unless
 * `output.strict` is `false`, with the schema made into one strict mode takes
 * ({@link strictSchema}: a zod schema's input side leaves optional and defaulted keys out of
 * `required`, which strict mode answers with a 400).
 */
export function jsonSchemaFormat(provider: string, output: OutputSpec) {
  const name = output.name ?? "output";
  // The API's own rule for the name (a 400 otherwise).
  if (!/^[\w-]{1,64}$/.test(name)) {
    throw new ConfigError(
      `${provider}: \`output.name\` must be 1 to 64 letters, digits, "_" or "-", got ${JSON.stringify(name)}`,
    );
  }
  const strict = output.strict !== false;
  const format: { name: string; schema: object; strict: boolean; description?: string } = {
    name,
    schema: strict ? strictSchema(provider, output.schema) : output.schema,
    strict,
  };
  if (output.description !== undefined) format.description = output.description;
  return format;
}
