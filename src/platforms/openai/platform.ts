import { apiKeyAuth } from "../../auth/auth.js";
import { checkModelEffort, effortsOf } from "../../rules/reasoning-models.js";
import type { Platform } from "../../send/platform.js";
import { chatUrl, chatWire, requestIdOf } from "../../wires/openai-chat/call.js";
import {
  countUrl,
  responsesServer,
  responsesUrl,
  responsesWire,
} from "../../wires/openai-responses/call.js";
import type { ResolvedConfig } from "./config.js";

/** OpenAI or a compatible server: one URL per API under `baseURL`, the key as a bearer. */
export function openaiPlatform(cfg: ResolvedConfig): Platform {
  const url = cfg.api === "responses" ? responsesUrl(cfg) : chatUrl(cfg);
  // The key is the auth's to send, per attempt.
  const { authorization: _, ...headers } = cfg.headers;
  return {
    provider: "openai",
    model: cfg.model,
    urls: {
      generate: url,
      stream: url,
      count: cfg.api === "responses" ? countUrl(cfg.baseURL) : undefined,
    },
    auth: apiKeyAuth("authorization", cfg.apiKey, "Bearer "),
    headers,
    requestId: requestIdOf,
    options: cfg,
  };
}

/** What `openai.create` sends through: the configured API's wire on OpenAI or the server. */
export function openaiDeployment(cfg: ResolvedConfig) {
  const server = cfg.api === "responses" ? responsesServer(cfg.baseURL, cfg.serverName) : undefined;
  // A model's efforts on its vendor's own Responses API (the xai row), refused at create().
  const efforts = server?.efforts && effortsOf(server.efforts, cfg.model);
  checkModelEffort(efforts, cfg.model, cfg.reasoningEffort, "openai");
  const wire = server ? responsesWire(cfg, server) : chatWire(cfg);
  return [wire, openaiPlatform(cfg)] as const;
}
