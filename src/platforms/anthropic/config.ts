import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import type { ClaudeModelId } from "../../rules/model-ids.js";
import type { KeySet, ResolvedTransport, TransportConfig } from "../../transport/options.js";
import { refuseBadConfig, resolveBaseURL, resolveTransport } from "../../transport/options.js";
import type { MessagesOptions, ResolvedOptions } from "../../wires/messages/options.js";
import { PLATFORM_KEYS, resolveOptions } from "../../wires/messages/options.js";

export type {
  CacheConfig,
  ContextManagement,
  Effort,
  FallbackModel,
  FallbackOutputConfig,
  Fallbacks,
  ThinkingConfig,
} from "../../wires/messages/options.js";
export { checkSettings } from "../../wires/messages/options.js";

import { checkVersionSettings } from "../../wires/messages/call.js";

/** The `anthropic-version` values golem speaks. */
export type AnthropicVersion = "2023-06-01" | "2026-10-21";
const VERSIONS: readonly string[] = ["2023-06-01", "2026-10-21"];

/** Settings of `anthropic.create`. */
export interface Config extends TransportConfig, MessagesOptions {
  /** @defaultValue the `ANTHROPIC_API_KEY` environment variable */
  apiKey?: string;
  /**
   * The API's URL, as Anthropic's SDKs take it (`https://api.anthropic.com`) or with `/v1` on
   * it: golem's paths go under `/v1` either way.
   * @defaultValue the `ANTHROPIC_BASE_URL` environment variable, else `https://api.anthropic.com`
   */
  baseURL?: string;
  /** The model id, e.g. `claude-sonnet-5-5`; any string is sent as given. */
  model: ClaudeModelId;
  /**
   * The `anthropic-version` header. `"2026-10-21"` (the newest SDKs' default) refuses
   * `temperature`, `topP` and `topK`, a document in an assistant message and user text with
   * citations; golem refuses them before the request. @defaultValue "2023-06-01"
   */
  anthropicVersion?: AnthropicVersion;
}

/** A checked `anthropic.create` config: the key, the Messages options and the transport. */
export interface ResolvedConfig extends ResolvedTransport, ResolvedOptions {
  apiKey: string;
  apiVersion: AnthropicVersion;
}

export const DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

/**
 * The base URL golem's paths go under, ending in `/v1`: `baseURL`, else `ANTHROPIC_BASE_URL`,
 * else the API's. Anthropic's SDKs take it without `/v1` (`https://api.anthropic.com`) and
 * add `/v1/messages`; golem took it with `/v1`: both forms reach the same endpoints.
 */
export function anthropicBaseURL(baseURL: string | undefined, env: Env): string {
  const fromEnv = baseURL === undefined ? envVar(env, "ANTHROPIC_BASE_URL") : undefined;
  const option = fromEnv ? "ANTHROPIC_BASE_URL" : "baseURL";
  const url = resolveBaseURL("anthropic", baseURL ?? (fromEnv || DEFAULT_BASE_URL), option);
  return url.endsWith("/v1") ? url : `${url}/v1`;
}

const CONFIG_KEYS: KeySet<Config> = { ...PLATFORM_KEYS, apiKey: true, anthropicVersion: true };

/** Checks `anthropic.create`'s config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig("anthropic", config, CONFIG_KEYS, "anthropic.create needs a config object");
  if (config.apiKey !== undefined && typeof config.apiKey !== "string") {
    throw new ConfigError("anthropic: `apiKey` must be a string");
  }
  const apiKey = resolveApiKey(config, env);
  if (!isNonEmptyString(config.model)) {
    throw new ConfigError('anthropic: `model` is required (e.g. "claude-sonnet-5-5")');
  }
  const apiVersion = resolveVersion(config.anthropicVersion);
  checkVersionSettings(apiVersion, config);
  return {
    apiKey,
    apiVersion,
    ...resolveOptions("anthropic", config.model, config),
    ...resolveTransport(
      "anthropic",
      { ...config, baseURL: anthropicBaseURL(config.baseURL, env) },
      DEFAULT_BASE_URL,
    ),
  };
}

/** The key: `apiKey`, else `ANTHROPIC_API_KEY`; `create()` and `capabilities()` both need one. */
export function resolveApiKey(config: { apiKey?: string | undefined }, env: Env): string {
  const apiKey = config.apiKey ?? env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new ConfigError(
      "anthropic: no API key; pass `apiKey` or set the ANTHROPIC_API_KEY environment variable",
    );
  }
  return apiKey;
}

function resolveVersion(version: AnthropicVersion | undefined): AnthropicVersion {
  if (version === undefined) return "2023-06-01";
  if (!VERSIONS.includes(version)) {
    throw new ConfigError(
      `anthropic: \`anthropicVersion\` must be one of ${VERSIONS.join(", ")}, got ${JSON.stringify(version)}`,
    );
  }
  return version;
}
