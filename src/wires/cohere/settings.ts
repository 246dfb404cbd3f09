import { ConfigError } from "../../core/errors.js";
import type { CallSettings } from "../../core/types.js";

/**
 * What Cohere's Chat API takes of the call settings beyond the checks every wire shares
 * (kit/settings.ts), each a ConfigError before any request rather than a 400: `temperature`
 * 0..1, `topP` (`p`) 0.01..0.99, `topK` (`k`) up to 500, `seed` 0 and up, at most 5
 * `stopSequences`.
 * @see https://docs.cohere.com/reference/chat (the request body's ranges)
 */
const RULES: [keyof CallSettings, (v: number) => boolean, string][] = [
  ["temperature", (v) => v <= 1, "0..1 on Cohere"],
  ["topP", (v) => v >= 0.01 && v <= 0.99, "0.01..0.99 on Cohere (sent as `p`)"],
  ["topK", (v) => v <= 500, "at most 500 on Cohere (sent as `k`)"],
  ["seed", (v) => v >= 0, "0 or more on Cohere"],
];

/** Checks settings the shared checks have passed; returns them. */
export function checkCohereSettings(provider: string, s: CallSettings): CallSettings {
  for (const [k, ok, what] of RULES) {
    const v = s[k];
    if (typeof v === "number" && !ok(v))
      throw new ConfigError(`${provider}: \`${k}\` must be ${what}`);
  }
  if (s.stopSequences !== undefined && s.stopSequences.length > 5) {
    throw new ConfigError(`${provider}: \`stopSequences\` takes at most 5 strings on Cohere`);
  }
  return s;
}
