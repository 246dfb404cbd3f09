/**
 * golem/azure: Azure OpenAI Chat Completions (v1 or deployment URLs) or, with
 * `api: "responses"`, the Responses API, with an API key or an Entra ID token. Request,
 * response and stream handling are openai's wires; URL and auth are this platform's.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { platformCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { azureDeployment } from "./platform.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type {
  Api,
  Config,
  ReasoningEffort,
  ReasoningSummaryOption,
  ThinkingConfig,
} from "./config.js";

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
export const create = /* @__PURE__ */ platformCreate(resolveConfig, azureDeployment, APIError);
