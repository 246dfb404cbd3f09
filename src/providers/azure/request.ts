import { GolemError } from "../../core/errors.js";
import type { SignableRequest } from "../../transport/request.js";

/** What the URL is made of (a resolved config has these). */
export interface UrlParts {
  deployment: string;
  endpoint?: string;
  apiVersion?: string;
  baseURL?: string;
}

/**
 * The Chat Completions URL: with `apiVersion`, the deployment form
 * `{endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…`; without, the v1
 * form `{endpoint}/openai/v1/chat/completions` (the body's `model` names the deployment).
 * `baseURL` replaces everything before `/chat/completions`.
 */
export function requestUrl(cfg: UrlParts): string {
  const query =
    cfg.apiVersion === undefined ? "" : `?api-version=${encodeURIComponent(cfg.apiVersion)}`;
  if (cfg.baseURL !== undefined) return `${cfg.baseURL}/chat/completions${query}`;
  const endpoint = cfg.endpoint ?? "";
  if (cfg.apiVersion === undefined) return `${endpoint}/openai/v1/chat/completions`;
  const deployment = encodeURIComponent(cfg.deployment);
  return `${endpoint}/openai/deployments/${deployment}/chat/completions${query}`;
}

/**
 * A transport `sign` hook that asks `token` for an Entra ID token before every attempt (so a
 * retry after expiry gets a fresh one) and sends it as `Authorization: Bearer …`. Each token
 * is added to `secrets`, so an error body that echoes it is scrubbed.
 */
export function createTokenSigner(
  token: () => Promise<string>,
  secrets: string[],
): (req: SignableRequest) => Promise<Record<string, string>> {
  return async (req) => {
    const value = await token();
    // Caught here, so a broken token source fails clearly instead of sending "Bearer ".
    if (typeof value !== "string" || value === "") {
      throw new GolemError("azure: token() did not return a non-empty string");
    }
    secrets.push(value);
    return { ...req.headers, authorization: `Bearer ${value}` };
  };
}
