import { ConfigError } from "../../core/errors.js";
import type { CallSettings, ModelRequest } from "../../core/types.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import {
  checkClaudeSettings,
  type Effort,
  resolveEffort,
  resolveThinking,
  type ThinkingConfig,
} from "../../rules/claude.js";
import { type CacheConfig, type ResolvedCache, resolveCache } from "../../transport/cache.js";
import type { KeySet } from "../../transport/options.js";
import { pickSettings, refuseSettings, SETTING_KEYS } from "../../transport/settings.js";
import type { ContextManagement, ThinkingConfigParam } from "./wire.js";

export type { CacheConfig, ContextManagement, Effort, ThinkingConfig };

/** The Messages wire's own options, on every platform that serves it. */
export interface MessagesOptions extends CallSettings {
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
   * What the model takes, from `anthropic.capabilities()` (the models API), checked before
   * each request; without it golem's dated table is read, and a model it does not know is
   * sent as asked (docs/models.md).
   */
  capabilities?: Capabilities;
}

/** What the body builder reads: the checked options, the model and the platform's tag. */
export interface ResolvedOptions {
  /** Whose thinking blocks and provider parts are this conversation's own. @defaultValue "anthropic" */
  provider?: string;
  model: string;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings & { maxTokens: number };
  thinking: ThinkingConfigParam | undefined;
  effort: Effort | undefined;
  cache: ResolvedCache | undefined;
  contextManagement: ContextManagement | undefined;
  capabilities?: Capabilities | undefined;
}

/** The keys of {@link MessagesOptions}, for a platform config's key set. */
export const OPTION_KEYS: KeySet<MessagesOptions> = {
  ...SETTING_KEYS,
  maxTokens: true,
  thinking: true,
  effort: true,
  cache: true,
  contextManagement: true,
  capabilities: true,
};

/**
 * The Messages API's rules for one call's settings: Claude's (shared with Bedrock) and no
 * `seed`, which the Messages API has no field for.
 */
export function checkSettings(
  cfg: Pick<ResolvedOptions, "model" | "thinking" | "effort" | "capabilities">,
  s: CallSettings & Partial<Pick<ModelRequest, "toolChoice" | "messages">>,
  provider = "anthropic",
): void {
  refuseSettings(provider, s, ["seed"], "has no Messages API field; leave it out");
  checkClaudeSettings(provider, cfg.model, cfg.thinking, s, {
    capabilities: cfg.capabilities,
    effort: cfg.effort,
  });
}

/** Checks the Messages options of a config; every complaint is a {@link ConfigError}. */
export function resolveOptions(
  provider: string,
  model: string,
  config: MessagesOptions,
): ResolvedOptions {
  const maxTokens = config.maxTokens;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new ConfigError(
      `${provider}: \`maxTokens\` must be a positive integer, got ${String(maxTokens)}`,
    );
  }
  const settings = { ...pickSettings(provider, config), maxTokens };
  const thinking = resolveThinking(provider, config.thinking, maxTokens);
  const capabilities = resolveCapabilities(provider, config.capabilities);
  const rules = {
    model,
    thinking,
    effort: resolveEffort(provider, config.effort),
    ...(capabilities && { capabilities }),
  };
  checkSettings(rules, settings, provider);
  return {
    settings,
    ...rules,
    cache: resolveCache(provider, config.cache),
    contextManagement: resolveContextManagement(provider, config.contextManagement, rules),
  };
}

/**
 * `contextManagement` needs a list of edits; the API checks each, but refuses clearing
 * thinking without thinking on (a 400 "requires `thinking` to be enabled or adaptive"), which
 * is known here before any request.
 */
function resolveContextManagement(
  provider: string,
  cm: ContextManagement | undefined,
  rules: Pick<ResolvedOptions, "model" | "thinking" | "capabilities">,
): ContextManagement | undefined {
  const { thinking } = rules;
  if (cm !== undefined && !(Array.isArray(cm?.edits) && cm.edits.length > 0)) {
    throw new ConfigError(`${provider}: \`contextManagement\` must be { edits: [...] }`);
  }
  const off = thinking === undefined || thinking.type === "disabled";
  if (off && cm?.edits.some((e) => e.type === "clear_thinking_20251015")) {
    throw new ConfigError(
      `${provider}: the clear_thinking_20251015 edit needs thinking on ({ adaptive: true } or { budgetTokens })`,
    );
  }
  const edits = rules.capabilities?.contextEdits;
  const refused = cm?.edits.find((e) => edits?.[e.type] === false);
  if (refused) {
    throw new ConfigError(
      `${provider}: the ${refused.type} edit is not supported by ${rules.model} (its capabilities)`,
    );
  }
  return cm;
}
