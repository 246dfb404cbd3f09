/**
 * golem/anthropic-foundry: Claude in Microsoft Foundry, Anthropic's Messages API reached through
 * an Azure Foundry resource (a resource key or a Microsoft Entra ID token), with thinking,
 * signatures and exact replay as in golem/anthropic.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { foundryDeployment } from "./platform.js";

export type { TokenResult } from "../../auth/token.js";
export { AuthError } from "../../core/errors.js";
export type { ThinkingConfig } from "../../kit/claude-options.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type * from "../../wires/messages/option-types.js";
export type { Config } from "./config.js";

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
export const create = /* @__PURE__ */ countingCreate(resolveConfig, foundryDeployment, APIError);
