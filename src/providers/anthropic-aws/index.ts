/**
 * golem/anthropic-aws: Claude Platform on AWS, Anthropic's Messages API run by Anthropic and
 * reached through an AWS account (SigV4 or a workspace API key), with thinking, signatures
 * and exact replay as in golem/anthropic.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { messagesWire } from "../anthropic/call.js";
import { type Config, resolveConfig } from "./config.js";
import { awsPlatform, PLATFORM } from "./platform.js";

export { AuthError } from "../../core/errors.js";
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
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return createHTTPModel(messagesWire(cfg.wire, PLATFORM), awsPlatform(cfg), APIError);
}
