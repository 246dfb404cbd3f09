/**
 * golem/vertex: Claude and Gemini on Google Cloud's Vertex AI, the publisher taken from the
 * model id, with an OAuth token function, a service-account key or an express-mode API key.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate } from "../../send/entry.js";
import { longDecodeCreate } from "../../wires/generate-content/call.js";
import { resolveConfig } from "./config.js";
import { vertexDeployment } from "./platform.js";

export type { ServiceAccountKey } from "../../auth/google.js";
export { AuthError } from "../../core/errors.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type * from "../../wires/messages/option-types.js";
export type {
  ClaudeConfig,
  ClaudeThinkingConfig,
  Config,
  GeminiConfig,
  GeminiThinkingConfig,
  VertexOptions,
} from "./config.js";

/** An error answer from Vertex AI (either publisher); also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude or Gemini model on Vertex AI. Claude speaks the Anthropic Messages wire (thinking
 * blocks, signatures and replay as `golem/anthropic`), Gemini the Gemini wire (thought
 * signatures as `golem/gemini`). Throws `ConfigError` for a bad config before any request.
 * @example
 * ```ts
 * import * as vertex from "golem/vertex";
 * const model = vertex.create({
 *   project: "my-project", location: "global", model: "claude-sonnet-4-6",
 *   maxTokens: 16000, thinking: { budgetTokens: 8000 },
 *   token: async () => "ya29.…", // e.g. from `gcloud auth print-access-token`
 * });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ longDecodeCreate(
  countingCreate(resolveConfig, vertexDeployment, APIError),
);
