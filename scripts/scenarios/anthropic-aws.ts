import * as anthropicAws from "../../src/platforms/anthropic-aws/index.js";
import { claudePlatformScenarios } from "./claude-platform.js";
import type { Scenario } from "./types.js";

/**
 * Scenarios recorded against Claude Platform on AWS, one per cassette in fixtures/anthropic-aws.
 * Region, workspace and credentials come from the environment the adapter reads (AWS_REGION,
 * ANTHROPIC_AWS_WORKSPACE_ID; AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, or
 * ANTHROPIC_AWS_API_KEY); `--base-url` replaces `https://aws-external-anthropic.{region}.api.aws/v1`.
 */
export const anthropicAwsScenarios: Record<string, Scenario> = claudePlatformScenarios((settings) =>
  anthropicAws.create(settings),
);
