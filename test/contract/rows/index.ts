import { deployed, perVariant, type Variant } from "../../variants.js";
import type { Provider } from "../adapters.js";
import type { RowSpec } from "../table.js";
import {
  ANTHROPIC,
  ANTHROPIC_AWS,
  ANTHROPIC_BEDROCK,
  ANTHROPIC_FOUNDRY,
  MESSAGES_DEPLOYMENT,
} from "./anthropic.js";
import { BEDROCK } from "./bedrock.js";
import { COHERE } from "./cohere.js";
import { GEMINI } from "./gemini.js";
import { AZURE, OPENAI } from "./openai.js";
import { VERTEX } from "./vertex.js";

/** The rows of a deployment without its own, by the variant whose wire it deploys. */
const DEPLOYED: Partial<Record<Variant, Record<string, RowSpec>>> = {
  anthropic: MESSAGES_DEPLOYMENT,
};

/**
 * Every row spec, by provider folder and cassette file name. A deployment (test/variants.ts)
 * has the rows of its wire's recorded loops unless it says otherwise here.
 */
export const SPECS = perVariant<Record<string, RowSpec>>(
  {
    anthropic: ANTHROPIC,
    bedrock: BEDROCK,
    gemini: GEMINI,
    openai: OPENAI,
    azure: AZURE,
    vertex: VERTEX,
    "anthropic-aws": ANTHROPIC_AWS,
    "anthropic-bedrock": ANTHROPIC_BEDROCK,
    "anthropic-foundry": ANTHROPIC_FOUNDRY,
    cohere: COHERE,
  },
  (d) => {
    const rows = DEPLOYED[deployed(d)];
    if (!rows) throw new Error(`no deployment rows for the wire ${d} deploys (${deployed(d)})`);
    return rows;
  },
) as Record<Provider, Record<string, RowSpec>>;
