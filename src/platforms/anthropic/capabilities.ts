import type { CapabilitiesConfigOf, ModelsEntry } from "../../send/entry.js";
import { messagesModels } from "../../wires/messages/call.js";
import type { Config } from "./config.js";

/**
 * What `anthropic.capabilities` takes: `create()`'s config without `model` (the key, version
 * and transport matter; `maxTokens` may be left out), and a `signal`.
 */
export type CapabilitiesConfig = CapabilitiesConfigOf<Config, typeof messagesModels>;

/**
 * Anthropic's models API, for `anthropic.capabilities`: `GET /v1/models/{model_id}` (an id or
 * an alias) with the key and version of `create()`, its `ModelInfo` read by the Messages wire.
 * @see https://platform.claude.com/docs/en/api/models/retrieve
 */
export const MODELS: ModelsEntry<typeof messagesModels> = {
  reader: messagesModels,
  name: "anthropic.capabilities",
  example: "claude-opus-5-5",
};
