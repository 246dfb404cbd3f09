/**
 * Claude Models on Google Cloud (Anthropic managed): the weather conversation, streamed,
 * thinking on, with a Google access-token function. golem asks the function before each
 * attempt (and once more after a 401), and sends each turn's thinking blocks and signatures
 * back on the next, exactly.
 *
 * With GOOGLE_CLOUD_PROJECT, ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID and GOOGLE_CLOUD_ACCESS_TOKEN
 * (`gcloud auth print-access-token`) set, it calls your workspace. Without them it replays
 * fixtures/anthropic-google-cloud/thinking-tool-loop-stream.json, checking that every request
 * it sends is the recorded one.
 *
 *   npm run example:anthropic-google-cloud
 */
import { readFileSync } from "node:fs";
import * as anthropicGoogleCloud from "golem/anthropic-google-cloud";
import { parseCassette, replayFetch } from "golem/testing";
import { weatherLoop } from "../claude-platforms/weather-loop.js";

const project = process.env.GOOGLE_CLOUD_PROJECT;
const workspaceId = process.env.ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID;
const token = process.env.GOOGLE_CLOUD_ACCESS_TOKEN;

const live = Boolean(project && workspaceId && token);

/** Where and as whom: the live workspace, or the recorded exchange. */
function connection() {
  // A real app passes a function that asks google-auth-library (or its own cache) each time.
  if (project && workspaceId && token) return { project, workspaceId, token: async () => token };
  const url = new URL(
    "../../fixtures/anthropic-google-cloud/thinking-tool-loop-stream.json",
    import.meta.url,
  );
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { project: "golem", workspaceId: "wrkspc1", token: async () => "offline", fetch };
}

const model = anthropicGoogleCloud.create({
  ...connection(),
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "claude-sonnet-4-6" : "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});

// The conversation itself is the same on every Claude platform: ../claude-platforms/weather-loop.ts.
await weatherLoop(model);
