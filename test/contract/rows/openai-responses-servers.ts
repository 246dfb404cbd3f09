/**
 * The Responses API on servers other than OpenAI's (src/wires/openai-responses/servers.ts):
 * xAI, LM Studio, DeepSeek, Bedrock's mantle endpoint, vLLM and Ollama. Each row's requests
 * are checked against its cassette, so the server's replay form is checked on what golem
 * builds: xAI's encrypted items in their places, raw reasoning back by id, DeepSeek's order.
 */
import { LOCAL_TIME } from "../../../scripts/scenarios/tool-loop.js";
import type { ToolSpec } from "../../../src/core/types.js";
import { loop, type RowSpec, toolResults, user, WEATHER, withStream } from "../table.js";

/** xAI: three rounds, reasoning before each call and before the answer. */
export const xaiLoop = loop(
  { system: "Answer briefly.", tools: [WEATHER, LOCAL_TIME] },
  [user("What's the weather and the local time in Florence, Italy?")],
  toolResults("40 C"),
  toolResults("15:04"),
);

/** The tool of the captured LM Studio stream, as its response echoes it. */
export const LMSTUDIO_WEATHER: ToolSpec = {
  name: "weather",
  description: "Get the weather in a location",
  parameters: {
    type: "object",
    properties: {
      location: { type: "string", description: "The location to get the weather for" },
    },
    required: ["location"],
    additionalProperties: false,
  },
};

export const lmstudioLoop = loop(
  { tools: [LMSTUDIO_WEATHER], toolChoice: "required" },
  [user("What is the weather in San Francisco?")],
  toolResults("18 C and foggy"),
);

/** The tool of the captured DeepSeek /responses loop. */
export const GET_TEMPERATURE: ToolSpec = {
  name: "get_temperature",
  description: "Get the current temperature in a city.",
  parameters: {
    additionalProperties: false,
    properties: { city: { type: "string" } },
    required: ["city"],
    type: "object",
  },
  strict: true,
};

export const deepseekResponsesLoop = loop(
  { tools: [GET_TEMPERATURE], toolChoice: "auto" },
  [user("What is the temperature in Tokyo?")],
  toolResults("21.0"),
);

export const weatherLoop = loop(
  { system: "You are a helpful assistant", tools: [WEATHER] },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
);

/** The Responses API at `baseURL`, on `server`'s profile where golem has one for it. */
const responsesAt = (model: string, baseURL: string, server?: string) => ({
  model,
  api: "responses",
  baseURL,
  ...(server === undefined ? {} : { server }),
});
const XAI = responsesAt("grok-4.3", "https://api.x.ai/v1");
const LMSTUDIO = responsesAt("zai-org/glm-4.7-flash", "http://localhost:1234/v1", "lmstudio");
const DEEPSEEK = responsesAt("deepseek-v4-flash", "https://api.deepseek.com");
const VLLM = responsesAt("openai/gpt-oss-20b", "http://localhost:8000/v1", "vllm");
const OLLAMA = responsesAt("gpt-oss:20b", "http://localhost:11434/v1", "ollama");

export const RESPONSES_SERVER_ROWS: Record<string, RowSpec> = {
  ...withStream("xai-responses-tool-loop", { config: XAI, run: xaiLoop }, { exact: true }),
  "xai-responses-reasoning-stream": {
    config: { ...XAI, model: "grok-code-fast-1" },
    run: loop({}, [user("What is specifically notable about the style of Sonoran food?")]),
  },
  ...withStream(
    "lmstudio-responses-tool-loop",
    { config: LMSTUDIO, run: lmstudioLoop },
    { exact: true },
  ),
  ...withStream(
    "deepseek-responses-tool-loop",
    { config: DEEPSEEK, run: deepseekResponsesLoop },
    { exact: true },
  ),
  "bedrock-mantle-responses": {
    config: responsesAt("openai.gpt-oss-120b", "https://bedrock-mantle.us-east-1.api.aws/v1"),
    run: loop({}, [user("Reply with exactly OSS.")]),
  },
  "vllm-responses-tool-loop-stream": { config: VLLM, run: weatherLoop },
  "ollama-responses-tool-loop-stream": { config: OLLAMA, run: weatherLoop },
};
