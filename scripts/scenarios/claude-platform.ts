import type { Model } from "../../src/index.js";
import { CLAUDE_SONNET_4, WEATHER_LOOP } from "./loops.js";
import { conversationLoop } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

type Fetch = ScenarioContext["fetch"];

/** What every platform's create() gets in common: the model, its limits, thinking, fetch, base URL. */
export interface ClaudeSettings {
  model: string;
  maxTokens: number;
  thinking: { budgetTokens: number };
  fetch: Fetch;
  baseURL?: string;
}

/** Builds a platform's model from the shared settings; `stream` tells which scenario asks. */
export type ClaudePlatformCreate = (
  settings: ClaudeSettings,
  ctx: ScenarioContext,
  stream: boolean,
) => Model;

/** Where a platform's two thinking-loop scenarios differ from the plain ones. */
export interface ClaudePlatformOptions {
  /** The model id when `--model` is not given (ids differ per endpoint on Bedrock). */
  defaultModel?: (stream: boolean) => string;
  /** What follows "two turns" in the description; by default ", streamed" when it streams. */
  detail?: (stream: boolean) => string;
}

/**
 * The Anthropic thinking loop (fixtures/anthropic/thinking-tool-loop.json): thinking with a
 * 4000-token budget and a weather tool, two turns, on whichever platform `create` builds.
 */
export function claudeThinkingLoop(
  stream: boolean,
  create: ClaudePlatformCreate,
  options: ClaudePlatformOptions = {},
): Scenario {
  const defaultModel = options.defaultModel?.(stream) ?? CLAUDE_SONNET_4.model;
  const detail = options.detail?.(stream) ?? (stream ? ", streamed" : "");
  return {
    description: `thinking (budget 4000) + a weather tool, two turns${detail}`,
    streaming: stream,
    defaultModel,
    create: (ctx) => {
      const settings: ClaudeSettings = {
        ...CLAUDE_SONNET_4,
        model: ctx.model ?? defaultModel,
        fetch: ctx.fetch,
        ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
      };
      return create(settings, ctx, stream);
    },
    run: async (model) => {
      await conversationLoop(model, WEATHER_LOOP, { stream });
    },
  };
}

/** A Claude platform's scenarios, one per cassette: the thinking loop whole and streamed. */
export function claudePlatformScenarios(
  create: ClaudePlatformCreate,
  options: ClaudePlatformOptions = {},
): Record<string, Scenario> {
  return {
    "thinking-tool-loop": claudeThinkingLoop(false, create, options),
    "thinking-tool-loop-stream": claudeThinkingLoop(true, create, options),
  };
}
