/**
 * golem/gemini: Google Gemini (`generateContent` / `streamGenerateContent`) with thinking,
 * thought summaries and thought signatures kept and replayed exactly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Model } from "../../core/types.js";
import type { Capabilities } from "../../rules/capabilities.js";
import { getMetadata } from "../../rules/metadata.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { generateContentWire } from "./call.js";
import { type CapabilitiesConfig, metadataCall, parseModel } from "./capabilities.js";
import { type Config, resolveConfig, type ThinkingConfig } from "./config.js";
import { geminiPlatform } from "./platform.js";
import { parseErrorBody } from "./response.js";

export type { Capabilities, CapabilitiesConfig, Config, ThinkingConfig };

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
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  return createHTTPModel(generateContentWire(cfg, "gemini"), geminiPlatform(cfg), APIError);
}

/**
 * What `model` takes, from the Gemini API's `models.get` (`inputTokenLimit`,
 * `outputTokenLimit`, `maxTemperature`, `thinking`) with golem's dated table filling the rest.
 * Fetch it once, keep it, and pass it to `create({ capabilities })`.
 * @example
 * const caps = await gemini.capabilities("gemini-3.6-flash");
 * const model = gemini.create({ model: "gemini-3.6-flash", capabilities: caps });
 */
export async function capabilities(
  model: string,
  config: CapabilitiesConfig = {},
): Promise<Capabilities> {
  const call = metadataCall(model, config, readEnv());
  const resource = await getMetadata({
    ...call,
    toError: (res) =>
      new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
  });
  return parseModel(resource, model);
}
