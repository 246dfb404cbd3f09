/**
 * golem/anthropic: Claude through the Anthropic Messages API, with thinking, signatures and
 * exact replay.
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
import { redactStreamErrors } from "../../transport/redact.js";
import {
  type ErrorResponse,
  type RequestOptions,
  requestStream,
  requestText,
} from "../../transport/request.js";
import { createSSEReader } from "../../transport/sse.js";
import { type Config, type ResolvedConfig, resolveConfig } from "./config.js";
import { buildRequest, PROVIDER, requestHeaders, requestUrl } from "./request.js";
import { parseErrorBody, parseResponse } from "./response.js";
import { createStreamState } from "./stream.js";

export type { Config, Effort, ThinkingConfig } from "./config.js";

/** An error answer from Anthropic: `status`, `type` (e.g. `overloaded_error`), `requestId`. */
export class APIError extends CoreAPIError {
  override name = "APIError";
}

/**
 * A Claude model. Throws `ConfigError` at once for a missing key or model, or a thinking
 * budget outside 1024..maxTokens.
 * @example
 * const model = anthropic.create({ model: "claude-sonnet-4-5", maxTokens: 16000,
 *   thinking: { budgetTokens: 10000 } });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
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
  return parseResponse(parseJSONBody(text, PROVIDER, options.secrets));
}

function stream(cfg: ResolvedConfig, req: ModelRequest, opts?: CallOptions): ModelStream {
  return createModelStream(async () => {
    validateHistory(req.messages);
    const options = requestOptions(cfg, req, true, opts);
    const res = await requestStream(options);
    const requestId = res.response.headers.get("request-id") ?? undefined;
    const machine = createStreamState((fields) => new APIError(fields), requestId);
    return {
      reader: createSSEReader(res.body),
      machine: redactStreamErrors(machine, options.secrets ?? []),
      release: res.release,
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
    url: requestUrl(cfg),
    headers: requestHeaders(cfg),
    body: JSON.stringify(buildRequest(req, cfg, streaming)),
    fetch: cfg.fetch,
    signal: opts?.signal,
    timeoutMs: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    secrets: [cfg.apiKey],
    toError: (res: ErrorResponse) =>
      new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
  };
}
