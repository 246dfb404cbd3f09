import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import {
  type KeySet,
  mergeHeaders,
  type ResolvedCallOptions,
  refuseUnknownKeys,
  resolveBaseURL,
  resolveCallOptions,
  resolveHeaders,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import { pickSettings, SETTING_KEYS } from "../../transport/settings.js";
import {
  type Api,
  type ReasoningSummaryOption,
  resolveApi,
  resolveOpenAIPrefixCheck,
  resolveReasoningSummary,
} from "./responses-config.js";
import type { ReasoningSummary } from "./responses-wire.js";
import { checkSettings } from "./settings.js";
import type { ReasoningEffort } from "./wire.js";

// Plain checks rather than a zod/mini schema: each message names the option (and the
// environment variable) that fixes it, and the openai and azure entries then carry no zod.

/** How the model reasons and what of it goes back on later turns. */
export interface ThinkingConfig {
  /** Sent as `reasoning_effort`; each model accepts a subset. Omitted: the model's default. */
  reasoningEffort?: ReasoningEffort;
  /**
   * Send every assistant message back with `reasoning_content` (its thinking text from this
   * adapter, `""` when none), as DeepSeek V4 thinking mode with tools requires.
   * @defaultValue false
   */
  replayReasoning?: boolean;
  /**
   * `api: "responses"` only: `reasoning.summary`; `"none"` asks for no summaries (orgs that
   * may not receive them). @defaultValue "auto", or none with `reasoningEffort: "none"`
   */
  reasoningSummary?: ReasoningSummaryOption;
}

/**
 * OpenAI caches prompt prefixes by itself (1024 tokens and more); these steer it, on Chat
 * Completions and Responses alike (Azure too).
 * @see https://platform.openai.com/docs/guides/prompt-caching
 */
export interface PromptCacheConfig {
  /** Sent as `prompt_cache_key`: requests with one key share a cache (e.g. one per user or task). */
  promptCacheKey?: string;
  /** Sent as `prompt_cache_retention`: `"24h"` keeps cached prefixes up to a day. */
  promptCacheRetention?: "in_memory" | "24h";
}

/** What `buildRequest` needs: the model-facing options of a resolved config. */
export interface ChatOptions extends PromptCacheConfig {
  /** Which adapter's thinking blocks are this conversation's own (`"openai"`, `"azure"`). */
  provider: string;
  /** Omitted: no `model` field (Azure deployment URLs name the model). */
  model?: string;
  reasoningEffort?: ReasoningEffort;
  /** `create()`'s call settings, the defaults of every call. */
  settings?: CallSettings;
  replayReasoning: boolean;
  /** Unset: OpenAI's `reasoning_effort`, DeepSeek's `reasoning_content`. */
  reasoningFormat?: ReasoningFormat;
}

/**
 * The reasoning dialect a compatible server speaks on requests (docs/openai.md):
 * `"openrouter"` sends `reasoningEffort` as `reasoning: { effort }` and replayed reasoning as
 * `reasoning`; `"reasoning"` replays it as `reasoning` (vLLM 0.16 and later read only that);
 * `"reasoning_content"` as DeepSeek, DashScope and older vLLM read it.
 */
export type ReasoningFormat = "openrouter" | "reasoning" | "reasoning_content";

const FORMATS: readonly string[] = ["openrouter", "reasoning", "reasoning_content"];

/** A `baseURL` on openrouter.ai or one of its subdomains. */
const isOpenRouter = (baseURL: string) => /(^|\.)openrouter\.ai$/.test(new URL(baseURL).hostname);

/** The configured format, else `"openrouter"` for a `baseURL` on openrouter.ai. */
function resolveReasoningFormat(
  format: ReasoningFormat | undefined,
  baseURL: string,
  api: Api,
): ReasoningFormat | undefined {
  if (format === undefined) {
    return isOpenRouter(baseURL) ? "openrouter" : undefined;
  }
  if (api === "responses" || !FORMATS.includes(format)) {
    throw new ConfigError(
      `openai: reasoningFormat (api "chat-completions" only) must be one of ${FORMATS.join(", ")}; got ${JSON.stringify(format)}`,
    );
  }
  return format;
}

const EFFORTS: readonly string[] = ["none", "minimal", "low", "medium", "high", "xhigh"];

/** Checks `reasoningEffort`, the call settings and `replayReasoning`. */
export function resolveChatOptions(
  config: ThinkingConfig & PromptCacheConfig & CallSettings,
  provider: string,
  model: string | undefined,
): ChatOptions {
  const out: ChatOptions = {
    provider,
    replayReasoning: false,
    settings: pickSettings(provider, config),
  };
  if (model !== undefined) out.model = model;
  const { promptCacheKey: key, promptCacheRetention: retention } = config;
  if (key !== undefined) {
    if (typeof key !== "string" || key === "") {
      throw new ConfigError(`${provider}: promptCacheKey must be a non-empty string`);
    }
    out.promptCacheKey = key;
  }
  if (retention !== undefined) {
    if (retention !== "in_memory" && retention !== "24h") {
      throw new ConfigError(
        `${provider}: promptCacheRetention must be "in_memory" or "24h"; got ${JSON.stringify(retention)}`,
      );
    }
    out.promptCacheRetention = retention;
  }
  const { reasoningEffort, replayReasoning } = config;
  if (reasoningEffort !== undefined) {
    if (!EFFORTS.includes(reasoningEffort)) {
      throw new ConfigError(
        `${provider}: reasoningEffort must be one of ${EFFORTS.join(", ")}; got ${JSON.stringify(reasoningEffort)}`,
      );
    }
    out.reasoningEffort = reasoningEffort;
  }
  if (replayReasoning !== undefined) {
    if (typeof replayReasoning !== "boolean") {
      throw new ConfigError(`${provider}: replayReasoning must be true or false`);
    }
    out.replayReasoning = replayReasoning;
  }
  return out;
}

/** OpenAI's own endpoint; set `baseURL` for a compatible server (DeepSeek, vLLM, OpenRouter). */
export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** `openai.create` options. */
export interface Config extends ThinkingConfig, PromptCacheConfig, TransportConfig, CallSettings {
  /**
   * Sent as `Authorization: Bearer …`.
   * @defaultValue process.env.OPENAI_API_KEY, or OPENROUTER_API_KEY when `baseURL` is on openrouter.ai
   */
  apiKey?: string;
  /** The model id, e.g. `"gpt-5.4"` or `"deepseek-v4-pro"`. */
  model: string;
  /**
   * Sent as `max_completion_tokens` (Responses API: `max_output_tokens`): visible plus
   * reasoning tokens.
   */
  maxTokens?: number;
  /** Everything before `/chat/completions` or `/responses`. @defaultValue "https://api.openai.com/v1" */
  baseURL?: string;
  /**
   * Which OpenAI API to call: Chat Completions, or the Responses API, which returns reasoning
   * summaries and encrypted reasoning that golem replays (docs/openai.md).
   * @defaultValue "chat-completions"
   */
  api?: Api;
  /**
   * The reasoning dialect of a compatible server ({@link ReasoningFormat}). Answers are read
   * in every dialect whatever this says, and OpenRouter's `reasoning_details` always go back.
   * @defaultValue "openrouter" when `baseURL` is on openrouter.ai, else OpenAI's and DeepSeek's
   */
  reasoningFormat?: ReasoningFormat;
  /**
   * `api: "responses"`: what a request whose prefix changed under replayed reasoning gets
   * (docs/append-only.md): `"error"` a HistoryError before any request, `"drop"` that
   * reasoning left out and reported, `"off"` sent as asked.
   * @defaultValue `"error"` on models that bind reasoning to its prefix (GPT-6.2 on), else `"off"`
   */
  prefixCheck?: PrefixCheck;
}

/** A checked `Config` with the key and defaults filled in. */
export interface ResolvedConfig extends ChatOptions, ResolvedCallOptions {
  model: string;
  apiKey: string;
  baseURL: string;
  api: Api;
  /** `api: "responses"` only: the `reasoning.summary` to send, if any. */
  reasoningSummary?: ReasoningSummary;
  /** Every header golem sends, auth included. */
  headers: Record<string, string>;
  prefixCheck?: PrefixCheck;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...TRANSPORT_KEYS,
  ...SETTING_KEYS,
  apiKey: true,
  model: true,
  api: true,
  reasoningEffort: true,
  replayReasoning: true,
  reasoningSummary: true,
  prefixCheck: true,
  promptCacheKey: true,
  promptCacheRetention: true,
  reasoningFormat: true,
};

/** Checks an `openai.create` config; throws `ConfigError` naming the option to fix. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw new ConfigError("openai: create() needs a config object");
  }
  refuseUnknownKeys("openai", config, CONFIG_KEYS);
  if (config.apiKey !== undefined && typeof config.apiKey !== "string") {
    throw new ConfigError("openai: `apiKey` must be a string");
  }
  const baseURL = resolveBaseURL("openai", config.baseURL ?? DEFAULT_BASE_URL, "baseURL");
  // OpenAI's key is never sent to OpenRouter by default: that host has a key of its own.
  const keyName = isOpenRouter(baseURL) ? "OPENROUTER_API_KEY" : "OPENAI_API_KEY";
  const apiKey = config.apiKey ?? env[keyName];
  if (typeof apiKey !== "string" || apiKey === "") {
    throw new ConfigError(`openai: no API key; pass apiKey or set ${keyName}`);
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('openai: model is required, e.g. "gpt-5.4"');
  }
  const api = resolveApi(config.api, "openai");
  const summary = resolveReasoningSummary(config, api, "openai");
  const headers = mergeHeaders({}, resolveHeaders("openai", config.headers), {
    "content-type": "application/json",
    authorization: `Bearer ${apiKey}`,
  });
  const format = resolveReasoningFormat(config.reasoningFormat, baseURL, api);
  const out: ResolvedConfig = {
    ...resolveChatOptions(config, "openai", config.model),
    ...resolveCallOptions("openai", config),
    model: config.model,
    apiKey,
    baseURL,
    api,
    headers,
  };
  if (summary !== undefined) out.reasoningSummary = summary;
  if (format !== undefined) out.reasoningFormat = format;
  const prefixCheck = resolveOpenAIPrefixCheck("openai", config.prefixCheck, api, config.model);
  if (prefixCheck !== "off") out.prefixCheck = prefixCheck;
  checkSettings(api === "responses" ? "responses" : "chat", out, out.settings ?? {});
  return out;
}

/** `prompt_cache_key` and `prompt_cache_retention`, where set (both APIs take them). */
export function promptCacheFields(cfg: PromptCacheConfig): {
  prompt_cache_key?: string;
  prompt_cache_retention?: "in_memory" | "24h";
} {
  return {
    ...(cfg.promptCacheKey !== undefined && { prompt_cache_key: cfg.promptCacheKey }),
    ...(cfg.promptCacheRetention !== undefined && {
      prompt_cache_retention: cfg.promptCacheRetention,
    }),
  };
}
