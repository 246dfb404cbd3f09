import { ConfigError } from "../core/errors.js";
import type { CallSettings } from "../core/types.js";
import type { KeySet } from "./options.js";

/**
 * The call settings every adapter takes, as `create()` defaults and per call: the shared
 * mechanics (merging, the common checks, `extraBody`). Which wire field each one becomes, and
 * which a provider refuses, is the provider folder's.
 */

/** The keys of {@link CallSettings}, for each adapter's config `KeySet`. */
export const SETTING_KEYS: KeySet<CallSettings> = {
  maxTokens: true,
  temperature: true,
  topP: true,
  topK: true,
  stopSequences: true,
  seed: true,
  extraBody: true,
};

const NAMES = Object.keys(SETTING_KEYS) as (keyof CallSettings)[];

/** The settings of a config or a request, picked out and checked. */
export function pickSettings(provider: string, from: CallSettings): CallSettings {
  const out: Record<string, unknown> = {};
  for (const k of NAMES) if (from[k] !== undefined) out[k] = from[k];
  return checkSettings(provider, out as CallSettings);
}

/** `create()`'s settings with one call's over them (`extraBody` is applied by {@link withExtraBody}). */
export function callSettings(
  provider: string,
  defaults: CallSettings | undefined,
  req: CallSettings,
): CallSettings {
  return { ...defaults, ...pickSettings(provider, req) };
}

const isInt = (n: unknown, min: number) => Number.isSafeInteger(n) && (n as number) >= min;
const within = (n: unknown, max: number) =>
  typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= max;

/**
 * The checks every provider shares: `maxTokens` and `topK` positive integers, `temperature`
 * 0..2 (the widest provider range; Claude's 0..1 is checked with its rules), `topP` 0..1,
 * `seed` an integer, `stopSequences` strings, `extraBody` a plain object.
 */
function checkSettings(provider: string, s: CallSettings): CallSettings {
  const problem =
    (s.maxTokens !== undefined &&
      !isInt(s.maxTokens, 1) &&
      "`maxTokens` must be an integer >= 1") ||
    (s.temperature !== undefined && !within(s.temperature, 2) && "`temperature` must be 0..2") ||
    (s.topP !== undefined && !within(s.topP, 1) && "`topP` must be 0..1") ||
    (s.topK !== undefined && !isInt(s.topK, 1) && "`topK` must be an integer >= 1") ||
    (s.seed !== undefined &&
      !isInt(s.seed, Number.MIN_SAFE_INTEGER) &&
      "`seed` must be an integer") ||
    (s.stopSequences !== undefined &&
      !(Array.isArray(s.stopSequences) && s.stopSequences.every((x) => typeof x === "string")) &&
      "`stopSequences` must be an array of strings") ||
    (s.extraBody !== undefined && !isPlain(s.extraBody) && "`extraBody` must be a plain object");
  if (problem) throw new ConfigError(`${provider}: ${problem}`);
  return s;
}

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

function isPlain(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === "[object Object]";
}

/**
 * `extra` deep-merged into `base`, neither changed: plain objects merge key by key, anything
 * else (arrays, scalars, `null`) replaces, and `undefined` removes the key.
 */
export function deepMerge<T extends object>(base: T, extra: Record<string, unknown>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k] as object, v) : v;
  }
  return out as T;
}

/**
 * The wire body with `create()`'s `extraBody` merged in, then the call's: the last step before
 * the body is serialized (and, on Bedrock, signed).
 */
export function withExtraBody<T extends object>(
  body: T,
  defaults: CallSettings | undefined,
  req: CallSettings,
): T {
  let out = body;
  for (const extra of [defaults?.extraBody, req.extraBody]) {
    if (extra !== undefined) out = deepMerge(out, extra);
  }
  return out;
}
