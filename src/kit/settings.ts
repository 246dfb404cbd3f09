import { ConfigError } from "../core/errors.js";
import { isStringArray } from "../core/issue.js";
import type { CallSettings } from "../core/types.js";
import type { KeySet } from "../transport/options.js";

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

/** `Model.settings`: `create()`'s resolved settings, frozen, without `extraBody` (any JSON). */
export function modelSettings(s: CallSettings): Readonly<Omit<CallSettings, "extraBody">> {
  const { extraBody: _, ...rest } = s;
  return Object.freeze(rest);
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
const within = (max: number) => (n: unknown) =>
  typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= max;

/**
 * The checks every provider shares, as [setting, test, what it must be]: `temperature` 0..2 is
 * the widest provider range (Claude's 0..1 is checked with its rules).
 */
const CHECKS: [keyof CallSettings, (v: unknown) => boolean, string][] = [
  ["maxTokens", (v) => isInt(v, 1), "an integer >= 1"],
  ["temperature", within(2), "0..2"],
  ["topP", within(1), "0..1"],
  ["topK", (v) => isInt(v, 1), "an integer >= 1"],
  ["seed", (v) => isInt(v, Number.MIN_SAFE_INTEGER), "an integer"],
  ["stopSequences", isStringArray, "an array of strings"],
  ["extraBody", isPlain, "a plain object"],
  // Merged by assignment, a `__proto__` key would set a prototype and vanish from the body.
  ["extraBody", noProto, "free of `__proto__` keys (they cannot reach the wire)"],
];

function noProto(v: unknown): boolean {
  return !isPlain(v) || (!Object.hasOwn(v, "__proto__") && Object.values(v).every(noProto));
}

function checkSettings(provider: string, s: CallSettings): CallSettings {
  for (const [k, ok, what] of CHECKS) {
    if (s[k] !== undefined && !ok(s[k])) {
      throw new ConfigError(`${provider}: \`${k}\` must be ${what}`);
    }
  }
  return s;
}

/** The settings that are set, under the provider's names for them (`{ topP: "top_p" }`). */
export function wireFields(
  s: CallSettings,
  names: Partial<Record<keyof CallSettings, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, wire] of Object.entries(names)) {
    const v = s[k as keyof CallSettings];
    if (v !== undefined) out[wire] = v;
  }
  return out;
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
