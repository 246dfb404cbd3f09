/**
 * Claude Models on Google Cloud (Anthropic managed) as a platform over the Anthropic Messages
 * wire: Anthropic's own API behind Google's gateway, the workspace in the URL, a Google access
 * token as a bearer. The paths, body, headers and answers are the first-party API's.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-models-on-google-cloud/anthropic-managed
 */
import type { Auth } from "../../auth/auth.js";
import { createServiceAccountFetcher } from "../../auth/google.js";
import { tokenAuth, tokenFunctionAuth } from "../../auth/token.js";
import type { Platform } from "../../send/platform.js";
import { firstPartyPlatform, messagesWire, modelsUrl } from "../../wires/messages/call.js";
import type { GoogleCloudAuth, ResolvedConfig } from "./config.js";

/** The platform tag: `Model.provider`, every APIError's `provider`, and its parts' tag. */
export const PLATFORM = "anthropic-google-cloud";
/** A service account's token is replaced this long before it expires (google-auth-library's). */
const SERVICE_ACCOUNT_MARGIN_MS = 5 * 60_000;

/**
 * One {@link Auth} per model, so a service account's token is shared by all its calls. The
 * caller's token function is asked before every attempt, and once more after a 401.
 */
export function createAuth(auth: GoogleCloudAuth, cfg: Pick<ResolvedConfig, "fetch">): Auth {
  if ("serviceAccount" in auth) {
    const fetchToken = createServiceAccountFetcher(auth.serviceAccount, { fetch: cfg.fetch });
    return tokenAuth(fetchToken, { provider: PLATFORM, marginMs: SERVICE_ACCOUNT_MARGIN_MS });
  }
  return tokenFunctionAuth(auth.token, PLATFORM);
}

/**
 * The gateway: `…/workspaces/{id}/invoke/v1/messages`, its count endpoint and the models API
 * (`…/invoke/v1/models/{id}`): the Claude API that Anthropic operates, its `/v1` paths as they are.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-models-on-google-cloud/overview
 */
export function googleCloudPlatform(cfg: ResolvedConfig): Platform {
  return firstPartyPlatform(PLATFORM, cfg, createAuth(cfg.auth, cfg), {
    models: modelsUrl(cfg.baseURL, cfg.wire.model),
  });
}

/** What `anthropicGoogleCloud.create` sends through: the Messages wire on Google Cloud. */
export function googleDeployment(cfg: ResolvedConfig) {
  return [messagesWire(cfg.wire, PLATFORM), googleCloudPlatform(cfg)] as const;
}
