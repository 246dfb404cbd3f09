/**
 * golem/anthropic-aws: Claude Platform on AWS, Anthropic's Messages API run by Anthropic and
 * reached through an AWS account (SigV4 or a workspace API key), with thinking, signatures
 * and exact replay as in golem/anthropic.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { platformCapabilities, platformCreate } from "../../send/entry.js";
import { MODELS } from "./capabilities.js";
import { resolveConfig } from "./config.js";
import { awsDeployment } from "./platform.js";

export type { AwsCredentialSource, AwsCredentials } from "../../auth/aws.js";
export { AuthError } from "../../core/errors.js";
export type { ThinkingConfig } from "../../kit/claude-options.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type * from "../../wires/messages/option-types.js";
export type { CapabilitiesConfig } from "./capabilities.js";
export type { Config } from "./config.js";

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

/**
 * What `model` takes, from Anthropic's models API as Claude Platform on AWS serves it
 * (`GET /v1/models/{id}`, IAM action `GetModel`) with golem's dated table filling what the API
 * does not report. Takes `create()`'s config without `model` (`maxTokens` may be left out),
 * signed and sent as every call. Fetch it once, keep it, and pass it to
 * `create({ capabilities })`.
 * @example
 * const caps = await anthropicAws.capabilities("claude-sonnet-5-5", { region: "us-west-2",
 *   workspaceId: "wrkspc_01…" });
 */
export const capabilities = /* @__PURE__ */ platformCapabilities(
  resolveConfig,
  awsDeployment,
  APIError,
  MODELS,
);
