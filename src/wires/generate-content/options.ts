import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { pickSettings, SETTING_KEYS } from "../../kit/settings.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import { checkGeminiModel } from "../../rules/gemini.js";
import type { KeySet } from "../../transport/options.js";
import type { GenerationConfig, ThinkingConfig as WireThinkingConfig } from "./wire.js";

/** How much Gemini thinks and whether it returns thought summaries. */
export interface ThinkingConfig {
  /** Return thought summaries as thinking blocks (`thinkingConfig.includeThoughts`). */
  includeThoughts?: boolean;
  /** Token budget (`thinkingBudget`): `-1` dynamic, `0` off where allowed. Not with `level`. */
  budget?: number;
  /**
   * Gemini 3 thinking level (`thinkingLevel`, sent upper case); `xhigh` is Gemini 4's
   * (@google/genai 3.6.1 `ThinkingLevel.XHIGH`). Not with `budget`.
   */
  level?: "minimal" | "low" | "medium" | "high" | "xhigh";
}

/** The `generateContent` wire's own options, on every platform that serves it. */
export interface GeminiOptions extends CallSettings {
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
  /**
   * What the model takes, from `gemini.capabilities()` (`models.get`), checked before each
   * request; without it golem's dated table is read, and a model it does not know is sent as
   * asked (docs/models.md).
   */
  capabilities?: Capabilities;
  /**
   * Gemini 4 long decode: an answer that reaches the per-request cap (32,768 tokens, 65,536
   * streamed) with budget left ends with `finishReason: "CONTINUATION"`, and golem sends the
   * same request again with its `continuationToken` until another finish reason, making the
   * hops one response (`maxTokens` is the budget of them all). `false`: the first hop is the
   * answer, its `stopReason` `"CONTINUATION"` and its `continuationToken` as sent.
   * @defaultValue true
   * @see https://ai.google.dev/gemini-api/docs/generate-content/long-decode
   */
  longDecode?: boolean;
}

/** What the body builder reads: the checked options, the model and the platform's tag. */
export interface ResolvedOptions {
  /** Whose thinking, signatures and provider parts are this conversation's own. @defaultValue "gemini" */
  provider?: string;
  model: string;
  /** The thinking options; `undefined` when there is nothing to send. */
  generationConfig: GenerationConfig | undefined;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings;
  cachedContent?: string | undefined;
  capabilities?: Capabilities | undefined;
  /** `thinking` was configured (for the capabilities check of each call). */
  thinks?: boolean;
}

/** The keys of {@link GeminiOptions}, for a platform config's key set. */
export const OPTION_KEYS: KeySet<GeminiOptions> = {
  ...SETTING_KEYS,
  thinking: { includeThoughts: true, budget: true, level: true },
  cachedContent: true,
  prefixCheck: true,
  capabilities: true,
  longDecode: true,
};

const LEVELS: readonly unknown[] = ["minimal", "low", "medium", "high", "xhigh"];
const BUDGET = "must be an integer: -1 (dynamic), 0 (off) or a token count";
const LEVEL = 'must be "minimal", "low", "medium", "high" or "xhigh"';

/** What is wrong with a config: the option's path (`""` for the config itself) and why. */
export type Problem = readonly [path: string, message: string];

/** The first problem with `thinking`, as the zod schema the checks replaced refused it. */
export function thinkingProblem(thinking: unknown): Problem | undefined {
  if (!isObject(thinking)) return ["thinking", "must be an object"];
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

/** `[path, message]` unless `ok`. */
export function unless(ok: boolean, path: string, message: string): Problem | undefined {
  return ok ? undefined : [path, message];
}

/** Absent, or what `z.int().check(z.gte(min))` accepts: a safe integer >= `min`. */
function isIntFrom(value: unknown, min: number): boolean {
  return value === undefined || (Number.isSafeInteger(value) && (value as number) >= min);
}

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The checked options in wire form (the shapes were checked by {@link thinkingProblem}). */
export function resolveOptions(
  provider: string,
  model: string,
  config: GeminiOptions,
): ResolvedOptions {
  if (config.longDecode !== undefined && typeof config.longDecode !== "boolean") {
    throw new ConfigError(`${provider}: longDecode: must be a boolean`);
  }
  if (config.prefixCheck !== undefined && config.prefixCheck !== "off") {
    throw new ConfigError(
      `${provider}: prefixCheck takes only "off": Gemini binds no reasoning to the prefix (docs/append-only.md)`,
    );
  }
  const capabilities = resolveCapabilities(provider, config.capabilities, "gemini.capabilities");
  const rules = {
    model,
    ...(capabilities && { capabilities }),
    ...(config.thinking !== undefined && { thinks: true }),
  };
  const settings = pickSettings(provider, config);
  const level = config.thinking?.level;
  checkGeminiModel(
    { ...rules, thinking: rules.thinks === true, level, explicitCache: !!config.cachedContent },
    settings,
    undefined,
    provider,
  );
  return {
    ...rules,
    generationConfig: buildGenerationConfig(provider, config),
    cachedContent: config.cachedContent,
    settings,
  };
}

function buildGenerationConfig(
  provider: string,
  config: GeminiOptions,
): GenerationConfig | undefined {
  const out: GenerationConfig = {};
  const thinking = config.thinking && buildThinkingConfig(provider, config.thinking);
  if (thinking) out.thinkingConfig = thinking;
  return Object.keys(out).length > 0 ? out : undefined;
}

function buildThinkingConfig(provider: string, t: ThinkingConfig): WireThinkingConfig | undefined {
  // Both at once is a 400 from the API; say so before sending anything.
  if (t.budget !== undefined && t.level !== undefined) {
    throw new ConfigError(
      `${provider}: thinking.budget and thinking.level cannot both be set; pick one`,
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
