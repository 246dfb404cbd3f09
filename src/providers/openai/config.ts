import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { FetchLike } from "../../transport/request.js";
import {
  type Api,
  type ReasoningSummaryOption,
  resolveApi,
  resolveReasoningSummary,
} from "./responses-config.js";
import type { ReasoningSummary } from "./responses-wire.js";
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

/** Options every adapter takes for the HTTP side. */
export interface TransportConfig {
  /** Resolved per call, so test doubles installed after `create` still apply. */
  fetch?: FetchLike;
  /** Extra headers on every request (names are case-insensitive). */
  headers?: Record<string, string>;
  /** @defaultValue 2 */
  maxRetries?: number;
  /** Per attempt, until the response (or, when streaming, its headers) arrives. */
  timeoutMs?: number;
}

/** What `buildRequest` needs: the model-facing options of a resolved config. */
export interface ChatOptions {
  /** Which adapter's thinking blocks are this conversation's own (`"openai"`, `"azure"`). */
  provider: string;
  /** Omitted: no `model` field (Azure deployment URLs name the model). */
  model?: string;
  reasoningEffort?: ReasoningEffort;
  maxCompletionTokens?: number;
  replayReasoning: boolean;
}

/** The transport options, checked, with defaults applied. */
export interface ResolvedTransport {
  fetch?: FetchLike;
  maxRetries: number;
  timeoutMs?: number;
}

const EFFORTS: readonly string[] = ["none", "minimal", "low", "medium", "high", "xhigh"];

/** Checks `reasoningEffort`, `maxCompletionTokens` and `replayReasoning`. */
export function resolveChatOptions(
  config: ThinkingConfig & { maxCompletionTokens?: number },
  provider: string,
  model: string | undefined,
): ChatOptions {
  const out: ChatOptions = { provider, replayReasoning: false };
  if (model !== undefined) out.model = model;
  const { reasoningEffort, maxCompletionTokens, replayReasoning } = config;
  if (reasoningEffort !== undefined) {
    if (!EFFORTS.includes(reasoningEffort)) {
      throw new ConfigError(
        `${provider}: reasoningEffort must be one of ${EFFORTS.join(", ")}; got ${JSON.stringify(reasoningEffort)}`,
      );
    }
    out.reasoningEffort = reasoningEffort;
  }
  if (maxCompletionTokens !== undefined) {
    out.maxCompletionTokens = positiveInteger(maxCompletionTokens, "maxCompletionTokens", provider);
  }
  if (replayReasoning !== undefined) {
    if (typeof replayReasoning !== "boolean") {
      throw new ConfigError(`${provider}: replayReasoning must be true or false`);
    }
    out.replayReasoning = replayReasoning;
  }
  return out;
}

/** Checks `fetch`, `maxRetries` and `timeoutMs`. */
export function resolveTransport(config: TransportConfig, provider: string): ResolvedTransport {
  const out: ResolvedTransport = { maxRetries: 2 };
  if (config.fetch !== undefined) {
    if (typeof config.fetch !== "function")
      throw new ConfigError(`${provider}: fetch must be a function`);
    out.fetch = config.fetch;
  }
  if (config.maxRetries !== undefined) {
    const n = config.maxRetries;
    if (!Number.isInteger(n) || n < 0) {
      throw new ConfigError(`${provider}: maxRetries must be a whole number >= 0; got ${n}`);
    }
    out.maxRetries = n;
  }
  if (config.timeoutMs !== undefined) {
    const ms = config.timeoutMs;
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0) {
      throw new ConfigError(`${provider}: timeoutMs must be a positive number; got ${ms}`);
    }
    out.timeoutMs = ms;
  }
  return out;
}

/** The caller's extra headers with lower-case names, so ours replace theirs instead of joining. */
export function lowerCaseHeaders(
  headers: Record<string, string> | undefined,
  provider: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  if (typeof headers !== "object" || headers === null) {
    throw new ConfigError(`${provider}: headers must be an object of strings`);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") {
      throw new ConfigError(`${provider}: header ${name} must be a string`);
    }
    out[name.toLowerCase()] = value;
  }
  return out;
}

/** A URL without trailing slashes; `ConfigError` when it is not an absolute http(s) URL. */
export function resolveBaseURL(value: string, option: string, provider: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${provider}: ${option} is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(
      `${provider}: ${option} must be an http(s) URL; got ${JSON.stringify(value)}`,
    );
  }
  return value.replace(/\/+$/, "");
}

function positiveInteger(n: number, option: string, provider: string): number {
  if (!Number.isInteger(n) || n < 1) {
    throw new ConfigError(`${provider}: ${option} must be a whole number >= 1; got ${n}`);
  }
  return n;
}

/** OpenAI's own endpoint; set `baseURL` for a compatible server (DeepSeek, vLLM, OpenRouter). */
export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** `openai.create` options. */
export interface Config extends ThinkingConfig, TransportConfig {
  /** Sent as `Authorization: Bearer …`. @defaultValue process.env.OPENAI_API_KEY */
  apiKey?: string;
  /** The model id, e.g. `"gpt-5.4"` or `"deepseek-v4-pro"`. */
  model: string;
  /**
   * Sent as `max_completion_tokens` (Responses API: `max_output_tokens`): visible plus
   * reasoning tokens.
   */
  maxCompletionTokens?: number;
  /** Everything before `/chat/completions` or `/responses`. @defaultValue "https://api.openai.com/v1" */
  baseURL?: string;
  /**
   * Which OpenAI API to call: Chat Completions, or the Responses API, which returns reasoning
   * summaries and encrypted reasoning that golem replays (docs/openai.md).
   * @defaultValue "chat-completions"
   */
  api?: Api;
}

/** A checked `Config` with the key and defaults filled in. */
export interface ResolvedConfig extends ChatOptions, ResolvedTransport {
  model: string;
  apiKey: string;
  baseURL: string;
  api: Api;
  /** `api: "responses"` only: the `reasoning.summary` to send, if any. */
  reasoningSummary?: ReasoningSummary;
  /** Every header golem sends, auth included. */
  headers: Record<string, string>;
}

/** Checks an `openai.create` config; throws `ConfigError` naming the option to fix. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw new ConfigError("openai: create() needs a config object");
  }
  const apiKey = config.apiKey ?? env.OPENAI_API_KEY;
  if (typeof apiKey !== "string" || apiKey === "") {
    throw new ConfigError("openai: no API key; pass apiKey or set OPENAI_API_KEY");
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('openai: model is required, e.g. "gpt-5.4"');
  }
  const api = resolveApi(config.api, "openai");
  const summary = resolveReasoningSummary(config, api, "openai");
  const headers = lowerCaseHeaders(config.headers, "openai");
  headers["content-type"] = "application/json";
  headers.authorization = `Bearer ${apiKey}`;
  const out: ResolvedConfig = {
    ...resolveChatOptions(config, "openai", config.model),
    ...resolveTransport(config, "openai"),
    model: config.model,
    apiKey,
    baseURL: resolveBaseURL(config.baseURL ?? DEFAULT_BASE_URL, "baseURL", "openai"),
    api,
    headers,
  };
  if (summary !== undefined) out.reasoningSummary = summary;
  return out;
}
