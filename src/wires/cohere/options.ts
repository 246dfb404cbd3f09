import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { pickSettings, SETTING_KEYS } from "../../kit/settings.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import { TRANSPORT_KEYS } from "../../transport/options.js";
import { checkCohereSettings } from "./settings.js";
import type { CohereThinking } from "./wire.js";

/**
 * Cohere's reasoning switch (`thinking`). Reasoning models think by default, so omitted sends
 * nothing; `{}` asks for it explicitly; `{ budgetTokens }` caps it; `{ disabled: true }` turns it
 * off (the model then answers as a model without reasoning does).
 * @see https://docs.cohere.com/docs/reasoning
 */
export interface ThinkingConfig {
  /** Sent as `token_budget`: the most tokens the model may think, then it answers. */
  budgetTokens?: number;
  /** Sent as `type: "disabled"`. */
  disabled?: boolean;
}

/** The Cohere Chat wire's own options, on every platform that serves it. */
export interface CohereOptions extends CallSettings {
  /** Omitted: no `thinking` field, the model's default (reasoning models think). */
  thinking?: ThinkingConfig;
  /**
   * Cohere binds no reasoning to the prefix (thinking items are plain text it takes back), so
   * only `"off"` is taken; the others are a ConfigError (docs/append-only.md). @defaultValue "off"
   */
  prefixCheck?: PrefixCheck;
  /**
   * What the model takes (a `Capabilities` you hold, e.g. from Cohere's model page), checked
   * before each request: `maxOutputTokens`, `sampling`, `forcedToolChoice`, and `thinking` by
   * its wire names (`enabled`, `disabled`). golem has no table of Cohere models.
   */
  capabilities?: Capabilities;
}

/** What the body builder reads: the model, the platform's tag, the checked options. */
export interface ResolvedOptions {
  /** Whose thinking parts are this conversation's own. */
  provider: string;
  model: string;
  /** `thinking` in wire form; undefined: none sent. */
  thinking: CohereThinking | undefined;
  /** `create()`'s call settings, the defaults of every call. */
  settings: CallSettings;
  capabilities?: Capabilities | undefined;
}

/** The keys of {@link CohereOptions}, for a platform config's key set. */
export const OPTION_KEYS = {
  ...SETTING_KEYS,
  thinking: { budgetTokens: true, disabled: true },
  prefixCheck: true,
  capabilities: true,
} as const;

/** A Cohere platform config's keys before its own: transport, settings, wire options, model, key. */
export const PLATFORM_KEYS = {
  ...TRANSPORT_KEYS,
  ...OPTION_KEYS,
  model: true,
  apiKey: true,
} as const;

/** Checks the wire's options (every complaint a ConfigError naming `provider`). */
export function resolveOptions(
  provider: string,
  model: string,
  config: CohereOptions,
): ResolvedOptions {
  const settings = pickSettings(provider, config);
  checkCohereSettings(provider, settings);
  if (config.prefixCheck !== undefined && config.prefixCheck !== "off") {
    throw new ConfigError(
      `${provider}: prefixCheck takes only "off": Cohere binds no reasoning to the prefix (docs/append-only.md)`,
    );
  }
  const capabilities = resolveCapabilities(provider, config.capabilities, "a Capabilities");
  return {
    provider,
    model,
    thinking: resolveThinking(provider, config.thinking),
    settings,
    ...(capabilities && { capabilities }),
  };
}

/** `thinking` as the wire takes it. */
function resolveThinking(
  provider: string,
  t: ThinkingConfig | undefined,
): CohereThinking | undefined {
  if (t === undefined) return undefined;
  if (typeof t !== "object" || t === null || Array.isArray(t)) {
    throw new ConfigError(
      `${provider}: thinking must be an object ({}, { budgetTokens }, { disabled: true })`,
    );
  }
  const { budgetTokens, disabled } = t;
  if (disabled !== undefined && typeof disabled !== "boolean") {
    throw new ConfigError(`${provider}: thinking.disabled must be true or false`);
  }
  if (budgetTokens !== undefined && (!Number.isSafeInteger(budgetTokens) || budgetTokens < 1)) {
    throw new ConfigError(`${provider}: thinking.budgetTokens must be an integer >= 1`);
  }
  if (disabled === true) {
    if (budgetTokens !== undefined) {
      throw new ConfigError(`${provider}: thinking takes budgetTokens or disabled: true, not both`);
    }
    return { type: "disabled" };
  }
  return budgetTokens === undefined
    ? { type: "enabled" }
    : { type: "enabled", token_budget: budgetTokens };
}
