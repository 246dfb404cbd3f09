/**
 * golem/anthropic-foundry: Claude in Microsoft Foundry, Anthropic's Messages API reached through
 * an Azure Foundry resource (a resource key or a Microsoft Entra ID token), with thinking,
 * signatures and exact replay as in golem/anthropic.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { messagesWire } from "../anthropic/call.js";
import { type Config, resolveConfig } from "./config.js";
import { foundryPlatform, PLATFORM } from "./platform.js";

export { AuthError } from "../../core/errors.js";
export type { Config, TokenResult } from "./config.js";

/** An error answer from Claude in Microsoft Foundry; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude deployment in Microsoft Foundry. Throws `ConfigError` for a bad config (no resource,
 * no credentials) before any request.
 * @example
 * ```ts
 * import * as anthropicFoundry from "golem/anthropic-foundry";
 * const model = anthropicFoundry.create({
 *   resource: "my-resource", model: "claude-sonnet-4-6",
 *   maxTokens: 16000, thinking: { adaptive: true },
 * }); // apiKey / ANTHROPIC_FOUNDRY_API_KEY, or token: an Entra ID token function
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return createHTTPModel(messagesWire(cfg.wire, PLATFORM), foundryPlatform(cfg), APIError);
}
