/**
 * The recorded conversations of scripts/scenarios/loops.ts as the agent tests run them: a
 * conversation's tool, and the Anthropic weather loop's model and agent.
 */
import { CLAUDE_SONNET_4, type Conversation, WEATHER_LOOP } from "../../scripts/scenarios/loops.js";
import { Agent, jsonTool, type Model } from "../../src/index.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";

/** A recorded conversation's tool as the agent runs it, answering as the recording did. */
export const agentTool = (c: Conversation) =>
  jsonTool({ ...c.tool, execute: (args) => c.answer(JSON.stringify(args)) });

/**
 * The model fixtures/anthropic/thinking-tool-loop*.json were recorded with, answering through
 * `fetch`.
 */
export const claudeLoopModel = (fetch: typeof globalThis.fetch) =>
  anthropic.create({ apiKey: "test-key-0123456789", ...CLAUDE_SONNET_4, fetch });

/** The agent of the recorded weather loop over `model`: its tool and its instructions. */
export const weatherAgent = (model: Model) =>
  new Agent({
    model,
    tools: [agentTool(WEATHER_LOOP)],
    instructions: WEATHER_LOOP.system ?? "",
  });
