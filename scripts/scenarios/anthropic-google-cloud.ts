import { ConfigError } from "../../src/index.js";
import * as anthropicGoogleCloud from "../../src/platforms/anthropic-google-cloud/index.js";
import { claudePlatformScenarios } from "./claude-platform.js";
import type { Scenario } from "./types.js";

/**
 * Scenarios recorded against Claude Models on Google Cloud (Anthropic managed), one per
 * cassette in fixtures/anthropic-google-cloud. Project, location and workspace come from the
 * environment the adapter reads (ANTHROPIC_GOOGLE_CLOUD_PROJECT or GOOGLE_CLOUD_PROJECT,
 * ANTHROPIC_GOOGLE_CLOUD_LOCATION, ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID); the token from
 * GOOGLE_CLOUD_ACCESS_TOKEN (e.g. `gcloud auth print-access-token`). `--base-url` replaces the
 * gateway URL up to `/v1`.
 */
export const anthropicGoogleCloudScenarios: Record<string, Scenario> = claudePlatformScenarios(
  (settings, ctx) => {
    const token = ctx.env.GOOGLE_CLOUD_ACCESS_TOKEN;
    if (!token) {
      throw new ConfigError(
        "anthropic-google-cloud scenarios need GOOGLE_CLOUD_ACCESS_TOKEN (e.g. the output of gcloud auth print-access-token)",
      );
    }
    return anthropicGoogleCloud.create({ ...settings, token: async () => token });
  },
);
