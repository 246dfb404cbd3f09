import { type Auth, apiKeyAuth } from "../../auth/auth.js";
import { tokenAuth } from "../../auth/token.js";
import type { Platform } from "../../send/platform.js";
import { chatWire, requestIdOf } from "../../wires/openai-chat/call.js";
import { responsesWire } from "../../wires/openai-responses/call.js";
import type { ResolvedConfig } from "./config.js";

// Azure answers in OpenAI's shapes; its `apim-request-id` is read by openai's `requestIdOf`.
export { requestIdOf };

/** What the URL is made of (a resolved config has these). */
export interface UrlParts {
  deployment: string;
  endpoint?: string;
  apiVersion?: string;
  baseURL?: string;
}

const versionQuery = (cfg: UrlParts) =>
  cfg.apiVersion === undefined ? "" : `?api-version=${encodeURIComponent(cfg.apiVersion)}`;

/**
 * The Chat Completions URL: with `apiVersion`, the deployment form
 * `{endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…`; without, the v1
 * form `{endpoint}/openai/v1/chat/completions` (the body's `model` names the deployment).
 * `baseURL` replaces everything before `/chat/completions`.
 */
export function requestUrl(cfg: UrlParts): string {
  const query = versionQuery(cfg);
  if (cfg.baseURL !== undefined) return `${cfg.baseURL}/chat/completions${query}`;
  const endpoint = cfg.endpoint ?? "";
  if (cfg.apiVersion === undefined) return `${endpoint}/openai/v1/chat/completions`;
  const deployment = encodeURIComponent(cfg.deployment);
  return `${endpoint}/openai/deployments/${deployment}/chat/completions${query}`;
}

/**
 * The Responses URL: without `apiVersion` the v1 form `{endpoint}/openai/v1/responses`; with
 * it the preview form `{endpoint}/openai/responses?api-version=…`. Both take the deployment as
 * the body's `model`, and neither has a deployment in the path. `baseURL` replaces everything
 * before `/responses`.
 */
export function responsesUrl(cfg: UrlParts): string {
  const query = versionQuery(cfg);
  if (cfg.baseURL !== undefined) return `${cfg.baseURL}/responses${query}`;
  const endpoint = cfg.endpoint ?? "";
  if (cfg.apiVersion === undefined) return `${endpoint}/openai/v1/responses`;
  return `${endpoint}/openai/responses${query}`;
}

/**
 * Azure OpenAI: the v1 or deployment URL, and the `api-key` header or an Entra ID token asked
 * for before every attempt (so a retry after expiry gets a fresh one).
 */
export function azurePlatform(cfg: ResolvedConfig): Platform {
  const url = cfg.api === "responses" ? responsesUrl(cfg) : requestUrl(cfg);
  const { auth } = cfg;
  const credentials: Auth =
    "apiKey" in auth
      ? apiKeyAuth("api-key", auth.apiKey)
      : // The caller's function is given no argument, as its type says.
        tokenAuth(() => auth.token(), { provider: "azure" });
  // The key is the auth's to send, per attempt.
  const { "api-key": _, ...headers } = cfg.headers;
  return {
    provider: "azure",
    model: cfg.deployment,
    urls: { generate: url, stream: url },
    auth: credentials,
    headers,
    requestId: requestIdOf,
    options: cfg,
  };
}

/** What `azure.create` sends through: the configured API's OpenAI wire on Azure. */
export function azureDeployment(cfg: ResolvedConfig) {
  // The Responses API always names the deployment as `model`, on both URL forms.
  const wire =
    cfg.api === "responses" ? responsesWire({ ...cfg, model: cfg.deployment }) : chatWire(cfg);
  return [wire, azurePlatform(cfg)] as const;
}
