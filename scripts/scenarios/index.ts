import { anthropicScenarios } from "./anthropic.js";
import { anthropicAwsScenarios } from "./anthropic-aws.js";
import { anthropicBedrockScenarios } from "./anthropic-bedrock.js";
import { anthropicFoundryScenarios } from "./anthropic-foundry.js";
import { anthropicGoogleCloudScenarios } from "./anthropic-google-cloud.js";
import { azureScenarios } from "./azure.js";
import { bedrockScenarios } from "./bedrock.js";
import { cohereScenarios } from "./cohere.js";
import { geminiScenarios } from "./gemini.js";
import { openaiScenarios } from "./openai.js";
import { serverScenarios } from "./servers.js";
import type { Scenario } from "./types.js";
import { vertexScenarios } from "./vertex.js";

/** Every scenario `npm run capture` knows, by provider. */
export const SCENARIOS: Record<string, Record<string, Scenario>> = {
  anthropic: anthropicScenarios,
  bedrock: bedrockScenarios,
  gemini: geminiScenarios,
  // The servers' loops record into fixtures/openai/<server>/ (golem/openai serves them).
  openai: { ...openaiScenarios, ...serverScenarios },
  azure: azureScenarios,
  vertex: vertexScenarios,
  "anthropic-aws": anthropicAwsScenarios,
  "anthropic-bedrock": anthropicBedrockScenarios,
  "anthropic-foundry": anthropicFoundryScenarios,
  "anthropic-google-cloud": anthropicGoogleCloudScenarios,
  cohere: cohereScenarios,
};
