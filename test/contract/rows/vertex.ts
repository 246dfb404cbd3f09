import { type RowSpec, withStream } from "../table.js";
import { weatherLoop as claudeLoop, SONNET_4 } from "./anthropic.js";
import {
  weatherLoop as geminiLoop,
  LONG_DECODE_CONFIG,
  longDecodeCall,
  PRO_THINKING,
} from "./gemini.js";

/** The Anthropic capture's model under its Vertex id. */
const CLAUDE = { ...SONNET_4, model: "claude-sonnet-4@20250514" };

/** The same conversations as fixtures/anthropic and fixtures/gemini, moved to Vertex AI. */
export const VERTEX: Record<string, RowSpec> = {
  ...withStream(
    "claude-thinking-tool-loop",
    { config: { ...CLAUDE, location: "us-east5" }, run: claudeLoop },
    { config: CLAUDE },
  ),
  ...withStream(
    "gemini-thinking-tool-loop",
    { config: PRO_THINKING, run: geminiLoop },
    { config: { ...PRO_THINKING, location: "us-central1" } },
  ),
  // The same turn with the call's arguments streamed in partialArgs fragments (Vertex only).
  "gemini-partial-args-stream": {
    config: {
      ...PRO_THINKING,
      location: "us-central1",
      extraBody: { toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } } },
    },
    run: geminiLoop,
    twin: { file: "gemini-thinking-tool-loop" },
  },
  // Long decode at v1beta1, where Google's Gemini 4 guides place it in GenerateContent.
  "gemini-long-decode": {
    config: { ...LONG_DECODE_CONFIG, baseURL: "https://aiplatform.googleapis.com/v1beta1" },
    run: longDecodeCall,
  },
};
