/**
 * golem/anthropic-google-cloud: Claude Models on Google Cloud (Anthropic managed), Anthropic's
 * Messages API reached through a Google Cloud project (an OAuth token function or a
 * service-account key), with thinking, signatures and exact replay as in golem/anthropic.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate, platformCapabilities } from "../../send/entry.js";
import { MODELS } from "./capabilities.js";
import { resolveConfig } from "./config.js";
import { googleDeployment } from "./platform.js";

export type { ServiceAccountKey } from "../../auth/google.js";
export type { TokenResult } from "../../auth/token.js";
export { AuthError } from "../../core/errors.js";
export type { ThinkingConfig } from "../../kit/claude-options.js";
export type { Capabilities } from "../../rules/capabilities.js";
export type * from "../../wires/messages/option-types.js";
export type { CapabilitiesConfig } from "./capabilities.js";
export type { Config } from "./config.js";

/** An error answer from Claude Models on Google Cloud; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Claude model on Claude Models on Google Cloud (Anthropic managed). Throws `ConfigError` for
 * a bad config (no project, no workspace, no credentials) before any request.
 * @example
 * ```ts
 * import * as anthropicGoogleCloud from "golem/anthropic-google-cloud";
 * const model = anthropicGoogleCloud.create({
 *   project: "my-project", workspaceId: "wrkspc_01…", model: "claude-sonnet-4-6",
 *   maxTokens: 16000, thinking: { adaptive: true },
 *   token: async () => "ya29.…", // e.g. from `gcloud auth print-access-token`
 * });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ countingCreate(resolveConfig, googleDeployment, APIError);

/**
 * What `model` takes, from Anthropic's models API behind the gateway
 * (`…/invoke/v1/models/{id}`) with golem's dated table filling what the API does not report.
 * Takes `create()`'s config without `model` (`maxTokens` may be left out), authorized and
 * sent as every call. Fetch it once, keep it, and pass it to `create({ capabilities })`.
 * @example
 * const caps = await anthropicGoogleCloud.capabilities("claude-sonnet-5-5", {
 *   project: "my-project", workspaceId: "wrkspc_01…", token: async () => "ya29.…" });
 */
export const capabilities = /* @__PURE__ */ platformCapabilities(
  resolveConfig,
  googleDeployment,
  APIError,
  MODELS,
);
