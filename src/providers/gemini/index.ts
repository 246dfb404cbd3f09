/**
 * golem/gemini: Google Gemini (`generateContent` / `streamGenerateContent`) with thinking,
 * thought summaries and thought signatures kept and replayed exactly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { createSSEReader } from "../../transport/sse.js";
import { type Config, resolveConfig, type ThinkingConfig } from "./config.js";
import { buildRequest, requestHeaders, requestUrl } from "./request.js";
import {
  blockedPromptFields,
  errorFields,
  PROVIDER,
  parseErrorBody,
  parseResponse,
} from "./response.js";
import { createStreamState } from "./stream.js";
import type { GenerateContentResponse } from "./wire.js";

export type { Config, ThinkingConfig };

/** Gemini answered with an error: an HTTP status, an error event in a stream, a blocked prompt. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * Creates a Gemini model; throws `ConfigError` on a bad config before any request.
 * @example
 * ```ts
 * import * as gemini from "golem/gemini";
 * const model = gemini.create({
 *   model: "gemini-3-pro-preview", // key from GEMINI_API_KEY
 *   thinking: { includeThoughts: true, level: "high" },
 * });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return createHTTPModel(PROVIDER, cfg.model, {
    request: (req, streaming) => ({
      url: requestUrl(cfg, streaming),
      headers: requestHeaders(cfg),
      body: JSON.stringify(buildRequest(req, cfg, streaming)),
      fetch: cfg.fetch,
      timeoutMs: cfg.timeoutMs,
      idleTimeoutMs: cfg.idleTimeoutMs,
      deadlineMs: cfg.deadlineMs,
      maxRetries: cfg.maxRetries,
      secrets: [cfg.apiKey],
      toError: (res) =>
        new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
    }),
    parse(body) {
      // A 200 can still say no: an error object, or a prompt blocked before any candidate.
      const problem = errorFields(body, 200) ?? blockedPromptFields(body, 200);
      if (problem) throw new APIError(problem);
      return parseResponse(body as GenerateContentResponse);
    },
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createStreamState((fields) => new APIError(fields)),
    }),
  });
}
