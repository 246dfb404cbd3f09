import { apiKeyAuth } from "../../auth/auth.js";
import type { Platform } from "../../send/platform.js";
import { chatUrl, cohereWire, requestIdOf } from "../../wires/cohere/call.js";
import type { ResolvedConfig } from "./config.js";

/** Cohere's API: `POST /v2/chat` under `baseURL` for both answers, the key as a bearer. */
export function coherePlatform(cfg: ResolvedConfig): Platform {
  const url = chatUrl(cfg);
  // The key is the auth's to send, per attempt.
  const { authorization: _, ...headers } = cfg.headers;
  return {
    provider: "cohere",
    model: cfg.model,
    urls: { generate: url, stream: url },
    auth: apiKeyAuth("authorization", cfg.apiKey, "Bearer "),
    headers,
    requestId: requestIdOf,
    options: cfg,
  };
}

/** What `cohere.create` sends through: the Cohere Chat wire on Cohere's API. */
export function cohereDeployment(cfg: ResolvedConfig) {
  return [cohereWire(cfg), coherePlatform(cfg)] as const;
}
