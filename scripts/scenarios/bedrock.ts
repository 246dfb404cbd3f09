import type { ToolSpec } from "../../src/index.js";
import * as bedrock from "../../src/providers/bedrock/index.js";
import { REDACTION_TRIGGER } from "./anthropic.js";
import { expectError, toolLoop, WEATHER } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

const SONNET_4 = "us.anthropic.claude-sonnet-4-20250514-v1:0";
const SONNET_3_7 = "us.anthropic.claude-3-7-sonnet-20250219-v1:0";
const OPUS_4_6 = "us.anthropic.claude-opus-4-6-v1";

/**
 * Credentials come from the environment as the adapter reads them: AWS_BEARER_TOKEN_BEDROCK,
 * else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN). The region is
 * AWS_REGION (or AWS_DEFAULT_REGION), us-east-1 when neither is set, as in fixtures/bedrock.
 */
const make =
  (model: string, config: Omit<bedrock.Config, "model" | "fetch" | "baseURL" | "region">) =>
  (ctx: ScenarioContext) =>
    bedrock.create({
      ...config,
      region: ctx.env.AWS_REGION ?? ctx.env.AWS_DEFAULT_REGION ?? "us-east-1",
      model: ctx.model ?? model,
      fetch: ctx.fetch,
      ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    });

/** The tool of pydantic-ai's Bedrock capture (fixtures/bedrock/thinking-tool-loop.json). */
const USER_COUNTRY: ToolSpec = {
  name: "get_user_country",
  description: "",
  parameters: { additionalProperties: false, properties: {}, type: "object" },
};

const loop = (stream: boolean): Scenario => ({
  description: `thinking (budget 1024) + a user-country tool, two turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: SONNET_3_7,
  create: make(SONNET_3_7, { thinking: { budgetTokens: 1024 } }),
  run: async (model) => {
    await toolLoop(model, {
      prompt: "What is the largest city in the user country?",
      tools: [USER_COUNTRY],
      answer: () => "Mexico",
      stream,
    });
  },
});

/** Scenarios recorded against Bedrock Converse / ConverseStream. */
export const bedrockScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
  "thinking-stream": {
    description: "thinking (budget 1024), a greeting, streamed",
    streaming: true,
    defaultModel: SONNET_4,
    create: make(SONNET_4, { thinking: { budgetTokens: 1024 } }),
    run: async (model) => {
      await model.stream({ messages: [{ role: "user", content: "Hello" }] }).response;
    },
  },
  "redacted-thinking-stream": {
    description: "redacted reasoning from Anthropic's test string, streamed",
    streaming: true,
    // Claude 3.7 Sonnet answers the test string with redactedContent (fixtures/bedrock).
    defaultModel: SONNET_3_7,
    create: make(SONNET_3_7, { thinking: { budgetTokens: 1024 } }),
    run: async (model) => {
      await model.stream({ messages: [{ role: "user", content: REDACTION_TRIGGER }] }).response;
    },
  },
  "adaptive-effort-stream": {
    description: "adaptive thinking, display summarized, effort medium, streamed",
    streaming: true,
    defaultModel: OPUS_4_6,
    create: make(OPUS_4_6, {
      maxTokens: 8000,
      thinking: { adaptive: true, display: "summarized" },
      effort: "medium",
    }),
    run: async (model) => {
      await model.stream({ messages: [{ role: "user", content: "Is 2027 prime?" }] }).response;
    },
  },
  "error-forced-tool": {
    description: "a 400 ValidationException: thinking with a forced tool choice",
    streaming: false,
    defaultModel: SONNET_4,
    create: make(SONNET_4, { thinking: { budgetTokens: 1024 } }),
    run: (model) =>
      expectError(() =>
        model.generate({
          messages: [{ role: "user", content: "Weather in Paris?" }],
          tools: [WEATHER],
          toolChoice: "required",
        }),
      ),
  },
};
