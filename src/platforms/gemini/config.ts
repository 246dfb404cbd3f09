import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import {
  type KeySet,
  type ResolvedTransport,
  refuseUnknownKeys,
  resolveTransport,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import {
  type GeminiOptions,
  isObject,
  OPTION_KEYS,
  type Problem,
  type ResolvedOptions,
  resolveOptions,
  thinkingProblem,
  unless,
} from "../../wires/generate-content/options.js";

export type { ThinkingConfig } from "../../wires/generate-content/options.js";

/** Options of `gemini.create`. */
export interface Config extends TransportConfig, GeminiOptions {
  /** API key, sent as `x-goog-api-key`. @defaultValue `GEMINI_API_KEY`, then `GOOGLE_API_KEY` */
  apiKey?: string;
  /** Model id (`gemini-3-pro-preview`) or a full path (`tunedModels/x`). */
  model: string;
}

/** A checked config with defaults applied and the thinking options in wire form. */
export interface ResolvedConfig extends ResolvedTransport, ResolvedOptions {
  apiKey: string;
}

/** The Gemini API (not Vertex AI) at its default version, as js-genai uses it. */
export const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

const MODEL = 'is required: a model id such as "gemini-3-pro-preview"';

/**
 * The first problem with Gemini's own options (the transport's are checked by
 * `resolveTransport`, as for every adapter). Plain checks that refuse what the zod schema they
 * replaced refused, in the same order, with the same messages (test/providers/gemini/config.test.ts
 * keeps that schema as their reference).
 */
function configProblem(config: unknown): Problem | undefined {
  if (!isObject(config)) return ["", "must be an object"];
  const c = config as Record<string, unknown>;
  return (
    unless(c.apiKey === undefined || typeof c.apiKey === "string", "apiKey", "must be a string") ??
    unless(typeof c.model === "string" && c.model !== "", "model", MODEL) ??
    unless(
      c.cachedContent === undefined ||
        (typeof c.cachedContent === "string" && c.cachedContent !== ""),
      "cachedContent",
      'must be a cache name such as "cachedContents/abc123"',
    ) ??
    (c.thinking === undefined ? undefined : thinkingProblem(c.thinking))
  );
}

const CONFIG_KEYS: KeySet<Config> = {
  ...TRANSPORT_KEYS,
  ...OPTION_KEYS,
  apiKey: true,
  model: true,
};

/**
 * Checks a config and applies defaults; throws {@link ConfigError} naming the option (and the
 * environment variable that would supply a missing key) before any request is made.
 */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const problem = configProblem(config);
  if (problem) throw new ConfigError(`gemini: ${problem[0] || "config"}: ${problem[1]}`);
  refuseUnknownKeys("gemini", config, CONFIG_KEYS);
  const apiKey =
    nonEmpty(config.apiKey) ?? nonEmpty(env.GEMINI_API_KEY) ?? nonEmpty(env.GOOGLE_API_KEY);
  if (apiKey === undefined) {
    throw new ConfigError(
      "gemini: no API key: pass apiKey or set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable",
    );
  }
  return {
    apiKey,
    ...resolveOptions("gemini", config.model, config),
    ...resolveTransport("gemini", config, DEFAULT_BASE_URL),
  };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}
