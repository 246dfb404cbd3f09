import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import {
  type KeySet,
  type ResolvedTransport,
  refuseUnknownKeys,
  resolveTransport,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import { pickSettings, SETTING_KEYS } from "../../transport/settings.js";
import type { GenerationConfig, ThinkingConfig as WireThinkingConfig } from "./wire.js";

/** How much Gemini thinks and whether it returns thought summaries. */
export interface ThinkingConfig {
  /** Return thought summaries as thinking blocks (`thinkingConfig.includeThoughts`). */
  includeThoughts?: boolean;
  /** Token budget (`thinkingBudget`): `-1` dynamic, `0` off where allowed. Not with `level`. */
  budget?: number;
  /** Gemini 3 thinking level (`thinkingLevel`, sent upper case). Not with `budget`. */
  level?: "minimal" | "low" | "medium" | "high";
}

/** Options of `gemini.create`. */
export interface Config extends TransportConfig, CallSettings {
  /** API key, sent as `x-goog-api-key`. @defaultValue `GEMINI_API_KEY`, then `GOOGLE_API_KEY` */
  apiKey?: string;
  /** Model id (`gemini-3-pro-preview`) or a full path (`tunedModels/x`). */
  model: string;
  thinking?: ThinkingConfig;
  /**
   * An explicit cache's resource name (`cachedContents/…`), sent as `cachedContent`; the
   * prompt then continues that cache. Implicit caching needs nothing (docs/caching.md).
   */
  cachedContent?: string;
  /**
   * Gemini binds no reasoning to its prefix (a thought signature rides its own part), so only
   * `"off"` is taken; the others are a ConfigError (docs/append-only.md). @defaultValue "off"
   */
  prefixCheck?: PrefixCheck;
}

/** A checked config with defaults applied and the thinking options in wire form. */
export interface ResolvedConfig extends ResolvedTransport {
  apiKey: string;
  model: string;
  /** The thinking options; `undefined` when there is nothing to send. */
  generationConfig: GenerationConfig | undefined;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings;
  cachedContent?: string | undefined;
}

/** The Gemini API (not Vertex AI) at its default version, as js-genai uses it. */
export const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

const LEVELS: readonly unknown[] = ["minimal", "low", "medium", "high"];

const OBJECT = "must be an object";
const BUDGET = "must be an integer: -1 (dynamic), 0 (off) or a token count";
const MODEL = 'is required: a model id such as "gemini-3-pro-preview"';
const LEVEL = 'must be "minimal", "low", "medium" or "high"';

/** What is wrong with a config: the option's path (`""` for the config itself) and why. */
type Problem = readonly [path: string, message: string];

/**
 * The first problem with Gemini's own options (the transport's are checked by
 * `resolveTransport`, as for every adapter). Plain checks that refuse what the zod schema they
 * replaced refused, in the same order, with the same messages (test/providers/gemini/config.test.ts
 * keeps that schema as their reference).
 */
function configProblem(config: unknown): Problem | undefined {
  if (!isObject(config)) return ["", OBJECT];
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

function thinkingProblem(thinking: unknown): Problem | undefined {
  if (!isObject(thinking)) return ["thinking", OBJECT];
  const t = thinking as Record<string, unknown>;
  return (
    unless(
      t.includeThoughts === undefined || typeof t.includeThoughts === "boolean",
      "thinking.includeThoughts",
      "must be a boolean",
    ) ??
    unless(isIntFrom(t.budget, -1), "thinking.budget", BUDGET) ??
    unless(t.level === undefined || LEVELS.includes(t.level), "thinking.level", LEVEL)
  );
}

function unless(ok: boolean, path: string, message: string): Problem | undefined {
  return ok ? undefined : [path, message];
}

/** Absent, or what `z.int().check(z.gte(min))` accepts: a safe integer >= `min`. */
function isIntFrom(value: unknown, min: number): boolean {
  return value === undefined || (Number.isSafeInteger(value) && (value as number) >= min);
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a config and applies defaults; throws {@link ConfigError} naming the option (and the
 * environment variable that would supply a missing key) before any request is made.
 */
const CONFIG_KEYS: KeySet<Config> = {
  ...TRANSPORT_KEYS,
  ...SETTING_KEYS,
  apiKey: true,
  model: true,
  thinking: true,
  cachedContent: true,
  prefixCheck: true,
};

export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const problem = configProblem(config);
  if (problem) throw new ConfigError(`gemini: ${problem[0] || "config"}: ${problem[1]}`);
  refuseUnknownKeys("gemini", config, CONFIG_KEYS);
  if (config.prefixCheck !== undefined && config.prefixCheck !== "off") {
    throw new ConfigError(
      'gemini: prefixCheck takes only "off": Gemini binds no reasoning to the prefix (docs/append-only.md)',
    );
  }
  const apiKey =
    nonEmpty(config.apiKey) ?? nonEmpty(env.GEMINI_API_KEY) ?? nonEmpty(env.GOOGLE_API_KEY);
  if (apiKey === undefined) {
    throw new ConfigError(
      "gemini: no API key: pass apiKey or set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable",
    );
  }
  return {
    apiKey,
    model: config.model,
    generationConfig: buildGenerationConfig(config),
    cachedContent: config.cachedContent,
    settings: pickSettings("gemini", config),
    ...resolveTransport("gemini", config, DEFAULT_BASE_URL),
  };
}

function buildGenerationConfig(config: Config): GenerationConfig | undefined {
  const out: GenerationConfig = {};
  const thinking = config.thinking && buildThinkingConfig(config.thinking);
  if (thinking) out.thinkingConfig = thinking;
  return Object.keys(out).length > 0 ? out : undefined;
}

function buildThinkingConfig(t: ThinkingConfig): WireThinkingConfig | undefined {
  // Both at once is a 400 from the API; say so before sending anything.
  if (t.budget !== undefined && t.level !== undefined) {
    throw new ConfigError(
      "gemini: thinking.budget and thinking.level cannot both be set; pick one",
    );
  }
  const out: WireThinkingConfig = {};
  if (t.includeThoughts !== undefined) out.includeThoughts = t.includeThoughts;
  if (t.budget !== undefined) out.thinkingBudget = t.budget;
  // Upper case as in js-genai's enum and the verified fixture thinking-streaming.json.
  if (t.level !== undefined) {
    out.thinkingLevel = t.level.toUpperCase() as NonNullable<WireThinkingConfig["thinkingLevel"]>;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The model's resource path: ids get `models/`, paths such as `tunedModels/x` stay as given. */
export function modelPath(model: string): string {
  return model.includes("/") ? model : `models/${model}`;
}

/** Gemini 3 validates function-call signatures strictly; matched by the model name. */
export function isGemini3(model: string): boolean {
  return model.includes("gemini-3");
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}
