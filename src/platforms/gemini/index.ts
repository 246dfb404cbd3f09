/**
 * golem/gemini: Google Gemini (`generateContent` / `streamGenerateContent`) with thinking,
 * thought summaries and thought signatures kept and replayed exactly.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import { countingCreate, platformCapabilities } from "../../send/entry.js";
import { MODELS } from "./capabilities.js";
import { resolveConfig } from "./config.js";
import { geminiDeployment } from "./platform.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type { CapabilitiesConfig } from "./capabilities.js";
export type { Config, ThinkingConfig } from "./config.js";

/** Gemini answered with an error: an HTTP status, an error event in a stream, a blocked prompt. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * Creates a Gemini model; throws `ConfigError` on a bad config before any request.
 * @example
 * ```ts
 * import * as gemini from "golem/gemini";
 * const model = gemini.create({
 *   model: "gemini-3-pro-preview", // key from GEMINI_API_KEY
 *   thinking: { includeThoughts: true, level: "high" },
 * });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export const create = /* @__PURE__ */ countingCreate(resolveConfig, geminiDeployment, APIError);

/**
 * What `model` takes, from the Gemini API's `models.get` (`inputTokenLimit`,
 * `outputTokenLimit`, `maxTemperature`, `thinking`) with golem's dated table filling the rest.
 * Takes `create()`'s config without `model` and sends through the same path as every call.
 * Fetch it once, keep it, and pass it to `create({ capabilities })`.
 * @example
 * const caps = await gemini.capabilities("gemini-3.6-flash");
 * const model = gemini.create({ model: "gemini-3.6-flash", capabilities: caps });
 */
export const capabilities = /* @__PURE__ */ platformCapabilities(
  resolveConfig,
  geminiDeployment,
  APIError,
  MODELS,
);
