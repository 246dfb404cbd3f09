/**
 * golem/anthropic: Claude through the Anthropic Messages API, with thinking, signatures and
 * exact replay.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate, platformCapabilities } from "../../send/entry.js";
import { MODELS } from "./capabilities.js";
import { resolveConfig } from "./config.js";
import { anthropicDeployment } from "./platform.js";

export type { ThinkingConfig } from "../../kit/claude-options.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type { ClaudeModelId } from "../../rules/model-ids.js";
export type * from "../../wires/messages/option-types.js";
export type { FallbackModel, FallbackOutputConfig } from "../../wires/messages/options.js";
export type { CapabilitiesConfig } from "./capabilities.js";
export type { AnthropicVersion, Config } from "./config.js";

/** An error answer from Anthropic: `status`, `type` (e.g. `overloaded_error`), `requestId`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude model. Throws `ConfigError` at once for a missing key or model, or a thinking
 * budget outside 1024..maxTokens.
 * @example
 * const model = anthropic.create({ model: "claude-sonnet-4-6", maxTokens: 16000,
 *   thinking: { budgetTokens: 10000 } });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 */
export const create = /* @__PURE__ */ countingCreate(resolveConfig, anthropicDeployment, APIError);

/**
 * What `model` takes, from Anthropic's models API (`GET /v1/models/{id}`: context window,
 * `max_tokens`, thinking types, effort levels, context-management edits) with golem's dated
 * table filling what the API does not report. Takes `create()`'s config without `model`
 * (`maxTokens` may be left out) and sends through the same path as every call. Fetch it once,
 * keep it, and pass it to `create({ capabilities })`: the rules then read it before every
 * request.
 * @example
 * const caps = await anthropic.capabilities("claude-sonnet-5-5");
 * const model = anthropic.create({ model: "claude-sonnet-5-5", maxTokens: 16000, capabilities: caps });
 */
export const capabilities = /* @__PURE__ */ platformCapabilities(
  resolveConfig,
  anthropicDeployment,
  APIError,
  MODELS,
);
