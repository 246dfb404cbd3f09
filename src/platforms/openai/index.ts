/**
 * golem/openai: OpenAI Chat Completions, and compatible servers through `baseURL` (DeepSeek,
 * vLLM, OpenRouter, DashScope) in whichever reasoning dialect they speak; or, with
 * `api: "responses"`, the Responses API with encrypted reasoning replayed statelessly.
 * @module
 */
import { type APIError as CoreAPIError, defineAPIError } from "../../core/errors.js";
import type { Capabilities } from "../../rules/capabilities.js";
import { openaiTable } from "../../rules/openai-models.js";
import { countingCreate } from "../../send/entry.js";
import { SERVERS } from "../../wires/openai-chat/options.js";
import { resolveConfig } from "./config.js";
import { openaiDeployment } from "./platform.js";

export type { Capabilities } from "../../rules/capabilities.js";
export type { OpenAIModelId } from "../../rules/model-ids.js";
export type {
  Api,
  PromptCacheOptions,
  ReasoningFormat,
  ReasoningSummaryOption,
  ServerName,
  ServerProfile,
  ThinkingConfig,
} from "../../wires/openai-chat/options.js";
export type { ReasoningEffort } from "../../wires/openai-chat/wire.js";
export type { Config } from "./config.js";

/** An error answer from OpenAI or a compatible server; also a golem `APIError`. */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Chat Completions model, or with `api: "responses"` a Responses API model. Chat: reasoning
 * that a compatible server returns becomes thinking parts tagged `"openai"` (OpenRouter's
 * `reasoning_details` entries also provider parts, which always go back); it goes back as the
 * server and the model family say ({@link servers}), or always with `replayReasoning`.
 * Responses: each reasoning item becomes
 * a block (summary text, `encrypted_content` as signature) that later turns send back.
 * @example
 * ```ts
 * import * as openai from "golem/openai";
 * const model = openai.create({ model: "gpt-5.4", api: "responses", reasoningEffort: "low" });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * // Chat Completions on a compatible server:
 * const deepseek = openai.create({ model: "deepseek-v4-pro", baseURL: "https://api.deepseek.com" });
 * ```
 */
export const create = /* @__PURE__ */ countingCreate(resolveConfig, openaiDeployment, APIError);

/**
 * The reasoning servers golem knows, by name: how each switches reasoning on and how strong,
 * where its reasoning arrives, when and in what form it goes back, what it refuses, with the
 * source and date of each row (docs/servers.md). `create` picks the row by `server`, else by
 * `baseURL`'s host; read-only data.
 * @example
 * openai.servers.deepseek.replayAs; // "reasoning_content"
 */
export const servers = SERVERS;

/**
 * What `model` takes as OpenAI publishes it (model pages and the latest-model guide: reasoning
 * efforts, function tools on Chat Completions), from golem's dated table: OpenAI's models API
 * reports no capabilities. Undefined for a model the table does not know (it is then sent as
 * asked). Useful where the id is not the model's: pass it to `create({ capabilities })`.
 * @example
 * const caps = await openai.capabilities("gpt-6.1-sol");
 */
export async function capabilities(model: string): Promise<Capabilities | undefined> {
  return openaiTable(model);
}
