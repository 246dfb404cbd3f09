import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { FetchLike } from "../../transport/request.js";
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
export interface Config {
  /** API key, sent as `x-goog-api-key`. @defaultValue `GEMINI_API_KEY`, then `GOOGLE_API_KEY` */
  apiKey?: string;
  /** Model id (`gemini-3-pro-preview`) or a full path (`tunedModels/x`). */
  model: string;
  /** `generationConfig.maxOutputTokens`; thoughts count against it. */
  maxOutputTokens?: number;
  thinking?: ThinkingConfig;
  /** @defaultValue `globalThis.fetch`, resolved per call */
  fetch?: FetchLike;
  /** @defaultValue "https://generativelanguage.googleapis.com/v1beta" */
  baseURL?: string;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** @defaultValue 2 */
  maxRetries?: number;
  /** Milliseconds until the response (for streams: its headers) must have arrived. */
  timeoutMs?: number;
}

/** A checked config with defaults applied and the thinking options in wire form. */
export interface ResolvedConfig {
  apiKey: string;
  model: string;
  baseURL: string;
  headers: Record<string, string>;
  maxRetries: number;
  timeoutMs: number | undefined;
  fetch: FetchLike | undefined;
  /** `undefined` when there is nothing to send. */
  generationConfig: GenerationConfig | undefined;
}

/** The Gemini API (not Vertex AI) at its default version, as js-genai uses it. */
export const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

const LEVELS: readonly unknown[] = ["minimal", "low", "medium", "high"];

const OBJECT = "must be an object";
const POSITIVE_INT = "must be a positive integer";
const NON_NEGATIVE_INT = "must be a non-negative integer";
const BUDGET = "must be an integer: -1 (dynamic), 0 (off) or a token count";
const MODEL = 'is required: a model id such as "gemini-3-pro-preview"';
const LEVEL = 'must be "minimal", "low", "medium" or "high"';

/** What is wrong with a config: the option's path (`""` for the config itself) and why. */
type Problem = readonly [path: string, message: string];

/**
 * The first problem with `config`. Plain checks, not a zod schema: they refuse what the schema
 * did, options in the same order, with the same messages (test/providers/gemini/config.test.ts
 * keeps the schema as their reference), and keep zod's core out of golem/gemini's bundle
 * (`npm run size`: 16.1 -> 9.6 KB gzip).
 */
function configProblem(config: unknown): Problem | undefined {
  if (!isObject(config)) return ["", OBJECT];
  const c = config as Record<string, unknown>;
  return (
    unless(c.apiKey === undefined || typeof c.apiKey === "string", "apiKey", "must be a string") ??
    unless(typeof c.model === "string" && c.model !== "", "model", MODEL) ??
    unless(isIntFrom(c.maxOutputTokens, 1), "maxOutputTokens", POSITIVE_INT) ??
    (c.thinking === undefined ? undefined : thinkingProblem(c.thinking)) ??
    unless(c.fetch === undefined || typeof c.fetch === "function", "fetch", "must be a function") ??
    unless(c.baseURL === undefined || isURL(c.baseURL), "baseURL", "must be an absolute URL") ??
    (c.headers === undefined ? undefined : headersProblem(c.headers)) ??
    unless(isIntFrom(c.maxRetries, 0), "maxRetries", NON_NEGATIVE_INT) ??
    timeoutProblem(c.timeoutMs)
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

/** What zod's `record(string(), string())` accepts: a plain object (any realm) of strings. */
function headersProblem(headers: unknown): Problem | undefined {
  if (!isPlainObject(headers)) return ["headers", OBJECT];
  for (const key of Reflect.ownKeys(headers)) {
    if (key === "__proto__" || !Object.prototype.propertyIsEnumerable.call(headers, key)) continue;
    if (typeof key === "symbol") return ["headers", OBJECT];
    const value = (headers as Record<string, unknown>)[key];
    if (typeof value !== "string") return [`headers.${key}`, "must be a string"];
  }
  return undefined;
}

function timeoutProblem(timeoutMs: unknown): Problem | undefined {
  if (timeoutMs === undefined) return undefined;
  if (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs)) {
    return ["timeoutMs", "must be a number"];
  }
  return unless(timeoutMs > 0, "timeoutMs", "must be positive");
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

/** zod's `isPlainObject`: an object literal or `Object.create(null)`, from any realm. */
function isPlainObject(value: unknown): value is object {
  if (!isObject(value)) return false;
  const ctor: unknown = (value as { constructor?: unknown }).constructor;
  if (typeof ctor !== "function") return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.hasOwn(proto, "isPrototypeOf");
}

/** What zod's `z.url()` accepts: a string that `URL` parses once trimmed. */
function isURL(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    new URL(value.trim());
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a config and applies defaults; throws {@link ConfigError} naming the option (and the
 * environment variable that would supply a missing key) before any request is made.
 */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const problem = configProblem(config);
  if (problem) throw new ConfigError(`gemini: ${problem[0] || "config"}: ${problem[1]}`);
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
    baseURL: (config.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    headers: config.headers ?? {},
    maxRetries: config.maxRetries ?? 2,
    timeoutMs: config.timeoutMs,
    fetch: config.fetch,
    generationConfig: buildGenerationConfig(config),
  };
}

function buildGenerationConfig(config: Config): GenerationConfig | undefined {
  const out: GenerationConfig = {};
  if (config.maxOutputTokens !== undefined) out.maxOutputTokens = config.maxOutputTokens;
  const thinking = config.thinking && buildThinkingConfig(config.thinking);
  if (thinking) out.thinkingConfig = thinking;
  return Object.keys(out).length > 0 ? out : undefined;
}

function buildThinkingConfig(t: ThinkingConfig): WireThinkingConfig | undefined {
  // Both at once is a 400 from the API (spec A.3); say so before sending anything.
  if (t.budget !== undefined && t.level !== undefined) {
    throw new ConfigError(
      "gemini: thinking.budget and thinking.level cannot both be set; pick one",
    );
  }
  const out: WireThinkingConfig = {};
  if (t.includeThoughts !== undefined) out.includeThoughts = t.includeThoughts;
  if (t.budget !== undefined) out.thinkingBudget = t.budget;
  // Upper case as in js-genai's enum and the verified fixture thinking-streaming.json.
  if (t.level !== undefined) out.thinkingLevel = mapThinkingLevel(t.level);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Maps golem's level to the wire enum value. */
export function mapThinkingLevel(level: NonNullable<ThinkingConfig["level"]>) {
  return level.toUpperCase() as NonNullable<WireThinkingConfig["thinkingLevel"]>;
}

/** The model's resource path: ids get `models/`, paths such as `tunedModels/x` stay as given. */
export function modelPath(model: string): string {
  return model.includes("/") ? model : `models/${model}`;
}

/** Gemini 3 validates function-call signatures strictly (spec A.5); matched by the model name. */
export function isGemini3(model: string): boolean {
  return model.includes("gemini-3");
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}
