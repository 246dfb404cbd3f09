/**
 * golem/openai: OpenAI Chat Completions, and compatible servers that stream
 * `reasoning_content` (DeepSeek, vLLM, OpenRouter) through `baseURL`; or, with
 * `api: "responses"`, the Responses API with encrypted reasoning replayed statelessly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIErrorFields, APIError as CoreAPIError } from "../../core/errors.js";
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
import { type Config, type ResolvedConfig, resolveConfig } from "./config.js";
import { buildRequest, requestUrl } from "./request.js";
import { bodyErrorFields, parseErrorBody, parseResponse, requestIdOf } from "./response.js";
import { buildResponsesRequest, responsesUrl } from "./responses-request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "./responses-response.js";
import { createResponsesStreamState } from "./responses-stream.js";
import { createStreamState } from "./stream.js";

export type { Config, ThinkingConfig } from "./config.js";
export type { Api, ReasoningSummaryOption } from "./responses-config.js";
export type { ReasoningEffort } from "./wire.js";

/** An error answer from OpenAI or a compatible server; also a golem `APIError`. */
export class APIError extends CoreAPIError {
  override name = "APIError";
}

/**
 * A Chat Completions model, or with `api: "responses"` a Responses API model. Chat: reasoning
 * text that a compatible server returns becomes a thinking block tagged `"openai"`; with
 * `replayReasoning` it goes back as `reasoning_content`. Responses: each reasoning item becomes
 * a block (summary text, `encrypted_content` as signature) that later turns send back.
 * @example
 * ```ts
 * import * as openai from "golem/openai";
 * const model = openai.create({ model: "gpt-5.4", api: "responses", reasoningEffort: "low" });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * // Chat Completions on a compatible server:
 * const deepseek = openai.create({ model: "deepseek-v4-pro", baseURL: "https://api.deepseek.com",
 *   apiKey: process.env.DEEPSEEK_API_KEY, replayReasoning: true });
 * ```
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return cfg.api === "responses" ? createResponsesModel(cfg) : createChatModel(cfg);
}

/** Transport options for one call to `url`, with this adapter's error mapping. */
function requestOptions(cfg: ResolvedConfig, url: string) {
  return (body: unknown, signal: AbortSignal | undefined): RequestOptions => ({
    url,
    headers: cfg.headers,
    body: JSON.stringify(body),
    fetch: cfg.fetch,
    signal,
    timeoutMs: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    secrets: [cfg.apiKey],
    toError: (res: ErrorResponse) =>
      new APIError(parseErrorBody(res, "openai", requestIdOf(res.headers))),
  });
}

function createChatModel(cfg: ResolvedConfig): Model {
  const options = requestOptions(cfg, requestUrl(cfg));
  return {
    provider: "openai",
    model: cfg.model,
    async generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse> {
      validateHistory(req.messages);
      const sent = options(buildRequest(req, cfg, false), opts?.signal);
      const { response, text } = await requestText(sent);
      const body = parseJSONBody(text, "openai", sent.secrets);
      const error = bodyErrorFields(body, "openai", requestIdOf(response.headers));
      if (error) throw redactError(new APIError(error), sent.secrets ?? []);
      return parseResponse(body, "openai");
    },
    stream(req: ModelRequest, opts?: CallOptions): ModelStream {
      return createModelStream(async () => {
        validateHistory(req.messages);
        const sent = options(buildRequest(req, cfg, true), opts?.signal);
        const s = await requestStream(sent);
        const machine = createStreamState({
          provider: "openai",
          requestId: requestIdOf(s.response.headers),
          toError: (fields: APIErrorFields) => new APIError(fields),
        });
        return {
          reader: createSSEReader(s.body),
          machine: redactStreamErrors(machine, sent.secrets ?? []),
          release: s.release,
        };
      }, opts?.signal);
    },
  };
}

function createResponsesModel(cfg: ResolvedConfig): Model {
  const options = requestOptions(cfg, responsesUrl(cfg));
  return {
    provider: "openai",
    model: cfg.model,
    async generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse> {
      validateHistory(req.messages);
      const sent = options(buildResponsesRequest(req, cfg, false), opts?.signal);
      const { response, text } = await requestText(sent);
      const body = parseJSONBody(text, "openai", sent.secrets);
      const error = responsesBodyErrorFields(body, "openai", requestIdOf(response.headers));
      if (error) throw redactError(new APIError(error), sent.secrets ?? []);
      return parseResponsesResponse(body, "openai");
    },
    stream(req: ModelRequest, opts?: CallOptions): ModelStream {
      return createModelStream(async () => {
        validateHistory(req.messages);
        const sent = options(buildResponsesRequest(req, cfg, true), opts?.signal);
        const s = await requestStream(sent);
        const machine = createResponsesStreamState({
          provider: "openai",
          requestId: requestIdOf(s.response.headers),
          toError: (fields: APIErrorFields) => new APIError(fields),
        });
        return {
          reader: createSSEReader(s.body),
          machine: redactStreamErrors(machine, sent.secrets ?? []),
          release: s.release,
        };
      }, opts?.signal);
    },
  };
}
