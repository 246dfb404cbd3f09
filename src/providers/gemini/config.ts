import * as z from "zod/mini";
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

const LEVELS = ["minimal", "low", "medium", "high"] as const;

const POSITIVE_INT = "must be a positive integer";
const NON_NEGATIVE_INT = "must be a non-negative integer";
const BUDGET = "must be an integer: -1 (dynamic), 0 (off) or a token count";

const thinkingSchema = z.object(
  {
    includeThoughts: z.optional(z.boolean("must be a boolean")),
    budget: z.optional(z.int(BUDGET).check(z.gte(-1, BUDGET))),
    level: z.optional(z.enum(LEVELS, 'must be "minimal", "low", "medium" or "high"')),
  },
  "must be an object",
);

const MODEL = 'is required: a model id such as "gemini-3-pro-preview"';

const configSchema = z.object(
  {
    apiKey: z.optional(z.string("must be a string")),
    model: z.string(MODEL).check(z.minLength(1, MODEL)),
    maxOutputTokens: z.optional(z.int(POSITIVE_INT).check(z.gte(1, POSITIVE_INT))),
    thinking: z.optional(thinkingSchema),
    fetch: z.optional(z.custom<FetchLike>((v) => typeof v === "function", "must be a function")),
    baseURL: z.optional(z.url("must be an absolute URL")),
    headers: z.optional(z.record(z.string(), z.string("must be a string"), "must be an object")),
    maxRetries: z.optional(z.int(NON_NEGATIVE_INT).check(z.gte(0, NON_NEGATIVE_INT))),
    timeoutMs: z.optional(z.number("must be a number").check(z.gt(0, "must be positive"))),
  },
  "must be an object",
);

/**
 * Checks a config and applies defaults; throws {@link ConfigError} naming the option (and the
 * environment variable that would supply a missing key) before any request is made.
 */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const parsed = configSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") || "config";
    throw new ConfigError(`gemini: ${path}: ${issue?.message ?? "invalid"}`);
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
