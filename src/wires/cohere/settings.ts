import { ConfigError } from "../../core/errors.js";
import type { CallSettings, ModelRequest } from "../../core/types.js";
import type { Capabilities } from "../../rules/capabilities.js";
import type { CohereThinking } from "./wire.js";

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

/**
 * Checks one request against what the model takes, where `caps` says: the output cap, sampling,
 * a forced tool choice, and the thinking mode by its wire name. An absent field checks nothing.
 */
export function checkCapabilities(
  provider: string,
  model: string,
  caps: Capabilities | undefined,
  s: CallSettings,
  req: Pick<ModelRequest, "toolChoice">,
  thinking: CohereThinking | undefined,
): void {
  if (caps === undefined) return;
  const refuse = (what: string) =>
    new ConfigError(`${provider}: ${what} (capabilities of ${model})`);
  if (caps.maxOutputTokens !== undefined && (s.maxTokens ?? 0) > caps.maxOutputTokens) {
    throw refuse(`\`maxTokens\` ${s.maxTokens} is above the cap of ${caps.maxOutputTokens}`);
  }
  if (caps.sampling === false) {
    const set = (["temperature", "topP", "topK"] as const).filter((k) => s[k] !== undefined);
    if (set.length > 0) throw refuse(`the model takes no ${set.join(", ")}`);
  }
  if (caps.forcedToolChoice === false && req.toolChoice === "required") {
    throw refuse('the model takes no forced toolChoice ("required")');
  }
  if (thinking !== undefined && caps.thinking?.[thinking.type] === false) {
    throw refuse(`the model takes no thinking of type "${thinking.type}"`);
  }
}
