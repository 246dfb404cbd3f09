/**
 * Claude Platform on AWS: the weather conversation, streamed, thinking on. golem signs each
 * request with SigV4 (service aws-external-anthropic) or sends a workspace API key, adds the
 * required anthropic-workspace-id header, and sends each turn's thinking blocks and
 * signatures back on the next, exactly.
 *
 * With ANTHROPIC_AWS_WORKSPACE_ID and either ANTHROPIC_AWS_API_KEY or AWS credentials
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_REGION) set, it calls your workspace.
 * Without them it replays fixtures/anthropic-aws/thinking-tool-loop-stream.json, checking
 * that every request it sends is the recorded one.
 *
 *   npm run example:anthropic-aws
 */
import { readFileSync } from "node:fs";
import * as anthropicAws from "golem/anthropic-aws";
import { parseCassette, replayFetch } from "golem/testing";
import { weatherLoop } from "../claude-platforms/weather-loop.js";

const workspaceId = process.env.ANTHROPIC_AWS_WORKSPACE_ID;
const live = Boolean(
  workspaceId && (process.env.ANTHROPIC_AWS_API_KEY || process.env.AWS_ACCESS_KEY_ID),
);

/** Where and as whom: the live workspace (from the environment), or the recorded exchange. */
function connection() {
  if (live) return {};
  const url = new URL(
    "../../fixtures/anthropic-aws/thinking-tool-loop-stream.json",
    import.meta.url,
  );
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { region: "us-west-2", workspaceId: "wrkspc1", apiKey: "offline", fetch };
}

const model = anthropicAws.create({
  ...connection(),
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "claude-sonnet-4-6" : "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});

// The conversation itself is the same on every Claude platform: ../claude-platforms/weather-loop.ts.
await weatherLoop(model);
