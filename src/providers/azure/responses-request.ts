import type { UrlParts } from "./request.js";

/**
 * The Responses URL: without `apiVersion` the v1 form
 * `{endpoint}/openai/v1/responses`; with it the preview form
 * `{endpoint}/openai/responses?api-version=…`. Both take the deployment as the body's
 * `model`, and neither has a deployment in the path. `baseURL` replaces everything before
 * `/responses`.
 */
export function responsesUrl(cfg: UrlParts): string {
  const query =
    cfg.apiVersion === undefined ? "" : `?api-version=${encodeURIComponent(cfg.apiVersion)}`;
  if (cfg.baseURL !== undefined) return `${cfg.baseURL}/responses${query}`;
  const endpoint = cfg.endpoint ?? "";
  if (cfg.apiVersion === undefined) return `${endpoint}/openai/v1/responses`;
  return `${endpoint}/openai/responses${query}`;
}
