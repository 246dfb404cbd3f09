import type { Auth } from "../../auth/auth.js";
import type { Platform } from "../../send/platform.js";
import { messagesHeaders, messagesUrl } from "./headers.js";
import type { PlatformResolved } from "./options.js";

/**
 * A platform that serves Anthropic's own API under `cfg.baseURL` at its `/v1` paths (Claude in
 * Microsoft Foundry, Claude Models on Google Cloud): the Messages endpoint and its count (with
 * the `urls` the platform adds), the first-party headers and request id. The wire's options decide
 * the betas (context management, block binding, fallbacks).
 */
export function firstPartyPlatform(
  provider: string,
  cfg: PlatformResolved,
  auth: Auth,
  urls?: Partial<Platform["urls"]>,
): Platform {
  const url = messagesUrl(cfg.baseURL);
  return {
    provider,
    model: cfg.wire.model,
    urls: { generate: url, stream: url, count: `${url}/count_tokens`, ...urls },
    auth,
    headers: messagesHeaders({ ...cfg.wire, headers: cfg.headers }),
    requestId: (h) => h.get("request-id") ?? undefined,
    options: cfg,
  };
}
