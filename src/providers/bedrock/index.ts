/**
 * golem/bedrock: Claude (and other models) through AWS Bedrock Converse and ConverseStream,
 * signed with SigV4 or a Bedrock API key, with reasoning blocks and signatures kept and
 * replayed exactly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { converseWire } from "./call.js";
import { type Config, resolveConfig } from "./config.js";
import { bedrockPlatform } from "./platform.js";

export type { CacheConfig, Config, Credentials, Effort, ThinkingConfig } from "./config.js";

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
 *   model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 16000,
 *   thinking: { budgetTokens: 10000 } });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return createHTTPModel(converseWire(cfg, "bedrock"), bedrockPlatform(cfg), APIError);
}
