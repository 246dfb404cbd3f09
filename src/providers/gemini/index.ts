/**
 * golem/gemini: Google Gemini (`generateContent` / `streamGenerateContent`) with thinking,
 * thought summaries and thought signatures kept and replayed exactly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { APIError as CoreAPIError } from "../../core/errors.js";
import type {
  CallOptions,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
} from "../../core/types.js";
import { validateHistory } from "../../core/validate.js";
import { parseJSONBody } from "../../transport/json.js";
import { createModelStream } from "../../transport/model-stream.js";
import { redactError, redactStreamErrors } from "../../transport/redact.js";
import {
  type ErrorResponse,
  type RequestOptions,
  requestStream,
  requestText,
} from "../../transport/request.js";
import { createSSEReader } from "../../transport/sse.js";
import { type Config, type ResolvedConfig, resolveConfig, type ThinkingConfig } from "./config.js";
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
export class APIError extends CoreAPIError {
  override name = "APIError";
}

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
  return {
    provider: PROVIDER,
    model: cfg.model,
    generate: (req, opts) => generate(cfg, req, opts),
    stream: (req, opts) => stream(cfg, req, opts),
  };
}

async function generate(
  cfg: ResolvedConfig,
  req: ModelRequest,
  opts?: CallOptions,
): Promise<ModelResponse> {
  validateHistory(req.messages);
  const options = requestOptions(cfg, req, false, opts);
  const { text } = await requestText(options);
  const body = parseJSONBody(text, PROVIDER, options.secrets);
  const problem = errorFields(body, 200) ?? blockedPromptFields(body, 200);
  if (problem) throw redactError(new APIError(problem), options.secrets ?? []);
  return parseResponse(body as GenerateContentResponse);
}

function stream(cfg: ResolvedConfig, req: ModelRequest, opts?: CallOptions): ModelStream {
  return createModelStream(async () => {
    // Inside `open`, so a bad history arrives through the stream like every other error.
    validateHistory(req.messages);
    const options = requestOptions(cfg, req, true, opts);
    const s = await requestStream(options);
    const machine = createStreamState({ toError: (fields) => new APIError(fields) });
    return {
      reader: createSSEReader(s.body),
      machine: redactStreamErrors(machine, options.secrets ?? []),
      release: s.release,
    };
  }, opts?.signal);
}

function requestOptions(
  cfg: ResolvedConfig,
  req: ModelRequest,
  streaming: boolean,
  opts: CallOptions | undefined,
): RequestOptions {
  return {
    url: requestUrl(cfg, streaming),
    headers: requestHeaders(cfg),
    body: JSON.stringify(buildRequest(req, cfg, streaming)),
    fetch: cfg.fetch,
    signal: opts?.signal,
    timeoutMs: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    toError: toAPIError,
    secrets: [cfg.apiKey],
  };
}

function toAPIError(res: ErrorResponse): APIError {
  return new APIError({
    ...parseErrorBody(res.status, res.text, res.headers),
    retryable: res.retryable,
  });
}
