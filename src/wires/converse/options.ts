import { ConfigError } from "../../core/errors.js";
import { refuseSettings } from "../../core/settings.js";
import type { CallSettings, ModelRequest, PrefixCheck } from "../../core/types.js";
import { type ResolvedCache, resolveCache } from "../../kit/cache.js";
import type { CacheConfig, Effort, ThinkingConfig } from "../../kit/claude-options.js";
import { CLAUDE_OPTION_KEYS, claudePrefixCheck } from "../../kit/claude-options.js";
import { pickSettings } from "../../kit/settings.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import { resolveEffort, resolveThinking } from "../../rules/claude.js";
import { checkClaudeSettings } from "../../rules/claude-checks.js";
import { claudeVersion } from "../../rules/version.js";
import { type KeySet, TRANSPORT_KEYS } from "../../transport/options.js";
import type { ThinkingConfigParam } from "./wire.js";

/** `thinking` and `effort` take the same choices as `golem/anthropic`. */
export type { CacheConfig, Effort, ThinkingConfig };

/** The Converse wire's own options, on every platform that serves it. */
export interface ConverseOptions extends CallSettings {
  /** Omitted: no `thinking` field is sent, and the model's default applies. */
  thinking?: ThinkingConfig;
  /** Sent as `outputConfig.effort`. */
  effort?: Effort;
  /**
   * Prompt caching: golem puts `cachePoint` blocks after the tools, after the system prompt
   * and after the last message (docs/caching.md), for models that take them. Without it only
   * `Message.cache` marks are sent.
   */
  cache?: CacheConfig;
  /**
   * What a request whose prefix changed under replayed reasoning gets (docs/append-only.md):
   * `"error"` a HistoryError before any request, `"drop"` that reasoning left out and
   * reported, `"off"` sent as asked.
   * @defaultValue `"error"` on Claude models that bind reasoning to its prefix, else `"off"`
   */
  prefixCheck?: PrefixCheck;
  /**
   * What the Claude model takes, from `anthropic.capabilities()` (the same value for the same
   * Claude model), checked before each request over golem's dated table; it also makes an id
   * that names no Claude model (an application inference profile's ARN) read as the Claude
   * model it describes. Not taken for other models.
   */
  capabilities?: Capabilities;
  /**
   * Lets the model cite the documents of user messages (`citations: { enabled: true }` on each
   * `document` block). A cited answer's texts come as provider parts holding Bedrock's
   * `citationsContent` blocks, sent back as they came; a streamed text then arrives whole at
   * its block's end (docs/bedrock.md, "Citations").
   * @defaultValue false
   */
  citations?: boolean;
}

/** What the body builder reads: the checked options, the model and the platform's tag. */
export interface ResolvedOptions {
  /** Whose reasoning and provider parts are this conversation's own. @defaultValue "bedrock" */
  provider?: string;
  model: string;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings;
  thinking: ThinkingConfigParam | undefined;
  effort: Effort | undefined;
  cache: ResolvedCache | undefined;
  /** Absent: off. */
  prefixCheck?: PrefixCheck;
  capabilities?: Capabilities | undefined;
  /** Documents may be cited: `citations: { enabled: true }` on each. */
  citations?: boolean;
}

/** The keys of {@link ConverseOptions}, for a platform config's key set. */
export const OPTION_KEYS: KeySet<ConverseOptions> = {
  ...CLAUDE_OPTION_KEYS,
  capabilities: true,
  citations: true,
};

/** A Converse platform config's keys before its own: the transport's, the wire's and `model`. */
export const PLATFORM_KEYS = { ...TRANSPORT_KEYS, ...OPTION_KEYS, model: true } as const;

/**
 * Claude on Bedrock: the Converse API has `topK` only as Claude's own `top_k`. A model id that
 * names no Claude (an inference profile's ARN) is Claude when its capabilities describe one.
 */
export const isClaude = (model: string, capabilities?: Capabilities) =>
  model.includes("anthropic.claude") ||
  (capabilities !== undefined && claudeVersion(capabilities.model) !== undefined);

/**
 * Converse's rules for one call's settings: no `seed` (Converse has no field for it), `topK`
 * only for Claude (sent as `additionalModelRequestFields.top_k`), and Claude's own rules for
 * Claude.
 */
export function checkSettings(
  model: string,
  thinking: ThinkingConfigParam | undefined,
  s: CallSettings & Partial<Pick<ModelRequest, "toolChoice" | "messages">>,
  provider = "bedrock",
  effort?: Effort,
  capabilities?: Capabilities,
): void {
  refuseSettings(provider, s, ["seed"], "has no Converse field; leave it out");
  if (!isClaude(model, capabilities)) {
    refuseSettings(
      provider,
      s,
      ["topK"],
      "is sent for Claude models only; pass the model's own field in `extraBody.additionalModelRequestFields`",
    );
  } else checkClaudeSettings(provider, model, thinking, s, { effort, capabilities });
}

/**
 * The settings, thinking, capabilities and their rules, as checked before any request.
 * Capabilities are Claude's: for a model that is no Claude they are a {@link ConfigError}
 * rather than a value silently not read.
 */
export function resolveSettings(provider: string, model: string, config: ConverseOptions) {
  const settings = pickSettings(provider, config);
  const thinking = resolveThinking(provider, config.thinking, settings.maxTokens);
  const capabilities = resolveCapabilities(provider, config.capabilities, "anthropic.capabilities");
  if (capabilities && !isClaude(model, capabilities)) {
    throw new ConfigError(
      `${provider}: \`capabilities\` are read for Claude models only, and neither ${model} nor ${capabilities.model} is one`,
    );
  }
  const effort = resolveEffort(provider, config.effort);
  checkSettings(model, thinking, settings, provider, effort, capabilities);
  return { settings, thinking, ...(capabilities && { capabilities }) };
}

/** `prefixCheck`, checked: present unless off (the default on models that do not bind). */
export function resolvePrefix(provider: string, model: string, config: ConverseOptions) {
  return claudePrefixCheck(provider, model, config.prefixCheck);
}

/** `effort`, `cache` and `citations`, checked. */
export function resolveExtras(provider: string, config: ConverseOptions) {
  const { citations } = config;
  if (citations !== undefined && typeof citations !== "boolean") {
    throw new ConfigError(`${provider}: \`citations\` must be true or false`);
  }
  return {
    effort: resolveEffort(provider, config.effort),
    cache: resolveCache(provider, config.cache),
    ...(citations && { citations }),
  };
}
