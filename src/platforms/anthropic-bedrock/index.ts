/**
 * golem/anthropic-bedrock: Claude through Amazon Bedrock's Messages API on the bedrock-runtime
 * or bedrock-mantle service (`service: "runtime" | "mantle"`), SigV4 or a Bedrock API key, with
 * thinking, signatures and exact replay as in golem/anthropic. Bedrock's Converse API is
 * golem/bedrock.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { platformCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { bedrockMessagesDeployment } from "./platform.js";

export type { AwsCredentialSource, AwsCredentials } from "../../auth/aws.js";
export { AuthError } from "../../core/errors.js";
export type { ThinkingConfig } from "../../kit/claude-options.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type * from "../../wires/messages/option-types.js";
export type { Config, Endpoint, Service } from "./config.js";

/** An error answer from Bedrock's Messages API; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude model on Amazon Bedrock's Messages API. Throws `ConfigError` for a bad config (no
 * region, no credentials, `fallbacks`) before any request.
 * @example
 * ```ts
 * import * as anthropicBedrock from "golem/anthropic-bedrock";
 * const model = anthropicBedrock.create({
 *   region: "us-east-1", model: "global.anthropic.claude-sonnet-4-6",
 *   maxTokens: 16000, thinking: { adaptive: true },
 * }); // SigV4 with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or apiKey / AWS_BEARER_TOKEN_BEDROCK
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ platformCreate(
  resolveConfig,
  bedrockMessagesDeployment,
  APIError,
);
