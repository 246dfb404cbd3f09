import { ConfigError } from "../../src/index.js";
import * as anthropicFoundry from "../../src/platforms/anthropic-foundry/index.js";
import { claudePlatformScenarios } from "./claude-platform.js";
import type { Scenario } from "./types.js";

/**
 * Scenarios recorded against Claude in Microsoft Foundry, one per cassette in
 * fixtures/anthropic-foundry. The resource comes from ANTHROPIC_FOUNDRY_RESOURCE (`--base-url`
 * replaces `https://{resource}.services.ai.azure.com/anthropic/v1`). The non-streamed scenario
 * sends the resource key the adapter reads from ANTHROPIC_FOUNDRY_API_KEY; the streamed one an
 * Entra ID token from ANTHROPIC_FOUNDRY_TOKEN (e.g. `az account get-access-token --scope
 * https://ai.azure.com/.default`), so both auths are recorded.
 */
export const anthropicFoundryScenarios: Record<string, Scenario> = claudePlatformScenarios(
  (settings, ctx, stream) => {
    const token = ctx.env.ANTHROPIC_FOUNDRY_TOKEN;
    if (!stream) return anthropicFoundry.create(settings);
    if (!token) {
      throw new ConfigError(
        "the streamed anthropic-foundry scenario needs ANTHROPIC_FOUNDRY_TOKEN",
      );
    }
    return anthropicFoundry.create({ ...settings, token: async () => token });
  },
  { detail: (stream) => (stream ? ", streamed, Entra ID" : ", resource key") },
);
