/**
 * What the Messages wire puts on HTTP besides the body, on every platform that serves it: the
 * path under a base URL, the `anthropic-version` header and the betas its options need.
 * @module
 */
import { joinHeaders, mergeHeaders } from "../../transport/options.js";
import type { ResolvedOptions } from "./options.js";
import { blockBinding, THINKING_BINDING_BETA } from "./request.js";
import type { ContextManagement } from "./wire.js";

/** The Messages API version golem speaks (a platform may send its own `apiVersion`). */
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

/** The Messages endpoint under a platform's base URL (`…/v1`). */
export function messagesUrl(baseURL: string): string {
  return `${baseURL}/messages`;
}

/**
 * What every Messages platform sends before its own: the version, the caller's headers, the
 * content type, and the betas the options ask for (joined after the caller's own betas).
 */
export function messagesHeaders(
  cfg: { headers: Record<string, string> } & Partial<
    Pick<
      ResolvedOptions & { apiVersion: string },
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
  return joinHeaders(headers, betaHeader(betas));
}

/** The `anthropic-beta` header of `betas`, none when there are none. */
export function betaHeader(betas: readonly string[]): Record<string, string> | undefined {
  return betas.length > 0 ? { "anthropic-beta": betas.join(",") } : undefined;
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
