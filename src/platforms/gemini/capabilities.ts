import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { type Capabilities, mergeCapabilities } from "../../rules/capabilities.js";
import { geminiTable } from "../../rules/gemini.js";
import { count, type ModelsAPI, today } from "../../send/capabilities.js";
import { type KeySet, TRANSPORT_KEYS, type TransportConfig } from "../../transport/options.js";
import { modelPath, readError } from "../../wires/generate-content/call.js";
import { DEFAULT_BASE_URL } from "./config.js";

/** What `gemini.capabilities` needs: the key and transport of `create()`, no model. */
export interface CapabilitiesConfig extends TransportConfig {
  /** @defaultValue `GEMINI_API_KEY`, then `GOOGLE_API_KEY` */
  apiKey?: string;
  signal?: AbortSignal;
}

const KEYS: KeySet<CapabilitiesConfig> = { ...TRANSPORT_KEYS, apiKey: true, signal: true };

/**
 * A `Model` resource -> {@link Capabilities}: `inputTokenLimit`, `outputTokenLimit`,
 * `maxTemperature` and `thinking`, with golem's table row filling the rest (sampling and
 * prefill on Gemini 3.6+ Flash).
 * @see https://ai.google.dev/api/models#Model
 */
export function parseModel(resource: Record<string, unknown>, asked: string): Capabilities {
  const name = typeof resource.name === "string" ? resource.name.replace(/^models\//, "") : asked;
  const out: Capabilities = { model: name, source: "metadata", checked: today() };
  const input = count(resource.inputTokenLimit);
  const output = count(resource.outputTokenLimit);
  if (input !== undefined) out.maxInputTokens = input;
  if (output !== undefined) out.maxOutputTokens = output;
  if (typeof resource.maxTemperature === "number") out.maxTemperature = resource.maxTemperature;
  if (typeof resource.thinking === "boolean") out.thinking = { thinking: resource.thinking };
  return mergeCapabilities(out, geminiTable(name)) as Capabilities;
}

/** The key, from the config or `GEMINI_API_KEY`, then `GOOGLE_API_KEY`. */
function apiKey(config: CapabilitiesConfig, env: Env): string {
  const key = config.apiKey || env.GEMINI_API_KEY || env.GOOGLE_API_KEY;
  if (!key) {
    throw new ConfigError(
      "gemini: no API key: pass apiKey or set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable",
    );
  }
  return key;
}

/**
 * The Gemini API's `models.get`, for `gemini.capabilities`: `GET /v1beta/models/{model}` with
 * the key of `create()`.
 */
export const MODELS_API: ModelsAPI<CapabilitiesConfig> = {
  provider: "gemini",
  missingModel: 'gemini.capabilities: a model id is required (e.g. "gemini-3.6-flash")',
  path: modelPath,
  keys: KEYS,
  defaultBaseURL: DEFAULT_BASE_URL,
  headers: () => ({}),
  apiKey,
  auth: (key) => ({ "x-goog-api-key": key }),
  parse: parseModel,
  readError,
};
