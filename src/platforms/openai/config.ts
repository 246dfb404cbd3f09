import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import type { OpenAIModelId } from "../../rules/model-ids.js";
import { checkSettings } from "../../rules/openai.js";
import type { KeySet, TransportConfig } from "../../transport/options.js";
import { refuseBadConfig, resolveBaseURL } from "../../transport/options.js";
import type {
  Api,
  PromptCacheConfig,
  ReasoningFormat,
  ThinkingConfig,
} from "../../wires/openai-chat/options.js";
import {
  checkServerName,
  PLATFORM_KEYS,
  type ResolvedWireConfig,
  resolveApi,
  resolveReasoningSummary,
  resolveServer,
  resolveWireHeaders,
  resolveWireOptions,
  SERVERS,
  type ServerName,
  serverOf,
} from "../../wires/openai-chat/options.js";

export type { ChatOptions, PromptCacheConfig } from "../../wires/openai-chat/options.js";

// Plain checks rather than a zod/mini schema: each message names the option (and the
// environment variable) that fixes it, and the openai and azure entries then carry no zod.

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

/** OpenAI's own endpoint; set `baseURL` for a compatible server (DeepSeek, vLLM, OpenRouter). */
export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** `openai.create` options. */
export interface Config extends ThinkingConfig, PromptCacheConfig, TransportConfig, CallSettings {
  /**
   * Sent as `Authorization: Bearer …`.
   * @defaultValue process.env.OPENAI_API_KEY, or OPENROUTER_API_KEY when `baseURL` is on openrouter.ai
   */
  apiKey?: string;
  /** The model id, e.g. `"gpt-6.1-sol"` or `"deepseek-v4-pro"`; any string is sent as given. */
  model: OpenAIModelId;
  /**
   * Sent as `max_completion_tokens` (Responses API: `max_output_tokens`): visible plus
   * reasoning tokens.
   */
  maxTokens?: number;
  /** Everything before `/chat/completions` or `/responses`. @defaultValue "https://api.openai.com/v1" */
  baseURL?: string;
  /**
   * Which server `baseURL` is, for a reasoning dialect its host does not say (a local vLLM,
   * a proxy): its row of `openai.servers` (docs/servers.md).
   * @defaultValue the server whose host `baseURL` is on, else `"compatible"`
   */
  server?: ServerName;
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
  /**
   * `api: "responses"`: stored responses (docs/server-history.md). Each request is sent with
   * `store: true`; a later one sends only the input after the last stored response
   * (`previous_response_id`), when the history up to it is provably what was sent.
   * @defaultValue false
   */
  serverHistory?: boolean;
  /**
   * What the model takes, from `openai.capabilities()` (OpenAI's published model data, dated);
   * without it the same table is read for `model`, and a model it does not know is sent as
   * asked (docs/models.md).
   */
  capabilities?: Capabilities;
}

/** A checked `Config` with the key and defaults filled in. */
export interface ResolvedConfig extends ResolvedWireConfig {
  model: string;
  apiKey: string;
  baseURL: string;
  api: Api;
  /** The `server` the config named, for the Responses wire's own row (else its host's). */
  serverName?: ServerName;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...PLATFORM_KEYS,
  model: true,
  reasoningFormat: true,
  capabilities: true,
  server: true,
};

/** Checks an `openai.create` config; throws `ConfigError` naming the option to fix. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig("openai", config, CONFIG_KEYS, "openai: create() needs a config object");
  if (config.apiKey !== undefined && typeof config.apiKey !== "string") {
    throw new ConfigError("openai: `apiKey` must be a string");
  }
  const baseURL = resolveBaseURL("openai", config.baseURL ?? DEFAULT_BASE_URL, "baseURL");
  const server = checkServerName(config.server, "openai") ?? serverOf(baseURL);
  // OpenAI's key is never sent to a host with a key of its own (OpenRouter, DeepSeek, ...).
  const keyName = SERVERS[server].key ?? "OPENAI_API_KEY";
  const apiKey = config.apiKey ?? env[keyName];
  if (typeof apiKey !== "string" || apiKey === "") {
    throw new ConfigError(`openai: no API key; pass apiKey or set ${keyName}`);
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('openai: model is required, e.g. "gpt-5.4"');
  }
  const api = resolveApi(config.api, "openai");
  const summary = resolveReasoningSummary(config, api, "openai");
  const headers = resolveWireHeaders("openai", config.headers, {
    authorization: `Bearer ${apiKey}`,
  });
  const format = resolveReasoningFormat(config.reasoningFormat, baseURL, api);
  const out: ResolvedConfig = {
    ...resolveWireOptions("openai", config, api, config.model, config.model),
    model: config.model,
    apiKey,
    baseURL,
    api,
    headers,
  };
  if (summary !== undefined) out.reasoningSummary = summary;
  if (config.server !== undefined) out.serverName = server;
  if (format !== undefined) out.reasoningFormat = format;
  // prompt_cache_breakpoint is OpenAI's own (GPT-5.6 and later); a compatible server's
  // schema does not name it.
  if (out.cache !== undefined && server !== "openai") {
    throw new ConfigError(
      `openai: \`cache\` places OpenAI's explicit breakpoints, which server "${server}" does not take`,
    );
  }
  // OpenAI's own endpoint needs no profile: the wire is OpenAI's, sent as it always was.
  if (server !== "openai") {
    out.server = resolveServer(server, config.model, {
      replayReasoning: config.replayReasoning,
      reasoningFormat: config.reasoningFormat,
    });
  }
  const caps = resolveCapabilities("openai", config.capabilities, "openai.capabilities");
  if (caps !== undefined) out.capabilities = caps;
  checkSettings(api === "responses" ? "responses" : "chat", out, out.settings ?? {});
  return out;
}
