import { type Capabilities, mergeCapabilities, type Support } from "../../rules/capabilities.js";
import { claudeTable } from "../../rules/claude-models.js";
import { count, type ModelsAPI, today } from "../../rules/metadata.js";
import { type KeySet, TRANSPORT_KEYS, type TransportConfig } from "../../transport/options.js";
import {
  type AnthropicVersion,
  anthropicBaseURL,
  DEFAULT_BASE_URL,
  resolveApiKey,
} from "./config.js";
import { ANTHROPIC_VERSION } from "./platform.js";
import { readError } from "./response.js";

/** What `anthropic.capabilities` needs: the key and transport of `create()`, no model. */
export interface CapabilitiesConfig extends TransportConfig {
  /** @defaultValue the `ANTHROPIC_API_KEY` environment variable */
  apiKey?: string;
  anthropicVersion?: AnthropicVersion;
  signal?: AbortSignal;
}

const KEYS: KeySet<CapabilitiesConfig> = {
  ...TRANSPORT_KEYS,
  apiKey: true,
  anthropicVersion: true,
  signal: true,
};

/** `{ supported }` objects by name -> a {@link Support} map (the `supported` flag itself left out). */
function support(value: unknown): Support | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const out: Support = {};
  for (const [k, v] of Object.entries(value)) {
    const flag = (v as { supported?: unknown } | null)?.supported;
    if (k !== "supported" && typeof flag === "boolean") out[k] = flag;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A `ModelInfo` answer -> {@link Capabilities}: `max_input_tokens`, `max_tokens`, thinking
 * types, effort levels and context-management edits, with golem's table row filling what the
 * API does not report (sampling, forced tool choice, prefill, `disabled`, `between_tools`).
 * @see https://platform.claude.com/docs/en/api/models/retrieve
 */
export function parseModelInfo(info: Record<string, unknown>, asked: string): Capabilities {
  const id = typeof info.id === "string" ? info.id : asked;
  const caps = (info.capabilities ?? {}) as Record<string, { types?: unknown } | undefined>;
  const out: Capabilities = { model: id, source: "metadata", checked: today() };
  const fields: [keyof Capabilities, unknown][] = [
    ["maxInputTokens", count(info.max_input_tokens)],
    ["maxOutputTokens", count(info.max_tokens)],
    ["thinking", support(caps.thinking?.types)],
    ["effort", support(caps.effort)],
    ["contextEdits", support(caps.context_management)],
  ];
  for (const [k, v] of fields) if (v !== undefined) Object.assign(out, { [k]: v });
  return mergeCapabilities(out, claudeTable(id)) as Capabilities;
}

/**
 * Anthropic's models API, for `anthropic.capabilities`: `GET /v1/models/{model_id}` (an id or
 * an alias) with the key and version of `create()`.
 */
export const MODELS_API: ModelsAPI<CapabilitiesConfig> = {
  provider: "anthropic",
  missingModel: 'anthropic.capabilities: a model id is required (e.g. "claude-opus-5-5")',
  keys: KEYS,
  defaultBaseURL: DEFAULT_BASE_URL,
  baseURL: (config, env) => anthropicBaseURL(config.baseURL, env),
  path: (model) => `models/${encodeURIComponent(model)}`,
  headers: (config) => ({ "anthropic-version": config.anthropicVersion ?? ANTHROPIC_VERSION }),
  apiKey: resolveApiKey,
  auth: (key) => ({ "x-api-key": key }),
  parse: parseModelInfo,
  readError,
};
