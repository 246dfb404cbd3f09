import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import {
  type KeySet,
  mergeHeaders,
  type ResolvedTransport,
  refuseBadConfig,
  resolveTransport,
  type TransportConfig,
} from "../../transport/options.js";
import {
  type CohereOptions,
  PLATFORM_KEYS,
  type ResolvedOptions,
  resolveOptions,
} from "../../wires/cohere/options.js";

export type { ThinkingConfig } from "../../wires/cohere/options.js";

/** Options of `cohere.create`. */
export interface Config extends TransportConfig, CohereOptions {
  /** Sent as `Authorization: Bearer …`. @defaultValue process.env.CO_API_KEY */
  apiKey?: string;
  /** The model id, e.g. `"command-a-reasoning-08-2025"`. */
  model: string;
  /** Sent as `max_tokens`: the answer's cap, thinking included. */
  maxTokens?: number;
  /** Everything before `/v2/chat`. @defaultValue "https://api.cohere.com" */
  baseURL?: string;
}

/** A checked config with defaults applied and the wire's options in wire form. */
export interface ResolvedConfig extends ResolvedTransport, ResolvedOptions {
  apiKey: string;
}

/** Cohere's API, as its SDKs call it (their `CohereEnvironment.Production`). */
export const DEFAULT_BASE_URL = "https://api.cohere.com";

const CONFIG_KEYS: KeySet<Config> = PLATFORM_KEYS;

/**
 * Checks a config and applies defaults; throws {@link ConfigError} naming the option (and the
 * environment variable that would supply a missing key) before any request is made.
 */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig("cohere", config, CONFIG_KEYS, "cohere: config must be an object");
  const { model, apiKey: given } = config;
  if (typeof model !== "string" || model === "") {
    throw new ConfigError(
      'cohere: model is required: a model id such as "command-a-reasoning-08-2025"',
    );
  }
  if (given !== undefined && typeof given !== "string") {
    throw new ConfigError("cohere: apiKey must be a string");
  }
  // CO_API_KEY is the variable Cohere's SDKs read.
  const apiKey = nonEmpty(given) ?? nonEmpty(env.CO_API_KEY);
  if (apiKey === undefined) {
    throw new ConfigError(
      "cohere: no API key: pass apiKey or set the CO_API_KEY environment variable",
    );
  }
  const transport = resolveTransport("cohere", config, DEFAULT_BASE_URL);
  return {
    apiKey,
    ...resolveOptions("cohere", model, config),
    ...transport,
    headers: mergeHeaders({}, transport.headers, { "content-type": "application/json" }),
  };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}
