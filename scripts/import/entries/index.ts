import type { Entry } from "../plan.js";
import { ANTHROPIC } from "./anthropic.js";
import { BEDROCK } from "./bedrock.js";
import { COHERE } from "./cohere.js";
import { GEMINI } from "./gemini.js";
import { AZURE, OPENAI, SERVERS } from "./openai.js";
import { OPENAI_RESPONSES } from "./openai-responses.js";

/** Every cassette imported from fixtures/reference/, by provider. */
export const ENTRIES: readonly Entry[] = [
  ...ANTHROPIC,
  ...BEDROCK,
  ...GEMINI,
  ...OPENAI,
  ...SERVERS,
  ...OPENAI_RESPONSES,
  ...AZURE,
  ...COHERE,
];
