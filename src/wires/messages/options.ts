import { ConfigError } from "../../core/errors.js";
import { isNonEmptyString, isObject } from "../../core/issue.js";
import { refuseSettings } from "../../core/settings.js";
import type { CallSettings, ModelRequest, PrefixCheck } from "../../core/types.js";
import { type ResolvedCache, resolveCache } from "../../kit/cache.js";
import type { CacheConfig, Effort, ThinkingConfig } from "../../kit/claude-options.js";
import { CLAUDE_OPTION_KEYS, claudePrefixCheck } from "../../kit/claude-options.js";
import { pickSettings, wireFields } from "../../kit/settings.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import {
  CLAUDE_EFFORTS,
  resolveEffort,
  resolveThinking,
  THINKING_OPTION,
} from "../../rules/claude.js";
import { checkClaudeSettings } from "../../rules/claude-checks.js";
import {
  type KeySet,
  type ResolvedTransport,
  resolveTransport,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import { resolveServerHistory } from "./thread.js";

export { refuseThreads } from "./thread.js";

import type {
  CompactionConfig,
  ContextEdit,
  ContextManagement,
  FallbackModel,
  Speed,
  ThinkingConfigParam,
} from "./wire.js";

export type { CompactionConfig, FallbackOutputConfig, Speed } from "./wire.js";
export type { CacheConfig, ContextEdit, ContextManagement, Effort, FallbackModel, ThinkingConfig };

/**
 * Where a request the model declines goes next, server-side: `"default"` (the model Anthropic
 * recommends for the refusal's category) or the models to try in order, each with the settings
 * its attempt overrides.
 * @see https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback
 */
export type Fallbacks = "default" | readonly FallbackModel[];

/** The Messages wire's own options, on every platform that serves it. */
export interface MessagesOptions extends CallSettings {
  /** Output token cap (`max_tokens`); thinking counts against it. A call may override it. */
  maxTokens: number;
  /**
   * Omitted: no `thinking` field is sent, and the model's default applies; except on a model
   * whose one thinking mode is adaptive with the prefix check on, which gets
   * `{ type: "adaptive", block_binding }` (that default, spelled out to carry the binding).
   */
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
   * `thinking.block_binding.prefix_mismatch_behavior` to models that bind, with `thinking`
   * (or without it on a model that thinks only adaptively).
   * @defaultValue `"error"` on models that bind thinking to its prefix, else `"off"`
   */
  prefixCheck?: PrefixCheck;
  /**
   * What the model takes, from `anthropic.capabilities()` (the models API), checked before
   * each request; without it golem's dated table is read, and a model it does not know is
   * sent as asked (docs/models.md).
   */
  capabilities?: Capabilities;
  /**
   * Sent as `fallbacks`, with the beta `server-side-fallback-2026-07-01` (the one that takes
   * both forms and a list's per-entry overrides): a request the model refuses
   * (`stop_reason: "refusal"`) is retried by the API on another model, and the answer carries
   * a `fallback` block where the model changed.
   */
  fallbacks?: Fallbacks;
  /**
   * Sent as `speed`; `"fast"` (high output speed) with the beta `fast-mode-2026-02-01`, which
   * some models require.
   * @see https://platform.claude.com/docs/en/build-with-claude/fast-mode
   */
  speed?: Speed;
  /** Sent as `inference_geo`: where inference runs (absent: the workspace's default). */
  inferenceGeo?: string;
  /**
   * Sent as `compaction`, with the beta `compact-2026-09-04`: every request of this model is a
   * compaction request, answered by one signed `compaction` block alone, which goes back first
   * in the next request's history in place of what it summarizes. Not with
   * `contextManagement` (the API refuses both).
   * @see https://platform.claude.com/docs/en/build-with-claude/compaction
   */
  compaction?: CompactionConfig;
  /**
   * Server-held conversations (message threads, docs/server-history.md): the first call asks
   * the server to hold the conversation, later calls send only the messages after the last
   * response it holds, when the history up to it is provably what was sent.
   * @defaultValue false
   */
  serverHistory?: boolean;
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
  /** Absent: off. */
  prefixCheck?: PrefixCheck;
  capabilities?: Capabilities | undefined;
  /** Absent: no `fallbacks` field. */
  fallbacks?: Fallbacks;
  /** `speed`, `inference_geo` and `compaction` as set, by their wire names (`{}`: none). */
  fields?: Record<string, unknown>;
  /** Absent: off. */
  serverHistory?: true;
}

/** The keys of {@link MessagesOptions}, for a platform config's key set. */
export const OPTION_KEYS: KeySet<MessagesOptions> = {
  ...CLAUDE_OPTION_KEYS,
  maxTokens: true,
  contextManagement: { edits: true },
  capabilities: true,
  fallbacks: true,
  speed: true,
  inferenceGeo: true,
  compaction: { type: true, instructions: true },
  serverHistory: true,
};

/** A Messages platform config's keys before its own: the transport's, the wire's and `model`. */
export const PLATFORM_KEYS = { ...TRANSPORT_KEYS, ...OPTION_KEYS, model: true } as const;

/** A Messages platform's `create` options before its own: the wire's, the transport's, `model`. */
export interface PlatformConfig extends MessagesOptions, TransportConfig {
  /** The model as the platform names it; the rules read it too. */
  model: string;
}

/** A checked {@link PlatformConfig}: the wire's options and the transport settings. */
export interface PlatformResolved extends ResolvedTransport {
  wire: ResolvedOptions;
}

/**
 * The end of a Messages platform's `resolveConfig`: the wire's options and the transport
 * settings (`baseURL` when the config has none) checked; complaints are `ConfigError`s naming
 * `who`.
 */
export function resolvePlatform(
  who: string,
  config: PlatformConfig,
  baseURL: string,
): PlatformResolved {
  const wire = resolveOptions(who, config.model, config);
  return { wire, ...resolveTransport(who, config, baseURL) };
}

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
  const capabilities = resolveCapabilities(provider, config.capabilities, "anthropic.capabilities");
  const rules = {
    model,
    thinking,
    effort: resolveEffort(provider, config.effort),
    ...(capabilities && { capabilities }),
  };
  checkSettings(rules, settings, provider);
  const prefixCheck = claudePrefixCheck(provider, model, config.prefixCheck);
  const fallbacks = resolveFallbacks(provider, config.fallbacks);
  return {
    ...prefixCheck,
    ...resolveServerHistory(provider, config.serverHistory),
    ...(fallbacks !== undefined && { fallbacks }),
    fields: resolveFields(provider, config),
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

const isSpeed = (v: unknown) => v === "standard" || v === "fast";

/**
 * `speed`, `inferenceGeo` and `compaction`, checked, by their wire names (`{}`: none set).
 * `compaction` with `contextManagement` is refused: the API does not combine them.
 */
function resolveFields(provider: string, config: MessagesOptions): Record<string, unknown> {
  const { speed, inferenceGeo, compaction: c } = config;
  const bad =
    speed !== undefined && !isSpeed(speed)
      ? "speed"
      : inferenceGeo !== undefined && !isNonEmptyString(inferenceGeo)
        ? "inferenceGeo"
        : c !== undefined &&
            !(isObject(c) && c.type === "summarize" && typeof (c.instructions ?? "") === "string")
          ? "compaction"
          : c && config.contextManagement
            ? "compaction` with `contextManagement"
            : undefined;
  if (bad) throw new ConfigError(`${provider}: \`${bad}\` is not what the API takes`);
  return wireFields(config as never, FIELDS as never);
}

/** The options sent as they are, by wire name. */
const FIELDS = { speed: "speed", inferenceGeo: "inference_geo", compaction: "compaction" };

/** A check that also takes `null`: an override left to the entry's model. */
const orNull =
  (ok: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === null || ok(v);
/** Each field an entry may hold: whether a value is one the API parses. */
const FALLBACK_FIELDS: Record<string, (v: unknown) => boolean> = {
  model: isNonEmptyString,
  max_tokens: orNull((v) => Number.isInteger(v) && (v as number) >= 1),
  // The wire's thinking types, those of `thinking` itself.
  thinking: orNull((v) => isObject(v) && Object.hasOwn(THINKING_OPTION, String(v.type))),
  output_config: orNull(
    (v) =>
      isObject(v) &&
      Object.entries(v).every(
        ([k, x]) =>
          ["format", "task_budget"].includes(k) ||
          (k === "effort" && (x === null || CLAUDE_EFFORTS.includes(x as string))),
      ),
  ),
  speed: orNull(isSpeed),
};

/**
 * `fallbacks` is `"default"` or a non-empty list of entries with a `model`; the API rejects
 * any other key of an entry "at parse time", so that and a malformed override are refused here
 * rather than by a 400 (the values themselves the API checks against each entry's model).
 */
function resolveFallbacks(provider: string, fallbacks: unknown): Fallbacks | undefined {
  if (fallbacks === undefined || fallbacks === "default") return fallbacks;
  const fail = (what = "") =>
    new ConfigError(
      `${provider}: \`fallbacks\` must be "default" or a non-empty list of { model, max_tokens?, thinking?, output_config?, speed? }${what}`,
    );
  if (!Array.isArray(fallbacks) || fallbacks.length === 0) throw fail();
  for (const [i, entry] of fallbacks.entries()) {
    if (!isObject(entry) || !("model" in entry)) throw fail(`; entry ${i} has no \`model\``);
    for (const [key, value] of Object.entries(entry)) {
      const field = Object.hasOwn(FALLBACK_FIELDS, key) ? FALLBACK_FIELDS[key] : undefined;
      if (!field?.(value)) {
        throw fail(`; entry ${i}: \`${key}\` is not a ${field ? "value" : "field"} the API takes`);
      }
    }
  }
  return fallbacks as Fallbacks;
}
