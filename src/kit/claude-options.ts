/**
 * The options every wire that serves Claude takes alike (the Messages API and Bedrock's
 * Converse): thinking, effort, caching and the prefix check, with the call settings.
 * @module
 */
import type { PrefixCheck } from "../core/types.js";
import { claudeBindsPrefix } from "../rules/append-only.js";
import { type Effort, THINKING_KEYS, type ThinkingConfig } from "../rules/claude.js";
import { CACHE_KEYS, type CacheConfig } from "./cache.js";
import { resolvePrefixCheck } from "./prefix/options.js";
import { SETTING_KEYS } from "./settings.js";

export type { CacheConfig, Effort, ThinkingConfig };

/** The keys of the options both Claude wires take, for their option key sets. */
export const CLAUDE_OPTION_KEYS = {
  ...SETTING_KEYS,
  thinking: THINKING_KEYS,
  effort: true,
  cache: CACHE_KEYS,
  prefixCheck: true,
} as const;

/** `prefixCheck`, checked: present unless off (the default on models that do not bind). */
export function claudePrefixCheck(
  provider: string,
  model: string,
  check: PrefixCheck | undefined,
): { prefixCheck?: PrefixCheck } {
  const mode = resolvePrefixCheck(provider, check, claudeBindsPrefix(model));
  return mode === "off" ? {} : { prefixCheck: mode };
}
