/**
 * golem/cohere: Cohere's Chat API v2 (`/v2/chat`) with reasoning models
 * (command-a-reasoning): their `thinking` items kept as thinking parts and sent back in their
 * places, tool calls and tool plans, streamed or not.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { platformCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { cohereDeployment } from "./platform.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type { Config, ThinkingConfig } from "./config.js";

/** Cohere answered with an error: an HTTP status, a failed generation, an error in a stream. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * Creates a Cohere model; throws `ConfigError` on a bad config before any request.
 * @example
 * ```ts
 * import * as cohere from "golem/cohere";
 * const model = cohere.create({
 *   model: "command-a-reasoning-08-2025", // key from CO_API_KEY
 *   thinking: { budgetTokens: 2000 },
 * });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ platformCreate(resolveConfig, cohereDeployment, APIError);
