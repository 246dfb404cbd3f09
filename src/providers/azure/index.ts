/**
 * golem/azure: Azure OpenAI Chat Completions (v1 or deployment URLs) or, with
 * `api: "responses"`, the Responses API, with an API key or an Entra ID token. Request,
 * response and stream handling are openai's; URL and auth differ.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { chatCall, type OpenAIFamily, responsesCall } from "../openai/calls.js";
import { parseErrorBody } from "../openai/response.js";
import { type Config, resolveConfig } from "./config.js";
import { createTokenSigner, requestUrl } from "./request.js";
import { requestIdOf } from "./response.js";
import { responsesUrl } from "./responses-request.js";

export type { Api, ReasoningSummaryOption } from "../openai/responses-config.js";
export type { ReasoningEffort } from "../openai/wire.js";
export type { Config, ThinkingConfig } from "./config.js";

/** An error answer from Azure OpenAI; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

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
  const responses = cfg.api === "responses";
  const url = responses ? responsesUrl(cfg) : requestUrl(cfg);
  const { auth } = cfg;
  const family: OpenAIFamily = {
    provider: "azure",
    transport(body) {
      // Per call, so tokens seen by this call's attempts are scrubbed from its error bodies.
      const secrets = "apiKey" in auth ? [auth.apiKey] : [];
      return {
        url,
        headers: cfg.headers,
        body,
        fetch: cfg.fetch,
        timeoutMs: cfg.timeoutMs,
        idleTimeoutMs: cfg.idleTimeoutMs,
        deadlineMs: cfg.deadlineMs,
        maxRetries: cfg.maxRetries,
        sign: "token" in auth ? createTokenSigner(auth.token, secrets) : undefined,
        secrets,
        toError: (res) =>
          new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable, "azure")),
      };
    },
    requestIdOf,
    toError: (fields) => new APIError(fields),
  };
  // The Responses API always names the deployment as `model`, on both URL forms.
  const call = responses
    ? responsesCall(family, { ...cfg, model: cfg.deployment })
    : chatCall(family, cfg);
  return createHTTPModel("azure", cfg.deployment, call);
}
