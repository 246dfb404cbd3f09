/**
 * Claude in Microsoft Foundry: the weather conversation, streamed, thinking on, with a token
 * function standing in for Entra ID. golem sends each turn's thinking blocks and signatures
 * back on the next, exactly, and asks the function again when a token is refused.
 *
 * With ANTHROPIC_FOUNDRY_RESOURCE and either ANTHROPIC_FOUNDRY_TOKEN (`az account
 * get-access-token --scope https://ai.azure.com/.default --query accessToken -o tsv`) or
 * ANTHROPIC_FOUNDRY_API_KEY set, it calls your resource (the deployment named by
 * ANTHROPIC_FOUNDRY_DEPLOYMENT, else claude-sonnet-4-6). Without them it replays
 * fixtures/anthropic-foundry/thinking-tool-loop-stream.json, checking that every request it sends
 * is the recorded one.
 *
 *   npm run example:foundry
 */
import { readFileSync } from "node:fs";
import * as anthropicFoundry from "golem/anthropic-foundry";
import { parseCassette, replayFetch } from "golem/testing";
import { weatherLoop } from "../claude-platforms/weather-loop.js";

const resource = process.env.ANTHROPIC_FOUNDRY_RESOURCE;
const token = process.env.ANTHROPIC_FOUNDRY_TOKEN;
const live = Boolean(resource && (token || process.env.ANTHROPIC_FOUNDRY_API_KEY));

/** Where and as whom: the live resource, or the recorded exchange. */
function connection() {
  // A real app passes a function that asks @azure/identity (or its own cache) each time.
  if (live) return { resource: resource ?? "", ...(token ? { token: async () => token } : {}) };
  const url = new URL(
    "../../fixtures/anthropic-foundry/thinking-tool-loop-stream.json",
    import.meta.url,
  );
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { resource: "my-resource", token: async () => "offline", fetch };
}

const model = anthropicFoundry.create({
  ...connection(),
  // Offline, the model the recording was made with (retired since); live, a current one.
  model:
    process.env.ANTHROPIC_FOUNDRY_DEPLOYMENT ??
    (live ? "claude-sonnet-4-6" : "claude-sonnet-4-20250514"),
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});

// The conversation itself is the same on every Claude platform: ../claude-platforms/weather-loop.ts.
await weatherLoop(model);
