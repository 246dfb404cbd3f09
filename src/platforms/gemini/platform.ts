import { apiKeyAuth } from "../../auth/auth.js";
import type { Platform } from "../../send/platform.js";
import { mergeHeaders } from "../../transport/options.js";
import { generateContentWire, modelPath } from "../../wires/generate-content/call.js";
import type { ResolvedConfig } from "./config.js";

/** `{base}/models/{model}:generateContent`, or `:streamGenerateContent?alt=sse` for streams. */
export function requestUrl(
  cfg: Pick<ResolvedConfig, "baseURL" | "model">,
  stream: boolean,
): string {
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return `${cfg.baseURL}/${modelPath(cfg.model)}:${method}`;
}

/**
 * The headers of every call; the key, when given, travels in `x-goog-api-key`, never in the
 * URL (a platform leaves it to its auth, which adds it per attempt).
 */
export function requestHeaders(
  cfg: Pick<ResolvedConfig, "headers"> & Partial<Pick<ResolvedConfig, "apiKey">>,
): Record<string, string> {
  const headers = generateContentHeaders(cfg);
  return cfg.apiKey === undefined ? headers : { ...headers, "x-goog-api-key": cfg.apiKey };
}

/** {@link requestHeaders} without the key: what every `generateContent` platform sends. */
function generateContentHeaders(cfg: Pick<ResolvedConfig, "headers">): Record<string, string> {
  return mergeHeaders({}, cfg.headers, { "content-type": "application/json" });
}

/**
 * The Gemini API: `generateContent` URLs under `baseURL`, `countTokens`, `models.get` (the
 * model's metadata), the key in `x-goog-api-key`.
 * @see https://ai.google.dev/api/models#method:-models.get
 */
export function geminiPlatform(cfg: ResolvedConfig): Platform {
  return {
    provider: "gemini",
    model: cfg.model,
    urls: {
      generate: requestUrl(cfg, false),
      stream: requestUrl(cfg, true),
      count: `${cfg.baseURL}/${modelPath(cfg.model)}:countTokens`,
      models: `${cfg.baseURL}/${modelPath(cfg.model)}`,
    },
    auth: apiKeyAuth("x-goog-api-key", cfg.apiKey),
    headers: generateContentHeaders(cfg),
    // The Gemini API's answers carry no request id golem reads.
    requestId: () => undefined,
    options: cfg,
  };
}

/** What `gemini.create` sends through: the `generateContent` wire on the Gemini API. */
export function geminiDeployment(cfg: ResolvedConfig) {
  return [generateContentWire(cfg, "gemini"), geminiPlatform(cfg)] as const;
}
