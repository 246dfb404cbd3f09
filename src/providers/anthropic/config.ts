import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { CallSettings, ModelRequest, PrefixCheck } from "../../core/types.js";
import { claudeBindsPrefix } from "../../rules/append-only.js";
import { type CacheConfig, type ResolvedCache, resolveCache } from "../../transport/cache.js";
import {
  checkClaudeSettings,
  type Effort,
  resolveEffort,
  resolveThinking,
  type ThinkingConfig,
} from "../../transport/claude-config.js";
import {
  type KeySet,
  type ResolvedTransport,
  refuseUnknownKeys,
  resolveTransport,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import { resolvePrefixCheck } from "../../transport/prefix/options.js";
import { pickSettings, refuseSettings, SETTING_KEYS } from "../../transport/settings.js";
import type { ContextManagement, ThinkingConfigParam } from "./wire.js";

/**
 * Anthropic's rules for one call's settings: Claude's (shared with Bedrock) and no `seed`,
 * which the Messages API has no field for.
 */
export function checkSettings(
  model: string,
  thinking: ThinkingConfigParam | undefined,
  s: CallSettings & Pick<ModelRequest, "toolChoice">,
): void {
  refuseSettings("anthropic", s, ["seed"], "has no Messages API field; leave it out");
  checkClaudeSettings("anthropic", model, thinking, s);
}

export type { CacheConfig, ContextManagement, Effort, ThinkingConfig };

/** Settings of `anthropic.create`. */
export interface Config extends TransportConfig, CallSettings {
  /** @defaultValue the `ANTHROPIC_API_KEY` environment variable */
  apiKey?: string;
  model: string;
  /** Output token cap (`max_tokens`); thinking counts against it. A call may override it. */
  maxTokens: number;
  /** Omitted: no `thinking` field is sent, and the model's default applies. */
  thinking?: ThinkingConfig;
  /** Sent as `output_config.effort`. */
  effort?: Effort;
  /**
   * Prompt caching: golem puts `cache_control` breakpoints after the tools, after the system
   * prompt and on the last message (docs/caching.md). Without it only `Message.cache` marks
   * are sent.
   */
  cache?: CacheConfig;
  /**
   * Sent as `context_management`, with the `anthropic-beta: context-management-2025-06-27`
   * header: the API clears old thinking or tool results server-side, while the history golem
   * sends stays whole (a history processor that drops them costs the cache instead).
   */
  contextManagement?: ContextManagement;
  /**
   * What a request whose prefix changed under replayed thinking gets (docs/append-only.md):
   * `"error"` a HistoryError before any request, `"drop"` that thinking left out and reported
   * in `inputTransformations`, `"off"` sent as asked. Also sent as
   * `thinking.block_binding.prefix_mismatch_behavior` to models that bind.
   * @defaultValue `"error"` on models that bind thinking to its prefix, else `"off"`
   */
  prefixCheck?: PrefixCheck;
}

export interface ResolvedConfig extends ResolvedTransport {
  apiKey: string;
  model: string;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings & { maxTokens: number };
  thinking: ThinkingConfigParam | undefined;
  effort: Effort | undefined;
  cache: ResolvedCache | undefined;
  contextManagement: ContextManagement | undefined;
  prefixCheck: PrefixCheck;
}

export const DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

const CONFIG_KEYS: KeySet<Config> = {
  ...TRANSPORT_KEYS,
  ...SETTING_KEYS,
  apiKey: true,
  model: true,
  thinking: true,
  effort: true,
  cache: true,
  contextManagement: true,
  prefixCheck: true,
};

/** Checks `anthropic.create`'s config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw new ConfigError("anthropic.create needs a config object");
  }
  refuseUnknownKeys("anthropic", config, CONFIG_KEYS);
  if (config.apiKey !== undefined && typeof config.apiKey !== "string") {
    throw new ConfigError("anthropic: `apiKey` must be a string");
  }
  const apiKey = config.apiKey ?? env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new ConfigError(
      "anthropic: no API key; pass `apiKey` or set the ANTHROPIC_API_KEY environment variable",
    );
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('anthropic: `model` is required (e.g. "claude-sonnet-4-5")');
  }
  const maxTokens = config.maxTokens;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new ConfigError(
      `anthropic: \`maxTokens\` must be a positive integer, got ${String(maxTokens)}`,
    );
  }
  const settings = { ...pickSettings("anthropic", config), maxTokens };
  const thinking = resolveThinking("anthropic", config.thinking, maxTokens);
  checkSettings(config.model, thinking, settings);
  return {
    apiKey,
    model: config.model,
    settings,
    thinking,
    effort: resolveEffort("anthropic", config.effort),
    cache: resolveCache("anthropic", config.cache),
    contextManagement: resolveContextManagement(config.contextManagement, thinking),
    prefixCheck: resolvePrefixCheck(
      "anthropic",
      config.prefixCheck,
      claudeBindsPrefix(config.model),
    ),
    ...resolveTransport("anthropic", config, DEFAULT_BASE_URL),
  };
}

/**
 * `contextManagement` needs a list of edits; the API checks each, but refuses clearing
 * thinking without thinking on (a 400 "requires `thinking` to be enabled or adaptive"), which
 * is known here before any request.
 */
function resolveContextManagement(
  cm: ContextManagement | undefined,
  thinking: ThinkingConfigParam | undefined,
): ContextManagement | undefined {
  if (cm !== undefined && !(Array.isArray(cm?.edits) && cm.edits.length > 0)) {
    throw new ConfigError("anthropic: `contextManagement` must be { edits: [...] }");
  }
  const off = thinking === undefined || thinking.type === "disabled";
  if (off && cm?.edits.some((e) => e.type === "clear_thinking_20251015")) {
    throw new ConfigError(
      "anthropic: the clear_thinking_20251015 edit needs thinking on ({ adaptive: true } or { budgetTokens })",
    );
  }
  return cm;
}
