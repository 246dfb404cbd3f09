import { apiKeyAuth } from "../../transport/auth/auth.js";
import { mergeHeaders } from "../../transport/options.js";
import type { Platform } from "../../transport/platform.js";
import { messagesWire } from "./call.js";
import type { ResolvedConfig } from "./config.js";
import { blockBinding, THINKING_BINDING_BETA } from "./request.js";
import { checkVersionBody, VERSION_WITHOUT_SAMPLING } from "./version.js";
import type { ContextManagement } from "./wire.js";

export const ANTHROPIC_VERSION = "2023-06-01";
/** The beta the clearing edits of `context_management` need. */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";
/**
 * The beta the `compact_20260112` edit needs.
 * @see https://platform.claude.com/docs/en/build-with-claude/compaction
 */
export const COMPACTION_BETA = "compact-2026-01-12";
/**
 * The beta `fallbacks` needs: "2026-07-01, which supports both "default" and the
 * explicit-list form" (`-2026-06-01` accepts only the list, without the per-entry overrides,
 * whose rules "apply with the server-side-fallback-2026-07-01 beta header").
 * @see https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback#server-side-fallback
 */
export const SERVER_SIDE_FALLBACK_BETA = "server-side-fallback-2026-07-01";

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
    Partial<
      Pick<
        ResolvedConfig,
        | "apiKey"
        | "contextManagement"
        | "apiVersion"
        | "model"
        | "thinking"
        | "prefixCheck"
        | "fallbacks"
        | "capabilities"
      >
    >,
): Record<string, string> {
  const headers = messagesHeaders(cfg);
  return cfg.apiKey === undefined ? headers : { ...headers, "x-api-key": cfg.apiKey };
}

/** {@link requestHeaders} without the key: what every Messages platform sends. */
function messagesHeaders(
  cfg: Pick<ResolvedConfig, "headers"> &
    Partial<
      Pick<
        ResolvedConfig,
        | "contextManagement"
        | "apiVersion"
        | "model"
        | "thinking"
        | "prefixCheck"
        | "fallbacks"
        | "capabilities"
      >
    >,
): Record<string, string> {
  const version = cfg.apiVersion ?? ANTHROPIC_VERSION;
  const headers = mergeHeaders({ "anthropic-version": version }, cfg.headers, {
    "content-type": "application/json",
  });
  const betas = [
    ...(cfg.contextManagement ? contextBetas(cfg.contextManagement) : []),
    ...(blockBinding(cfg) ? [THINKING_BINDING_BETA] : []),
    ...(cfg.fallbacks === undefined ? [] : [SERVER_SIDE_FALLBACK_BETA]),
  ];
  // Joined with the caller's own betas, if any.
  const caller = headers["anthropic-beta"];
  if (betas.length > 0) headers["anthropic-beta"] = (caller ? [caller, ...betas] : betas).join(",");
  return headers;
}

/**
 * The betas the edits ask for: compaction has its own (the compaction docs ask for it on
 * every compacting request), the clearing edits share the context-management one.
 */
function contextBetas(cm: ContextManagement): string[] {
  const betas = cm.edits.map((e) =>
    String(e.type).startsWith("compact_") ? COMPACTION_BETA : CONTEXT_MANAGEMENT_BETA,
  );
  return [...new Set(betas)];
}

/** The Anthropic API: the Messages endpoint, `x-api-key`, the version header. */
export function anthropicPlatform(cfg: ResolvedConfig): Platform {
  const url = requestUrl(cfg);
  return {
    provider: "anthropic",
    model: cfg.model,
    urls: { generate: url, stream: url, count: `${url}/count_tokens` },
    auth: apiKeyAuth("x-api-key", cfg.apiKey),
    headers: messagesHeaders(cfg),
    // The version's refusals, on the body as sent (extraBody included).
    ...(cfg.apiVersion === VERSION_WITHOUT_SAMPLING && { patch: checkVersionBody }),
    requestId: (headers) => headers.get("request-id") ?? undefined,
    options: cfg,
  };
}

/** What `anthropic.create` sends through: the Messages wire on the Anthropic API. */
export function anthropicDeployment(cfg: ResolvedConfig) {
  return [messagesWire(cfg, "anthropic"), anthropicPlatform(cfg)] as const;
}
