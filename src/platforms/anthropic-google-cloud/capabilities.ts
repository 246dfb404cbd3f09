import type { CapabilitiesConfigOf, ModelsEntry } from "../../send/entry.js";
import { messagesModels } from "../../wires/messages/call.js";
import type { Config } from "./config.js";

/**
 * What `anthropicGoogleCloud.capabilities` takes: `create()`'s config without `model` (project,
 * location, workspace, credentials and transport matter; `maxTokens` may be left out), and a
 * `signal`.
 */
export type CapabilitiesConfig = CapabilitiesConfigOf<Config, typeof messagesModels>;

/**
 * The gateway serves the Claude API that Anthropic operates under the workspace's `…/invoke`
 * path, its models API included (`GET …/invoke/v1/models/{id}`), with the Google token of
 * every call; its `ModelInfo` is read by the Messages wire.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-models-on-google-cloud/overview
 * @see https://platform.claude.com/docs/en/api/overview
 */
export const MODELS: ModelsEntry<typeof messagesModels> = {
  reader: messagesModels,
  name: "anthropicGoogleCloud.capabilities",
  example: "claude-opus-5-5",
};
