/**
 * golem/bedrock: Claude (and other models) through AWS Bedrock Converse and ConverseStream,
 * signed with SigV4 or a Bedrock API key, with reasoning blocks and signatures kept and
 * replayed exactly.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate } from "../../send/entry.js";
import { resolveConfig } from "./config.js";
import { bedrockDeployment } from "./platform.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type {
  AwsCredentialSource,
  AwsCredentials,
  CacheConfig,
  Config,
  Credentials,
  Effort,
  ThinkingConfig,
} from "./config.js";

/**
 * An error answer from Bedrock: `status`, `type` (e.g. `ValidationException`, or a stream's
 * `throttlingException`), `requestId` (`x-amzn-requestid`), `retryable`.
 */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Bedrock model. Throws `ConfigError` at once for a missing region, model or credentials,
 * an unknown effort, or a thinking budget outside 1024..maxTokens.
 * @example
 * const model = bedrock.create({ region: "us-east-1",
 *   model: "us.anthropic.claude-sonnet-4-6", maxTokens: 16000,
 *   thinking: { budgetTokens: 10000 } });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 */
export const create = /* @__PURE__ */ countingCreate(resolveConfig, bedrockDeployment, APIError);
