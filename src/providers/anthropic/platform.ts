import { apiKeyAuth } from "../../transport/auth/auth.js";
import { mergeHeaders } from "../../transport/options.js";
import type { Platform } from "../../transport/platform.js";
import type { ResolvedConfig } from "./config.js";

export const ANTHROPIC_VERSION = "2023-06-01";
/** The beta `context_management` needs. */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";

/** The Messages endpoint. */
export function requestUrl(cfg: Pick<ResolvedConfig, "baseURL">): string {
  return `${cfg.baseURL}/messages`;
}

/**
 * The headers golem sends (before the caller's own `headers`); the key, when given, as
 * `x-api-key` (a platform leaves it to its auth, which adds it per attempt).
 */
export function requestHeaders(
  cfg: Pick<ResolvedConfig, "headers"> &
    Partial<Pick<ResolvedConfig, "apiKey" | "contextManagement">>,
): Record<string, string> {
  const key: Record<string, string> = cfg.apiKey === undefined ? {} : { "x-api-key": cfg.apiKey };
  const headers = mergeHeaders({ "anthropic-version": ANTHROPIC_VERSION }, cfg.headers, {
    "content-type": "application/json",
    ...key,
  });
  if (cfg.contextManagement) {
    // Joined with the caller's own betas, if any.
    const caller = headers["anthropic-beta"];
    headers["anthropic-beta"] = caller
      ? `${caller},${CONTEXT_MANAGEMENT_BETA}`
      : CONTEXT_MANAGEMENT_BETA;
  }
  return headers;
}

/** The Anthropic API: the Messages endpoint, `x-api-key`, the version header. */
export function anthropicPlatform(cfg: ResolvedConfig): Platform {
  const url = requestUrl(cfg);
  return {
    provider: "anthropic",
    model: cfg.model,
    urls: { generate: url, stream: url, count: `${url}/count_tokens` },
    auth: apiKeyAuth("x-api-key", cfg.apiKey),
    headers: requestHeaders({ headers: cfg.headers, contextManagement: cfg.contextManagement }),
    requestId: (headers) => headers.get("request-id") ?? undefined,
    options: cfg,
  };
}
