import { toolCallsOf } from "../../src/core/parts.js";
import type { Message, Model, ToolSpec } from "../../src/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import { REDACTION_TRIGGER } from "./anthropic.js";
import { toolChangesLoop } from "./append-only.js";
import { cacheLoop } from "./cache-loop.js";
import { citedConversation } from "./citations.js";
import { COUNTRY_LOOP } from "./loops.js";
import { mediaConversation } from "./media.js";
import { call, conversationLoop, expectError, REPORT_REQUEST, WEATHER } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

const SONNET_4 = "us.anthropic.claude-sonnet-4-20250514-v1:0";
const SONNET_3_7 = "us.anthropic.claude-3-7-sonnet-20250219-v1:0";
const OPUS_4_6 = "us.anthropic.claude-opus-4-6-v1";
const SONNET_4_6 = "us.anthropic.claude-sonnet-4-6";
const SONNET_4_5 = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
/** Binds reasoning to its prefix and takes mid-conversation system messages. */
const OPUS_5_5 = "us.anthropic.claude-opus-5-5-v1";

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

const loop = (stream: boolean): Scenario => ({
  description: `thinking (budget 1024) + a user-country tool, two turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: SONNET_3_7,
  create: make(SONNET_3_7, { thinking: { budgetTokens: 1024 } }),
  run: async (model) => {
    await conversationLoop(model, COUNTRY_LOOP, { stream });
  },
});

/** The prompt-cache loop (scripts/scenarios/cache-loop.ts) with `cache: "auto"`. */
const cached = (stream: boolean): Scenario => ({
  description: `cache: "auto" (cachePoint blocks), adaptive thinking, weather then local_time then the answer${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: OPUS_4_6,
  create: make(OPUS_4_6, { maxTokens: 8000, thinking: { adaptive: true }, cache: "auto" }),
  run: (model) => cacheLoop(model, stream),
});

/** The second tool of the interleaved turn. */
export const LOCAL_TIME: ToolSpec = {
  name: "local_time",
  description: "Get the local time in a city",
  parameters: {
    properties: { city: { description: "the city", type: "string" } },
    required: ["city"],
    type: "object",
  },
};

/** What the interleaved turn's tools answer; fixed, so captures are repeatable. */
export function interleavedAnswer(name: string): string {
  return name === "weather" ? "40 C" : "14:05";
}

/**
 * Claude 4.6 with adaptive thinking reasons between tool calls (interleaved): turn 1 is
 * `[reasoning, toolUse, reasoning, toolUse]`, and turn 2 sends it back in that order with
 * both results in one user message.
 */
const interleaved = (stream: boolean): Scenario => ({
  description: `adaptive thinking, two tools, reasoning between the calls, two turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: OPUS_4_6,
  create: make(OPUS_4_6, { maxTokens: 8000, thinking: { adaptive: true } }),
  run: async (model: Model) => {
    const tools = [WEATHER, LOCAL_TIME];
    const messages: Message[] = [
      {
        role: "user",
        content:
          "What's the weather in Florence, Italy, and what time is it there? Use both tools, and think between the calls.",
      },
    ];
    const turn1 = await call(model, { tools, messages: [...messages] }, stream);
    messages.push(turn1.message);
    for (const c of toolCallsOf(turn1.message)) {
      messages.push({ role: "tool", toolCallId: c.id, content: interleavedAnswer(c.name) });
    }
    await call(model, { tools, messages }, stream);
  },
});

/** Redacted reasoning streamed, then sent back whole on a second turn. */
const redactedReplay: Scenario = {
  description: "redacted reasoning from Anthropic's test string, streamed, then a replay turn",
  streaming: true,
  defaultModel: SONNET_3_7,
  create: make(SONNET_3_7, { thinking: { budgetTokens: 1024 } }),
  run: async (model) => {
    const first: Message[] = [{ role: "user", content: REDACTION_TRIGGER }];
    const turn1 = await model.stream({ messages: first }).response;
    const next: Message[] = [...first, turn1.message, { role: "user", content: "What was that?" }];
    await model.stream({ messages: next }).response;
  },
};

/** Structured output (`outputConfig.textFormat`, the schema as JSON text) with adaptive thinking. */
const structured = (stream: boolean): Scenario => ({
  description: `structured output (a JSON schema), adaptive thinking${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: SONNET_4_6,
  create: make(SONNET_4_6, { maxTokens: 16000, thinking: { adaptive: true } }),
  run: async (model) => {
    await call(model, REPORT_REQUEST, stream);
  },
});

/** An image and a PDF in the prompt, then an image as a tool result (fixtures/bedrock/media*.json). */
const media = (stream: boolean): Scenario => ({
  description: `an image and a PDF in the prompt, then a tool result that is an image${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: SONNET_4,
  create: make(SONNET_4, { maxTokens: 1024 }),
  run: (model) => mediaConversation((req) => call(model, req, stream), true),
});

/** A note as a document the model may cite (`citations: true`), then a second turn. */
const cited = (stream: boolean): Scenario => ({
  description: `a plain-text document with citations enabled, a cited answer, then a second turn${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: SONNET_4_5,
  create: make(SONNET_4_5, { maxTokens: 1024, citations: true }),
  run: (model) => citedConversation((req) => call(model, req, stream)),
});

/** Scenarios recorded against Bedrock Converse / ConverseStream. */
export const bedrockScenarios: Record<string, Scenario> = {
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
  "cache-tool-loop": cached(false),
  "cache-tool-loop-stream": cached(true),
  "interleaved-tool-loop": interleaved(false),
  "interleaved-tool-loop-stream": interleaved(true),
  media: media(false),
  "media-stream": media(true),
  citations: cited(false),
  "citations-stream": cited(true),
  "redacted-split-stream": redactedReplay,
  "tool-changes-loop": {
    description:
      "Converse's append-only form on Claude Opus 5.5: a system message takes local_time away, a late one adds it back (toolRemoval / toolAddition by name), three turns",
    streaming: false,
    defaultModel: OPUS_5_5,
    create: make(OPUS_5_5, { maxTokens: 8000, thinking: { adaptive: true } }),
    run: (model) => toolChangesLoop((req) => model.generate(req)),
  },
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
  "structured-output": structured(false),
  "structured-output-stream": structured(true),
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
          // golem refuses toolChoice "required" with thinking before any request; extraBody
          // (unchecked) still sends it, to record Bedrock's own 400.
          extraBody: { toolConfig: { toolChoice: { any: {} } } },
        }),
      ),
  },
};
