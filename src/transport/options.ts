import { ConfigError } from "../core/errors.js";
import { isObject, isObjectLike } from "../core/issue.js";
import type { FetchLike } from "./exchange.js";

/** The transport settings every adapter's config takes. */
export interface TransportConfig {
  /** Resolved per call, so test doubles installed after `create` still apply. */
  fetch?: FetchLike;
  /** Everything before the endpoint's own path. */
  baseURL?: string;
  /** Extra headers on every request (names are case-insensitive). */
  headers?: Record<string, string>;
  /** @defaultValue 2 */
  maxRetries?: number;
  /** Per attempt: the whole exchange for `generate`, until the headers for `stream`. */
  timeoutMs?: number;
  /**
   * The longest a stream may stay silent once its headers arrived; `Infinity` turns it off.
   * @defaultValue 600000 (10 minutes)
   */
  idleTimeoutMs?: number;
  /** The whole call, retries and the stream's body included; no limit when absent. */
  deadlineMs?: number;
}

/** A stream silent this long has stalled: as long as the SDKs' default request timeout. */
export const DEFAULT_IDLE_TIMEOUT_MS = 600_000;

/** How calls are made: the fetch, the retries and the timeout, checked. */
export interface ResolvedCallOptions {
  fetch: FetchLike | undefined;
  maxRetries: number;
  timeoutMs: number | undefined;
  /** Absent on a hand-made platform: the default applies then (the stream watch reads it). */
  idleTimeoutMs?: number | undefined;
  deadlineMs?: number | undefined;
}

/** Every transport setting, checked, with defaults applied. */
export interface ResolvedTransport extends ResolvedCallOptions {
  baseURL: string;
  /** The caller's headers, names lower-cased so ours replace theirs instead of joining. */
  headers: Record<string, string>;
}

/** Checks the shared transport settings; complaints are {@link ConfigError}s naming `provider`. */
export function resolveTransport(
  provider: string,
  config: TransportConfig,
  defaultBaseURL: string,
): ResolvedTransport {
  return {
    ...resolveCallOptions(provider, config),
    baseURL: resolveBaseURL(provider, config.baseURL ?? defaultBaseURL, "baseURL"),
    headers: resolveHeaders(provider, config.headers),
  };
}

/** Checks `fetch`, `maxRetries` (default 2) and the time limits. */
export function resolveCallOptions(
  provider: string,
  config: Pick<
    TransportConfig,
    "fetch" | "maxRetries" | "timeoutMs" | "idleTimeoutMs" | "deadlineMs"
  >,
): ResolvedCallOptions {
  const { maxRetries = 2, timeoutMs, idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS, deadlineMs } = config;
  if (config.fetch !== undefined && typeof config.fetch !== "function") {
    throw new ConfigError(`${provider}: \`fetch\` must be a function`);
  }
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new ConfigError(
      `${provider}: \`maxRetries\` must be an integer >= 0, got ${String(maxRetries)}`,
    );
  }
  checkDuration(provider, "timeoutMs", timeoutMs, false);
  checkDuration(provider, "idleTimeoutMs", idleTimeoutMs, true);
  checkDuration(provider, "deadlineMs", deadlineMs, false);
  return { fetch: config.fetch, maxRetries, timeoutMs, idleTimeoutMs, deadlineMs };
}

/** A time limit is a positive number of milliseconds (`Infinity` where it may be turned off). */
function checkDuration(provider: string, option: string, ms: unknown, off: boolean): void {
  if (ms === undefined || (off && ms === Number.POSITIVE_INFINITY)) return;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0) {
    const allowed = off ? "a positive number (or Infinity)" : "a positive number";
    throw new ConfigError(`${provider}: \`${option}\` must be ${allowed}, got ${String(ms)}`);
  }
}

/** The caller's extra headers with lower-case names; each value must be a string. */
export function resolveHeaders(
  provider: string,
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  // A Headers, a Map or an array would read as no headers at all: refuse them by name.
  if (Object.prototype.toString.call(headers) !== "[object Object]") {
    throw new ConfigError(`${provider}: \`headers\` must be an object of strings`);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") {
      throw new ConfigError(`${provider}: header ${name} must be a string`);
    }
    out[name.toLowerCase()] = value;
  }
  return out;
}

/** A URL without trailing slashes; {@link ConfigError} unless it is an absolute http(s) URL. */
export function resolveBaseURL(provider: string, value: string, option: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${provider}: \`${option}\` is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(
      `${provider}: \`${option}\` must be an http(s) URL, got ${JSON.stringify(value)}`,
    );
  }
  return value.trim().replace(/\/+$/, "");
}

/**
 * Every key of a config type: a literal of it must name them all, and no other. A key is `true`,
 * or, for an option that is an object of its own (`thinking: { budgetTokens }`), the keys that
 * object takes, so a misspelt key one level down is refused too.
 */
export type KeySet<C> = { readonly [K in keyof Required<C>]: true | NestedKeys };

/** The keys of an option that is an object; each `true`. */
export type NestedKeys = { readonly [key: string]: true };

/** The keys of {@link TransportConfig}, for each adapter's {@link KeySet}. */
export const TRANSPORT_KEYS: KeySet<TransportConfig> = {
  fetch: true,
  baseURL: true,
  headers: true,
  maxRetries: true,
  timeoutMs: true,
  idleTimeoutMs: true,
  deadlineMs: true,
};

/**
 * Refuses a config key the adapter does not know: a misspelt or unsupported option would
 * otherwise be ignored without a word (`temperature` before it existed). One level down too:
 * a key inside an option whose {@link KeySet} entry lists its keys (`thinking: { budget }`
 * where `budgetTokens` was meant).
 */
export function refuseUnknownKeys(provider: string, config: object, known: object): void {
  for (const key of Object.keys(config)) {
    if (!Object.hasOwn(known, key)) {
      const accepted = Object.keys(known).sort().join(", ");
      throw new ConfigError(
        `${provider}: unknown option \`${key}\`; ${provider}.create accepts ${accepted}`,
      );
    }
    const nested: unknown = (known as Record<string, unknown>)[key];
    const value: unknown = (config as Record<string, unknown>)[key];
    if (isObjectLike(nested) && isObject(value)) {
      refuseUnknownNestedKeys(provider, key, value, nested);
    }
  }
}

function refuseUnknownNestedKeys(
  provider: string,
  option: string,
  value: object,
  known: object,
): void {
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(known, key)) continue;
    const accepted = Object.keys(known).sort().join(", ");
    throw new ConfigError(
      `${provider}: unknown option \`${option}.${key}\`; \`${option}\` accepts ${accepted}`,
    );
  }
}

/** An object literal's shape (the other checks refuse arrays and functions themselves). */

/**
 * One rule for every adapter that takes more than one kind of credentials (Bedrock `apiKey` or
 * SigV4 `credentials`, Azure `apiKey` or `token`): given explicitly, exactly one. Silently
 * preferring one would sign with what the caller did not mean. (From the environment the
 * adapter's documented order still applies: an explicit option beats every variable.)
 */
export function refuseMixedCredentials(
  provider: string,
  config: object,
  kinds: readonly string[],
): void {
  const given = kinds.filter((k) => (config as Record<string, unknown>)[k] !== undefined);
  if (given.length > 1) {
    throw new ConfigError(`${provider}: pass ${given.join(" or ")}, not both`);
  }
}

/**
 * The headers of a request, by one rule for every adapter: golem's `defaults`, then the
 * caller's `headers` (lower-cased by {@link resolveHeaders}), which may replace a default such
 * as `anthropic-version` or add one such as `anthropic-beta`, then the `fixed` ones (the content
 * type and the credentials), which only golem sets: a key given in `headers` could not be kept
 * out of errors, and a second content type would break the body.
 */
export function mergeHeaders(
  defaults: Record<string, string>,
  caller: Record<string, string>,
  fixed: Record<string, string>,
): Record<string, string> {
  return { ...defaults, ...caller, ...fixed };
}

/** `base` plus `extra`, a header in both joined as a list (`a,b`), as HTTP joins repeats. */
export function joinHeaders(
  base: Record<string, string>,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  if (!extra) return base;
  const out = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    const have = out[name];
    out[name] = have ? `${have},${value}` : value;
  }
  return out;
}

/**
 * The start of every `create()`: `config` is an object (else a {@link ConfigError} saying
 * `notObject`) with no key outside `known`.
 */
export function refuseBadConfig(
  provider: string,
  config: unknown,
  known: object,
  notObject: string,
): asserts config is object {
  if (!isObjectLike(config)) throw new ConfigError(notObject);
  refuseUnknownKeys(provider, config, known);
}
