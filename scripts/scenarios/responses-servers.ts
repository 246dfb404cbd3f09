/**
 * The Responses API on servers other than OpenAI's (src/wires/openai-responses/servers.ts), one
 * scenario per cassette of test/contract/rows/openai-responses-servers.ts, so a key holder (or
 * a local server: `--base-url`) can record each live. The conversations are the rows'.
 */
import type { Message, Model, ModelRequest, ToolSpec } from "../../src/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { call, LOCAL_TIME, toolResults, WEATHER } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/** Asks, then answers every call with the next result in turn, until a turn calls nothing. */
const conversation =
  (base: Omit<ModelRequest, "messages">, prompt: string, results: string[], stream: boolean) =>
  async (model: Model) => {
    const messages: Message[] = [{ role: "user", content: prompt }];
    for (let i = 0; ; i++) {
      const res = await call(model, { ...base, messages: [...messages] }, stream);
      const answers = toolResults(res, () => results[i] ?? "");
      if (answers.length === 0 || i >= results.length) return;
      messages.push(res.message, ...answers);
    }
  };

const LMSTUDIO_WEATHER: ToolSpec = {
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

const GET_TEMPERATURE: ToolSpec = {
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

type Server = "lmstudio" | "vllm" | "ollama";

const make =
  (model: string, baseURL: string, key: string, server?: Server) => (ctx: ScenarioContext) =>
    openai.create({
      model: ctx.model ?? model,
      api: "responses",
      baseURL: ctx.baseURL ?? baseURL,
      ...(server ? { server } : {}),
      fetch: ctx.fetch,
      // Local servers take any key.
      apiKey: ctx.env[key] ?? "EMPTY",
    });

const xaiLoop = (stream: boolean) =>
  conversation(
    { system: "Answer briefly.", tools: [WEATHER, LOCAL_TIME] },
    "What's the weather and the local time in Florence, Italy?",
    ["40 C", "15:04"],
    stream,
  );
const weather = (stream: boolean) =>
  conversation(
    { system: "You are a helpful assistant", tools: [WEATHER] },
    "What's the weather in Florence, Italy?",
    ["40 C"],
    stream,
  );

const XAI = make("grok-4.3", "https://api.x.ai/v1", "XAI_API_KEY");

function pair(
  name: string,
  description: string,
  defaultModel: string,
  create: (ctx: ScenarioContext) => Model,
  run: (stream: boolean) => (model: Model) => Promise<void>,
): Record<string, Scenario> {
  return {
    [name]: { description, streaming: false, defaultModel, create, run: run(false) },
    [`${name}-stream`]: {
      description: `${description}, streamed`,
      streaming: true,
      defaultModel,
      create,
      run: run(true),
    },
  };
}

export const responsesServerScenarios: Record<string, Scenario> = {
  ...pair(
    "xai-responses-tool-loop",
    "xAI Responses: encrypted reasoning items back in their places through a three-round tool loop",
    "grok-4.3",
    XAI,
    xaiLoop,
  ),
  "xai-responses-reasoning-stream": {
    description: "xAI Responses: a streamed answer with encrypted reasoning (store: false)",
    streaming: true,
    defaultModel: "grok-code-fast-1",
    create: make("grok-code-fast-1", "https://api.x.ai/v1", "XAI_API_KEY"),
    run: conversation(
      {},
      "What is specifically notable about the style of Sonoran food?",
      [],
      true,
    ),
  },
  ...pair(
    "lmstudio-responses-tool-loop",
    "LM Studio Responses: reasoning_text items back by id through a tool loop (--base-url names the server)",
    "zai-org/glm-4.7-flash",
    make("zai-org/glm-4.7-flash", "http://localhost:1234/v1", "LMSTUDIO_API_KEY", "lmstudio"),
    (stream) =>
      conversation(
        { tools: [LMSTUDIO_WEATHER], toolChoice: "required" },
        "What is the weather in San Francisco?",
        ["18 C and foggy"],
        stream,
      ),
  ),
  ...pair(
    "deepseek-responses-tool-loop",
    "DeepSeek /responses: reasoning_text items back by id, calls after text",
    "deepseek-v4-flash",
    make("deepseek-v4-flash", "https://api.deepseek.com", "DEEPSEEK_API_KEY"),
    (stream) =>
      conversation(
        { tools: [GET_TEMPERATURE], toolChoice: "auto" },
        "What is the temperature in Tokyo?",
        ["21.0"],
        stream,
      ),
  ),
  "bedrock-mantle-responses": {
    description: "Bedrock mantle Responses: gpt-oss reasoning_text (key: a Bedrock API key)",
    streaming: false,
    defaultModel: "openai.gpt-oss-120b",
    create: make(
      "openai.gpt-oss-120b",
      "https://bedrock-mantle.us-east-1.api.aws/v1",
      "AWS_BEARER_TOKEN_BEDROCK",
    ),
    run: conversation({}, "Reply with exactly OSS.", [], false),
  },
  "vllm-responses-tool-loop-stream": {
    description: "vLLM Responses: reasoning_text items back by id (--base-url names the server)",
    streaming: true,
    defaultModel: "openai/gpt-oss-20b",
    create: make("openai/gpt-oss-20b", "http://localhost:8000/v1", "VLLM_API_KEY", "vllm"),
    run: weather(true),
  },
  "ollama-responses-tool-loop-stream": {
    description:
      "Ollama Responses: summary and plain encrypted_content back (--base-url names the server)",
    streaming: true,
    defaultModel: "gpt-oss:20b",
    create: make("gpt-oss:20b", "http://localhost:11434/v1", "OLLAMA_API_KEY", "ollama"),
    run: weather(true),
  },
};
