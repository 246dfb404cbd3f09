/**
 * A refusal every layer may make of a call's settings (the rules as much as the wires): a
 * setting the provider or the model has no field for is refused, never silently dropped.
 * @module
 */
import { ConfigError } from "./errors.js";
import type { CallSettings } from "./types.js";

/**
 * Refuses each setting of `names` that is set, saying `why`: a setting the provider (or this
 * model) has no field for is refused, never silently dropped.
 */
export function refuseSettings(
  provider: string,
  s: CallSettings,
  names: readonly (keyof CallSettings)[],
  why: string,
): void {
  for (const k of names) {
    if (s[k] !== undefined) throw new ConfigError(`${provider}: \`${k}\` ${why}`);
  }
}
