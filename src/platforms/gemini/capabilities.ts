import type { CapabilitiesConfigOf, ModelsEntry } from "../../send/entry.js";
import { generateContentModels } from "../../wires/generate-content/call.js";
import type { Config } from "./config.js";

/** What `gemini.capabilities` takes: `create()`'s config without `model`, and a `signal`. */
export type CapabilitiesConfig = CapabilitiesConfigOf<Config>;

/**
 * The Gemini API's `models.get`, for `gemini.capabilities`: `GET /v1beta/models/{model}` with
 * the key of `create()`, its `Model` resource read by the `generateContent` wire.
 * @see https://ai.google.dev/api/models#method:-models.get
 */
export const MODELS: ModelsEntry<typeof generateContentModels> = {
  reader: generateContentModels,
  name: "gemini.capabilities",
  example: "gemini-3.6-flash",
};
