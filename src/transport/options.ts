import { ConfigError } from "../core/errors.js";
import type { FetchLike } from "./request.js";

/** The transport settings every adapter's config takes. */
export interface TransportConfig {
  fetch?: FetchLike;
  baseURL?: string;
  headers?: Record<string, string>;
  /** @defaultValue 2 */
  maxRetries?: number;
  /** Per attempt: the whole exchange for `generate`, until the headers for `stream`. */
  timeoutMs?: number;
}

export interface ResolvedTransport {
  fetch: FetchLike | undefined;
  baseURL: string;
  headers: Record<string, string>;
  maxRetries: number;
  timeoutMs: number | undefined;
}

/** Checks the shared transport settings; complaints are {@link ConfigError}s naming `provider`. */
export function resolveTransport(
  provider: string,
  config: TransportConfig,
  defaultBaseURL: string,
): ResolvedTransport {
  const { maxRetries = 2, timeoutMs, baseURL = defaultBaseURL, headers = {} } = config;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new ConfigError(
      `${provider}: \`maxRetries\` must be an integer >= 0, got ${String(maxRetries)}`,
    );
  }
  if (timeoutMs !== undefined && (typeof timeoutMs !== "number" || !(timeoutMs > 0))) {
    throw new ConfigError(
      `${provider}: \`timeoutMs\` must be a positive number, got ${String(timeoutMs)}`,
    );
  }
  if (config.fetch !== undefined && typeof config.fetch !== "function") {
    throw new ConfigError(`${provider}: \`fetch\` must be a function`);
  }
  try {
    new URL(baseURL);
  } catch {
    throw new ConfigError(`${provider}: \`baseURL\` is not a URL: ${JSON.stringify(baseURL)}`);
  }
  if (typeof headers !== "object" || headers === null) {
    throw new ConfigError(`${provider}: \`headers\` must be an object of strings`);
  }
  return {
    fetch: config.fetch,
    baseURL: baseURL.replace(/\/+$/, ""),
    headers,
    maxRetries,
    timeoutMs,
  };
}
