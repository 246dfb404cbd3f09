/**
 * The shared half of every `capabilities()` fetcher: the checks before anything is sent, one
 * GET of a models endpoint through the transport (retries, timeout, typed errors, secrets
 * scrubbed), its JSON, and today's date for the `checked` field.
 * @module
 */
import { type Env, readEnv } from "../core/env.js";
import { ConfigError } from "../core/errors.js";
import type { APIErrorClass } from "../transport/http-model.js";
import { type ErrorReader, errorFieldsOf, parseJSONBody } from "../transport/json.js";
import {
  mergeHeaders,
  refuseUnknownKeys,
  resolveTransport,
  type TransportConfig,
} from "../transport/options.js";
import { requestText } from "../transport/request.js";
import type { Capabilities } from "./capabilities.js";

/** What every `capabilities()` config holds besides its credentials. */
export interface MetadataConfig extends TransportConfig {
  signal?: AbortSignal;
}

/** A models API, as `capabilities()` reads it: where it is, how to ask, what it answers. */
export interface ModelsAPI<C> {
  provider: string;
  /** The whole complaint when no model id is given. */
  missingModel: string;
  /** The known keys of the config. */
  keys: object;
  defaultBaseURL: string;
  /** The base URL from the config and the environment, where the API reads one from both. */
  baseURL?(config: C, env: Env): string;
  /** The model's path under the base URL. */
  path(model: string): string;
  /** Headers the caller's may replace (a version). */
  headers(config: C): Record<string, string>;
  /** The key, from the config or the environment; throws the platform's "no key" error. */
  apiKey(config: C, env: Env): string;
  /** The key's header, after the caller's. */
  auth(key: string): Record<string, string>;
  parse(body: Record<string, unknown>, asked: string): Capabilities;
  readError: ErrorReader;
}

/**
 * An entry's `capabilities(model, config?)` over its models API: the model id, the config's
 * keys and the key are checked before anything is sent (a {@link ConfigError}), then one GET;
 * an error answer is the entry's `ErrorClass`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function capabilitiesFrom<C extends MetadataConfig>(
  api: ModelsAPI<C>,
  ErrorClass: APIErrorClass,
): (model: string, config?: C) => Promise<Capabilities> {
  const fields = errorFieldsOf(api.readError);
  const { provider } = api;
  return async (model, config = {} as C) => {
    if (typeof model !== "string" || model === "") throw new ConfigError(api.missingModel);
    refuseUnknownKeys(provider, config, api.keys);
    const env = readEnv();
    const key = api.apiKey(config, env);
    const base = api.baseURL ? { ...config, baseURL: api.baseURL(config, env) } : config;
    const t = resolveTransport(provider, base, api.defaultBaseURL);
    const { text } = await requestText({
      provider,
      url: `${t.baseURL}/${api.path(model)}`,
      method: "GET",
      headers: mergeHeaders(api.headers(config), t.headers, api.auth(key)),
      body: "",
      fetch: t.fetch,
      maxRetries: t.maxRetries,
      timeoutMs: t.timeoutMs,
      secrets: [key],
      signal: config.signal,
      toError: (res) => new ErrorClass(fields(res, provider)),
    });
    const body = parseJSONBody(text, provider, [key]);
    const found = typeof body === "object" && body !== null ? body : {};
    return api.parse(found as Record<string, unknown>, model);
  };
}

/** Today as `YYYY-MM-DD`, the day metadata was read. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `value` when it is a positive integer. */
export function count(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}
