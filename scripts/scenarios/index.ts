import { anthropicScenarios } from "./anthropic.js";
import type { Scenario } from "./types.js";

/** Every scenario `npm run capture` knows, by provider. */
export const SCENARIOS: Record<string, Record<string, Scenario>> = {
  anthropic: anthropicScenarios,
};
