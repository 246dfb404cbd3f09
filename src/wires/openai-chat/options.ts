import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { resolvePrefixCheck } from "../../kit/prefix/options.js";
import { pickSettings, SETTING_KEYS } from "../../kit/settings.js";
import type { Capabilities } from "../../rules/capabilities.js";
import { openaiBindsPrefix } from "../../rules/openai-models.js";
import {
  mergeHeaders,
  type ResolvedCallOptions,
  resolveCallOptions,
  resolveHeaders,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import type { ChatServer } from "./dialect.js";
import {
  type PromptCacheOptions,
  type PromptCacheOptionsParam,
  promptCacheOptionsParam,
  resolvePromptCacheOptions,
} from "./prompt-cache.js";

export type { PromptCacheOptions };

import type { ReasoningEffort, ReasoningSummary } from "./wire.js";

export { type ChatServer, resolveServer } from "./dialect.js";
export {
  checkServerName,
  SERVERS,
  type ServerName,
  type ServerProfile,
  serverOf,
} from "./servers.js";
export type { ReasoningEffort, ReasoningSummary } from "./wire.js";

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
  /** Sent as `prompt_cache_options` (prompt-cache.ts). */
  promptCacheOptions?: PromptCacheOptions;
  /**
   * `"auto"`: golem puts explicit `prompt_cache_breakpoint`s (GPT-5.6 and later) on the last
   * input block and on each `Message.cache` message, and sends every input block in the form
   * that can carry one (docs/caching.md). Lifetime: `promptCacheOptions.ttl`.
   */
  cache?: "auto";
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
  /** What the model takes (`openai.capabilities()`), over golem's table. */
  capabilities?: Capabilities;
  /**
   * golem/openai: the server's profile resolved for the model (servers.ts); it decides the
   * effort fields, the preserve switch and what reasoning goes back, over `replayReasoning`
   * and `reasoningFormat` (Azure has none and reads those two).
   */
  server?: ChatServer;
}

/**
 * The reasoning dialect a compatible server speaks on requests (docs/openai.md):
 * `"openrouter"` sends `reasoningEffort` as `reasoning: { effort }` and replayed reasoning as
 * `reasoning`; `"reasoning"` replays it as `reasoning` (vLLM 0.16 and later read only that);
 * `"reasoning_content"` as DeepSeek, DashScope and older vLLM read it.
 */
export type ReasoningFormat = "openrouter" | "reasoning" | "reasoning_content";

/** Which OpenAI API an openai or azure model calls. */
export type Api = "chat-completions" | "responses";

/** `reasoningSummary` as configured: a wire value, or `"none"` for no `summary` field. */
export type ReasoningSummaryOption = ReasoningSummary | "none";

/** What `buildResponsesRequest` needs: the model-facing options of a resolved config. */
export interface ResponsesOptions extends PromptCacheConfig {
  /** Which adapter's thinking blocks are this conversation's own (`"openai"`, `"azure"`). */
  provider: string;
  /** The model id (Azure: the deployment name). */
  model: string;
  reasoningEffort?: ReasoningEffort;
  /** Omitted: no `reasoning.summary` is sent. */
  reasoningSummary?: ReasoningSummary;
  /** `create()`'s call settings, the defaults of every call. */
  settings?: CallSettings;
  /** The prefix check before each request (docs/append-only.md); absent: off. */
  prefixCheck?: PrefixCheck;
  /** Stored responses continued by `previous_response_id` (docs/server-history.md); absent: off. */
  serverHistory?: boolean;
  /** What the model takes (`openai.capabilities()`), over golem's table. */
  capabilities?: Capabilities;
}

/** An OpenAI-family platform config's keys before its own: transport, settings, api, key, wire options. */
export const PLATFORM_KEYS = {
  ...TRANSPORT_KEYS,
  ...SETTING_KEYS,
  api: true,
  apiKey: true,
  reasoningEffort: true,
  replayReasoning: true,
  reasoningSummary: true,
  prefixCheck: true,
  serverHistory: true,
  promptCacheKey: true,
  promptCacheRetention: true,
  promptCacheOptions: true,
  cache: true,
} as const;

/**
 * What every checked OpenAI-family platform config holds for the wires: the chat options,
 * the call options, the Responses summary and prefix check, and the headers.
 */
export interface ResolvedWireConfig extends ChatOptions, ResolvedCallOptions {
  /** `api: "responses"` only: the `reasoning.summary` to send, if any. */
  reasoningSummary?: ReasoningSummary;
  /** Every header golem sends, the credentials' own included (the platform takes it out). */
  headers: Record<string, string>;
  prefixCheck?: PrefixCheck;
  serverHistory?: true;
}

/** What a platform config of either OpenAI wire takes besides its own keys. */
type WireConfig = ThinkingConfig & PromptCacheConfig & TransportConfig & CallSettings;

/**
 * A platform config's wire and call options for `api`: the chat options (`model` in the body
 * when given), the fetch, retries and limits, and the prefix check of `prefixModel`.
 */
export function resolveWireOptions(
  provider: string,
  config: WireConfig & { prefixCheck?: PrefixCheck; serverHistory?: boolean },
  api: Api,
  model: string | undefined,
  prefixModel: string,
) {
  return {
    ...resolveChatOptions(config, provider, model),
    ...resolveCallOptions(provider, config),
    ...resolveOpenAIPrefixCheck(provider, config.prefixCheck, api, prefixModel),
    ...resolvePromptCacheOptions(provider, config.promptCacheOptions, api),
    ...resolveServerHistory(provider, config.serverHistory, api),
  };
}

/** `serverHistory`: a boolean, and only with `api: "responses"` (stored responses). */
function resolveServerHistory(
  provider: string,
  value: unknown,
  api: Api,
): { serverHistory?: true } {
  if (value === undefined || value === false) return {};
  if (value !== true) throw new ConfigError(`${provider}: \`serverHistory\` must be a boolean`);
  if (api !== "responses") {
    throw new ConfigError(
      `${provider}: \`serverHistory\` needs api: "responses" (stored responses); Chat Completions keeps no conversation`,
    );
  }
  return { serverHistory: true };
}

/** Every header a platform sends: the caller's, the JSON content type and `credentials`. */
export function resolveWireHeaders(
  provider: string,
  headers: TransportConfig["headers"],
  credentials: Record<string, string>,
): Record<string, string> {
  const fixed = { "content-type": "application/json", ...credentials };
  return mergeHeaders({}, resolveHeaders(provider, headers), fixed);
}

/**
 * Checks `prefixCheck`. The Responses API drops reasoning after a prefix change on models that
 * bind (GPT-6.2 on), so there it defaults to "error"; Chat Completions sends no reasoning the
 * provider binds, so there only "off" means anything and the others are a ConfigError.
 * Present in the result unless off.
 */
export function resolveOpenAIPrefixCheck(
  provider: string,
  value: PrefixCheck | undefined,
  api: Api,
  model: string,
): { prefixCheck?: PrefixCheck } {
  if (api === "responses") {
    const check = resolvePrefixCheck(provider, value, openaiBindsPrefix(model));
    return check === "off" ? {} : { prefixCheck: check };
  }
  if (value !== undefined && value !== "off") {
    throw new ConfigError(
      `${provider}: prefixCheck needs api: "responses"; Chat Completions has no reasoning bound to its prefix`,
    );
  }
  return {};
}

const APIS: readonly string[] = ["chat-completions", "responses"];
const SUMMARIES: readonly string[] = ["auto", "concise", "detailed", "none"];

/** Checks `api`; Chat Completions when omitted. */
export function resolveApi(api: unknown, provider: string): Api {
  if (api === undefined) return "chat-completions";
  if (typeof api !== "string" || !APIS.includes(api)) {
    throw new ConfigError(
      `${provider}: api must be "chat-completions" or "responses"; got ${JSON.stringify(api)}`,
    );
  }
  return api as Api;
}

/**
 * The `reasoning.summary` to send: the configured one, else `"auto"` unless reasoning is off
 * (`reasoningEffort: "none"`); `"none"` sends none. Chat Completions has no summaries, and the
 * Responses API always replays reasoning, so `reasoningSummary` there and `replayReasoning`
 * here are mistakes worth a `ConfigError`.
 */
export function resolveReasoningSummary(
  config: {
    reasoningSummary?: ReasoningSummaryOption;
    reasoningEffort?: ReasoningEffort;
    replayReasoning?: boolean;
  },
  api: Api,
  provider: string,
): ReasoningSummary | undefined {
  const { reasoningSummary } = config;
  if (api === "chat-completions") {
    if (reasoningSummary !== undefined) {
      throw new ConfigError(`${provider}: reasoningSummary needs api: "responses"`);
    }
    return undefined;
  }
  if (config.replayReasoning === true) {
    throw new ConfigError(
      `${provider}: replayReasoning is for api "chat-completions"; the Responses API always sends reasoning items back`,
    );
  }
  if (reasoningSummary === undefined) {
    return config.reasoningEffort === "none" ? undefined : "auto";
  }
  if (typeof reasoningSummary !== "string" || !SUMMARIES.includes(reasoningSummary)) {
    throw new ConfigError(
      `${provider}: reasoningSummary must be one of ${SUMMARIES.join(", ")}; got ${JSON.stringify(reasoningSummary)}`,
    );
  }
  return reasoningSummary === "none" ? undefined : reasoningSummary;
}

/** The reasoning efforts OpenAI's wires take (`reasoning_effort`, `reasoning.effort`). */
export const CHAT_EFFORTS: readonly string[] = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
];
const EFFORTS = CHAT_EFFORTS;

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
  if (config.cache !== undefined) {
    if (config.cache !== "auto") {
      throw new ConfigError(
        `${provider}: \`cache\` must be "auto"; a breakpoint's lifetime is promptCacheOptions.ttl`,
      );
    }
    out.cache = "auto";
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

/** `prompt_cache_key`, `prompt_cache_retention` and `prompt_cache_options`, where set. */
export function promptCacheFields(cfg: PromptCacheConfig): {
  prompt_cache_key?: string;
  prompt_cache_retention?: "in_memory" | "24h";
  prompt_cache_options?: PromptCacheOptionsParam;
} {
  return {
    ...(cfg.promptCacheOptions !== undefined && {
      prompt_cache_options: promptCacheOptionsParam(cfg.promptCacheOptions),
    }),
    ...(cfg.promptCacheKey !== undefined && { prompt_cache_key: cfg.promptCacheKey }),
    ...(cfg.promptCacheRetention !== undefined && {
      prompt_cache_retention: cfg.promptCacheRetention,
    }),
  };
}
