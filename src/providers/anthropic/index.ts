/**
 * golem/anthropic: Claude through the Anthropic Messages API, with thinking, signatures and
 * exact replay.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import type { Capabilities } from "../../rules/capabilities.js";
import { getMetadata } from "../../rules/metadata.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { messagesWire } from "./call.js";
import { type CapabilitiesConfig, metadataCall, parseModelInfo } from "./capabilities.js";
import { type Config, resolveConfig } from "./config.js";
import { anthropicPlatform } from "./platform.js";
import { parseErrorBody } from "./response.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type { CapabilitiesConfig } from "./capabilities.js";
export type {
  AnthropicVersion,
  CacheConfig,
  Config,
  ContextManagement,
  Effort,
  ThinkingConfig,
} from "./config.js";
export type { ContextEdit } from "./wire.js";

/** An error answer from Anthropic: `status`, `type` (e.g. `overloaded_error`), `requestId`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

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
  return createHTTPModel(messagesWire(cfg, "anthropic"), anthropicPlatform(cfg), APIError);
}

/**
 * What `model` takes, from Anthropic's models API (`GET /v1/models/{id}`: context window,
 * `max_tokens`, thinking types, effort levels, context-management edits) with golem's dated
 * table filling what the API does not report. Fetch it once, keep it, and pass it to
 * `create({ capabilities })`: the rules then read it before every request.
 * @example
 * const caps = await anthropic.capabilities("claude-sonnet-5-5");
 * const model = anthropic.create({ model: "claude-sonnet-5-5", maxTokens: 16000, capabilities: caps });
 */
export async function capabilities(
  model: string,
  config: CapabilitiesConfig = {},
): Promise<Capabilities> {
  const call = metadataCall(model, config, readEnv());
  const info = await getMetadata({
    ...call,
    toError: (res) =>
      new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
  });
  return parseModelInfo(info, model);
}
