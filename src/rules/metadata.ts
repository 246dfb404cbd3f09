/**
 * The shared half of every `capabilities()` fetcher: one GET of a models endpoint through the
 * transport (retries, timeout, typed errors, secrets scrubbed), its JSON, and today's date for
 * the `checked` field.
 * @module
 */
import { type Env, readEnv } from "../core/env.js";
import type { APIError } from "../core/errors.js";
import { ConfigError } from "../core/errors.js";
import type { APIErrorClass } from "../transport/http-model.js";
import { type ErrorReader, errorFieldsOf, parseJSONBody } from "../transport/json.js";
import {
  mergeHeaders,
  type ResolvedCallOptions,
  refuseUnknownKeys,
  resolveTransport,
  type TransportConfig,
} from "../transport/options.js";
import { type ErrorResponse, requestText } from "../transport/request.js";
import type { Capabilities } from "./capabilities.js";

/** Options every `capabilities()` fetcher takes besides its credentials. */
export interface MetadataCall extends ResolvedCallOptions {
  provider: string;
  url: string;
  headers: Record<string, string>;
  secrets: readonly string[];
  toError(res: ErrorResponse): APIError;
  signal?: AbortSignal | undefined;
}

/** GETs `call.url` and parses the JSON answer; an error answer is the provider's APIError. */
export async function getMetadata(call: MetadataCall): Promise<Record<string, unknown>> {
  const { text } = await requestText({ ...call, method: "GET", body: "" });
  const body = parseJSONBody(text, call.provider, call.secrets);
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
}

/** What every `capabilities()` config holds besides its credentials. */
export interface MetadataConfig extends TransportConfig {
  signal?: AbortSignal;
}

/** Where a models endpoint is and how to ask it: `url` under the base URL, the key's header. */
export interface MetadataTarget {
  /** The `capabilities()` call's name, for the missing-model message: `"anthropic.capabilities"`. */
  fn: string;
  /** A model id that message gives as an example. */
  example: string;
  /** The known keys of the config. */
  keys: object;
  defaultBaseURL: string;
  /** The model's path under the base URL. */
  path(model: string): string;
  /** Headers the caller's may replace (a version). */
  headers: Record<string, string>;
  /** The key's header, after the caller's. */
  auth(key: string): Record<string, string>;
}

/**
 * The models API call for `model`, checked before anything is sent: an id is given, the
 * config holds only known keys, and `apiKey()` (which throws the platform's own "no key"
 * error) found a key; then the transport as `create()` resolves it.
 */
export function metadataCall(
  provider: string,
  model: string,
  config: MetadataConfig,
  target: MetadataTarget,
  apiKey: () => string,
): Omit<MetadataCall, "toError"> {
  if (typeof model !== "string" || model === "") {
    throw new ConfigError(`${target.fn}: a model id is required (e.g. "${target.example}")`);
  }
  refuseUnknownKeys(provider, config, target.keys);
  const key = apiKey();
  const t = resolveTransport(provider, config, target.defaultBaseURL);
  return {
    provider,
    url: `${t.baseURL}/${target.path(model)}`,
    headers: mergeHeaders(target.headers, t.headers, target.auth(key)),
    fetch: t.fetch,
    maxRetries: t.maxRetries,
    timeoutMs: t.timeoutMs,
    secrets: [key],
    signal: config.signal,
  };
}

/** A models API, as `capabilities()` reads it: the call, its answer, its error answers. */
export interface ModelsAPI<C> {
  call(model: string, config: C, env: Env): Omit<MetadataCall, "toError">;
  parse(body: Record<string, unknown>, asked: string): Capabilities;
  readError: ErrorReader;
}

/**
 * An entry's `capabilities(model, config?)` over its models API: the call checked before
 * anything is sent, an error answer as the entry's `ErrorClass`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function capabilitiesFrom<C extends MetadataConfig>(
  api: ModelsAPI<C>,
  ErrorClass: APIErrorClass,
): (model: string, config?: C) => Promise<Capabilities> {
  const fields = errorFieldsOf(api.readError);
  return async (model, config = {} as C) => {
    const call = api.call(model, config, readEnv());
    const body = await getMetadata({
      ...call,
      toError: (res) => new ErrorClass(fields(res, call.provider)),
    });
    return api.parse(body, model);
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
