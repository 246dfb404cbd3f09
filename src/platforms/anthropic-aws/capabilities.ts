import type { CapabilitiesConfigOf, ModelsEntry } from "../../send/entry.js";
import { messagesModels } from "../../wires/messages/call.js";
import type { Config } from "./config.js";

/**
 * What `anthropicAws.capabilities` takes: `create()`'s config without `model` (region,
 * workspace, credentials and transport matter; `maxTokens` may be left out), and a `signal`.
 */
export type CapabilitiesConfig = CapabilitiesConfigOf<Config, typeof messagesModels>;

/**
 * Claude Platform on AWS serves Anthropic's models API (IAM action `GetModel`:
 * `GET /v1/models/{id}`), signed and addressed as every call, its `ModelInfo` read by the
 * Messages wire.
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/iam-actions.html
 */
export const MODELS: ModelsEntry<typeof messagesModels> = {
  reader: messagesModels,
  name: "anthropicAws.capabilities",
  example: "claude-opus-5-5",
};
