import type { Provider } from "../adapters.js";
import type { RowSpec } from "../table.js";
import {
  ANTHROPIC,
  ANTHROPIC_AWS,
  ANTHROPIC_BEDROCK,
  ANTHROPIC_FOUNDRY,
  ANTHROPIC_GOOGLE_CLOUD,
} from "./anthropic.js";
import { BEDROCK } from "./bedrock.js";
import { COHERE } from "./cohere.js";
import { GEMINI } from "./gemini.js";
import { AZURE, OPENAI } from "./openai.js";
import { VERTEX } from "./vertex.js";

/** Every row spec, by provider folder and cassette file name. */
export const SPECS: Record<Provider, Record<string, RowSpec>> = {
  anthropic: ANTHROPIC,
  bedrock: BEDROCK,
  gemini: GEMINI,
  openai: OPENAI,
  azure: AZURE,
  vertex: VERTEX,
  "anthropic-aws": ANTHROPIC_AWS,
  "anthropic-bedrock": ANTHROPIC_BEDROCK,
  "anthropic-foundry": ANTHROPIC_FOUNDRY,
  "anthropic-google-cloud": ANTHROPIC_GOOGLE_CLOUD,
  cohere: COHERE,
};
