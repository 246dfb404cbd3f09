/**
 * Claude in Microsoft Foundry as a platform over the Anthropic Messages wire: the resource's
 * `/anthropic/v1/messages` URL, a resource key as `x-api-key` or an Entra ID token as a
 * bearer. The body, headers and answers are the first-party API's.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-in-microsoft-foundry
 * @see https://learn.microsoft.com/en-us/azure/foundry/foundry-models/how-to/use-foundry-models-claude
 */
import { type Auth, apiKeyAuth } from "../../auth/auth.js";
import { tokenFunctionAuth } from "../../auth/token.js";
import type { Platform } from "../../send/platform.js";
import { firstPartyPlatform, messagesWire } from "../../wires/messages/call.js";
import type { FoundryAuth, ResolvedConfig } from "./config.js";

/** The platform tag: `Model.provider`, every APIError's `provider`, and its parts' tag. */
export const PLATFORM = "anthropic-foundry";

/**
 * One {@link Auth} per model. The token function is asked before every attempt (unless its
 * token said when it expires), and once more after a 401 whatever it returned; a function
 * that throws is an `AuthError` before any request.
 */
export function createAuth(auth: FoundryAuth): Auth {
  if ("apiKey" in auth) return apiKeyAuth("x-api-key", auth.apiKey);
  return tokenFunctionAuth(auth.token, PLATFORM);
}

/** Claude in Microsoft Foundry: `{resource}/anthropic/v1/messages` and its count endpoint. */
export function foundryPlatform(cfg: ResolvedConfig): Platform {
  return firstPartyPlatform(PLATFORM, cfg, createAuth(cfg.auth));
}

/** What `anthropicFoundry.create` sends through: the Messages wire on Microsoft Foundry. */
export function foundryDeployment(cfg: ResolvedConfig) {
  return [messagesWire(cfg.wire, PLATFORM), foundryPlatform(cfg)] as const;
}
