/**
 * golem/anthropic-aws: Claude Platform on AWS, Anthropic's Messages API run by Anthropic and
 * reached through an AWS account (SigV4 or a workspace API key), with thinking, signatures
 * and exact replay as in golem/anthropic.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { platformCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { awsDeployment } from "./platform.js";

export { AuthError } from "../../core/errors.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type {
  CacheConfig,
  ContextEdit,
  ContextManagement,
  Effort,
  Fallbacks,
  ThinkingConfig,
} from "../../wires/messages/options.js";
export type { AwsCredentialSource, AwsCredentials, Config } from "./config.js";

/** An error answer from Claude Platform on AWS; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude model on Claude Platform on AWS. Throws `ConfigError` for a bad config (no region,
 * no workspace, no credentials) before any request.
 * @example
 * ```ts
 * import * as anthropicAws from "golem/anthropic-aws";
 * const model = anthropicAws.create({
 *   region: "us-west-2", workspaceId: "wrkspc_01…", model: "claude-sonnet-4-6",
 *   maxTokens: 16000, thinking: { adaptive: true },
 * }); // SigV4 with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or apiKey / ANTHROPIC_AWS_API_KEY
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ platformCreate(resolveConfig, awsDeployment, APIError);
