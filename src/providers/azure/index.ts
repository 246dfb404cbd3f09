/**
 * golem/azure: Azure OpenAI Chat Completions (v1 or deployment URLs) or, with
 * `api: "responses"`, the Responses API, with an API key or an Entra ID token. Request,
 * response and stream handling are openai's; URL and auth differ.
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
import { buildRequest } from "../openai/request.js";
import { bodyErrorFields, parseErrorBody, parseResponse } from "../openai/response.js";
import { buildResponsesRequest } from "../openai/responses-request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "../openai/responses-response.js";
import { createResponsesStreamState } from "../openai/responses-stream.js";
import { createStreamState } from "../openai/stream.js";
import { type Config, type ResolvedConfig, resolveConfig } from "./config.js";
import { createTokenSigner, requestUrl } from "./request.js";
import { requestIdOf } from "./response.js";
import { responsesUrl } from "./responses-request.js";

export type { Api, ReasoningSummaryOption } from "../openai/responses-config.js";
export type { ReasoningEffort } from "../openai/wire.js";
export type { Config, ThinkingConfig } from "./config.js";

/** An error answer from Azure OpenAI; also a golem `APIError`. */
export class APIError extends CoreAPIError {
  override name = "APIError";
}

/**
 * An Azure OpenAI Chat Completions model, or with `api: "responses"` a Responses API model.
 * Chat: reasoning text (DeepSeek deployments) becomes a thinking block tagged `"azure"`; with
 * `replayReasoning` it goes back as `reasoning_content`. Responses: each reasoning item
 * becomes a block (summary text, `encrypted_content` as signature) that later turns send back.
 * @example
 * ```ts
 * import * as azure from "golem/azure";
 * const model = azure.create({ endpoint: "https://my-resource.openai.azure.com",
 *   deployment: "gpt-5-mini", reasoningEffort: "high" }); // key from AZURE_OPENAI_API_KEY
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return cfg.api === "responses" ? createResponsesModel(cfg) : createChatModel(cfg);
}

/** Transport options for one call to `url`, with this adapter's auth and error mapping. */
function requestOptions(cfg: ResolvedConfig, url: string) {
  return (body: unknown, signal: AbortSignal | undefined): RequestOptions => {
    // Per call, so tokens seen by this call's attempts are scrubbed from its error bodies.
    const secrets = "apiKey" in cfg.auth ? [cfg.auth.apiKey] : [];
    return {
      url,
      headers: cfg.headers,
      body: JSON.stringify(body),
      fetch: cfg.fetch,
      signal,
      timeoutMs: cfg.timeoutMs,
      maxRetries: cfg.maxRetries,
      sign: "token" in cfg.auth ? createTokenSigner(cfg.auth.token, secrets) : undefined,
      secrets,
      toError: (res: ErrorResponse) =>
        new APIError(parseErrorBody(res, "azure", requestIdOf(res.headers))),
    };
  };
}

function createChatModel(cfg: ResolvedConfig): Model {
  const options = requestOptions(cfg, requestUrl(cfg));
  return {
    provider: "azure",
    model: cfg.deployment,
    async generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse> {
      validateHistory(req.messages);
      const sent = options(buildRequest(req, cfg, false), opts?.signal);
      const { response, text } = await requestText(sent);
      const body = parseJSONBody(text, "azure", sent.secrets);
      const error = bodyErrorFields(body, "azure", requestIdOf(response.headers));
      if (error) throw redactError(new APIError(error), sent.secrets ?? []);
      return parseResponse(body, "azure");
    },
    stream(req: ModelRequest, opts?: CallOptions): ModelStream {
      return createModelStream(async () => {
        validateHistory(req.messages);
        const sent = options(buildRequest(req, cfg, true), opts?.signal);
        const s = await requestStream(sent);
        const machine = createStreamState({
          provider: "azure",
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
  // The Responses API always names the deployment as `model`, on both URL forms.
  const wire = { ...cfg, model: cfg.deployment };
  return {
    provider: "azure",
    model: cfg.deployment,
    async generate(req: ModelRequest, opts?: CallOptions): Promise<ModelResponse> {
      validateHistory(req.messages);
      const sent = options(buildResponsesRequest(req, wire, false), opts?.signal);
      const { response, text } = await requestText(sent);
      const body = parseJSONBody(text, "azure", sent.secrets);
      const error = responsesBodyErrorFields(body, "azure", requestIdOf(response.headers));
      if (error) throw redactError(new APIError(error), sent.secrets ?? []);
      return parseResponsesResponse(body, "azure");
    },
    stream(req: ModelRequest, opts?: CallOptions): ModelStream {
      return createModelStream(async () => {
        validateHistory(req.messages);
        const sent = options(buildResponsesRequest(req, wire, true), opts?.signal);
        const s = await requestStream(sent);
        const machine = createResponsesStreamState({
          provider: "azure",
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
