import { ConfigError } from "../../core/errors.js";
import type { PrefixCheck } from "../../core/types.js";

const CHECKS: readonly string[] = ["error", "drop", "off"];

/**
 * Checks `prefixCheck`; unset, it is `"error"` on a model that binds reasoning to its prefix
 * (the rules in `rules/append-only.ts`) and `"off"` elsewhere.
 */
export function resolvePrefixCheck(
  provider: string,
  value: PrefixCheck | undefined,
  binds: boolean,
): PrefixCheck {
  if (value === undefined) return binds ? "error" : "off";
  if (!CHECKS.includes(value)) {
    throw new ConfigError(
      `${provider}: unknown \`prefixCheck\` ${JSON.stringify(value)}; use "error", "drop" or "off"`,
    );
  }
  return value;
}
