import { apiKeyAuth } from "../../auth/auth.js";
import type { Platform } from "../../send/platform.js";
import {
  checkVersionBody,
  messagesHeaders,
  messagesUrl,
  messagesWire,
  modelsUrl,
  VERSION_WITHOUT_SAMPLING,
} from "../../wires/messages/call.js";
import type { ResolvedConfig } from "./config.js";

/**
 * The Anthropic API: the Messages endpoint and its count, the models API, `x-api-key`, the
 * version header.
 * @see https://platform.claude.com/docs/en/api/models/retrieve
 */
export function anthropicPlatform(cfg: ResolvedConfig): Platform {
  const url = messagesUrl(cfg.baseURL);
  return {
    provider: "anthropic",
    model: cfg.model,
    urls: {
      generate: url,
      stream: url,
      count: `${url}/count_tokens`,
      models: modelsUrl(cfg.baseURL, cfg.model),
    },
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
