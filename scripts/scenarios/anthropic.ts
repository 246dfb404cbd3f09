import * as anthropic from "../../src/platforms/anthropic/index.js";
import {
  agentUpdatesLoop,
  approvalLoop,
  droppedTurn,
  fallbackTurn,
  lateInstructionLoop,
} from "./append-only.js";
import { cacheLoop } from "./cache-loop.js";
import { claudeThinkingLoop } from "./claude-platform.js";
import { mediaConversation } from "./media.js";
import {
  call,
  expectError,
  LOCAL_TIME,
  REPORT_REQUEST,
  toolLoop,
  WEATHER,
  weather,
} from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/** Anthropic's documented prompt that makes the model answer with redacted thinking. */
export const REDACTION_TRIGGER =
  "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253D5E2D82641AC0E52CC2876CB";

const make =
  (model: string, config: Omit<anthropic.Config, "model" | "fetch" | "baseURL">) =>
  (ctx: ScenarioContext) =>
    anthropic.create({
      ...config,
      model: ctx.model ?? model,
      fetch: ctx.fetch,
      ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    });

/** The thinking loop every Claude platform also records (fixtures/anthropic/thinking-tool-loop.json). */
const loop = (stream: boolean): Scenario =>
  claudeThinkingLoop(stream, (settings) => anthropic.create(settings));

/**
 * Adaptive thinking on Claude 4.6+ interleaves thinking with tool calls, so one turn can be
 * `[thinking, tool_use, thinking, tool_use]`; turn 2 must send those blocks back in that order
 * (fixtures/anthropic/interleaved-tool-loop.json is the synthesized stand-in for this capture).
 */
const interleaved = (stream: boolean): Scenario => ({
  description: `adaptive thinking + weather and local_time tools, interleaved in one turn${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-6",
  create: make("claude-sonnet-4-6", { maxTokens: 16000, thinking: { adaptive: true } }),
  run: async (model) => {
    await toolLoop(model, {
      prompt:
        "What's the weather and the local time in Florence, Italy? Call one tool, look at what you asked for, then call the other.",
      stream,
      tools: [WEATHER, LOCAL_TIME],
      answer: (call) => (call.name === "local_time" ? "14:05" : weather(call)),
    });
  },
});

const redacted = (stream: boolean): Scenario => ({
  description: `redacted thinking from Anthropic's test string${stream ? ", streamed" : ", then a replay turn"}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-5-20250929",
  create: make("claude-sonnet-4-5-20250929", { maxTokens: 4096, thinking: { budgetTokens: 1024 } }),
  run: async (model) => {
    const first = [{ role: "user" as const, content: REDACTION_TRIGGER }];
    if (stream) {
      await model.stream({ messages: first }).response;
      return;
    }
    const turn1 = await model.generate({ messages: first });
    await model.generate({
      messages: [...first, turn1.message, { role: "user", content: "What was that?" }],
    });
  },
});

const cached = (stream: boolean): Scenario => ({
  description: `cache: "auto", adaptive thinking, weather then local_time then the answer${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-6",
  create: make("claude-sonnet-4-6", {
    maxTokens: 16000,
    thinking: { adaptive: true },
    cache: "auto",
  }),
  run: (model) => cacheLoop(model, stream),
});

/** Structured output (`output_config.format`) beside effort, with adaptive thinking. */
const structured = (stream: boolean): Scenario => ({
  description: `structured output (a JSON schema), adaptive thinking, effort medium${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-6",
  create: make("claude-sonnet-4-6", {
    maxTokens: 16000,
    thinking: { adaptive: true },
    effort: "medium",
  }),
  run: async (model) => {
    await call(model, REPORT_REQUEST, stream);
  },
});

/** An image and a PDF in the prompt, then an image as a tool result (fixtures/anthropic/media*.json). */
const media = (stream: boolean): Scenario => ({
  description: `an image and a PDF in the prompt, then a tool result that is an image${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "claude-sonnet-4-6",
  create: make("claude-sonnet-4-6", { maxTokens: 1024 }),
  run: (model) => mediaConversation((req) => call(model, req, stream), true),
});

/** Scenarios recorded against the Anthropic Messages API. */
/** A model that binds thinking to its prefix (preserved thinking). */
const OPUS_55 = { maxTokens: 8000, thinking: { adaptive: true } } as const;

/**
 * `anthropic.capabilities()` for `asked`: one `GET /v1/models/{id}`, recorded for the rules'
 * metadata tests. Write it under `--out fixtures/models`, away from the chat cassettes.
 */
const metadata = (asked: string): Scenario => {
  let ctx: ScenarioContext | undefined;
  return {
    description: `anthropic.capabilities("${asked}"): the models API answer`,
    streaming: false,
    defaultModel: asked,
    create: (c) => {
      ctx = c;
      return make(asked, { maxTokens: 1 })(c);
    },
    run: async (model) => {
      await anthropic.capabilities(model.model, {
        ...(ctx?.fetch ? { fetch: ctx.fetch } : {}),
        ...(ctx?.baseURL ? { baseURL: ctx.baseURL } : {}),
      });
    },
  };
};

export const anthropicScenarios: Record<string, Scenario> = {
  "preserved-thinking-loop": {
    description:
      "a tool loop with a late instruction as a system message in place (preserved thinking)",
    streaming: false,
    defaultModel: "claude-opus-5-5",
    create: make("claude-opus-5-5", OPUS_55),
    run: (model) => lateInstructionLoop((req) => model.generate(req)),
  },
  "fallback-turn": {
    description:
      "a request the first model declines, answered by the server-side fallback, then a follow-up",
    streaming: false,
    defaultModel: "claude-fable-5-1",
    create: make("claude-fable-5-1", { ...OPUS_55, fallbacks: "default" }),
    run: (model) => fallbackTurn((req) => model.generate(req)),
  },
  "agent-updates": {
    description:
      "agents continue a bound history with a new instruction and tool, then a per-message effort change (append-only updates)",
    streaming: false,
    defaultModel: "claude-opus-5-5",
    create: make("claude-opus-5-5", OPUS_55),
    run: (model) => agentUpdatesLoop((req) => model.generate(req)),
  },
  "approval-tool-loop": {
    description:
      "a run paused for approval before its tool, resumed approved after a serialize/parse round trip (preserved thinking)",
    streaming: false,
    defaultModel: "claude-opus-5-5",
    create: make("claude-opus-5-5", OPUS_55),
    run: (model) => approvalLoop((req) => model.generate(req), true),
  },
  "drop-block": {
    description: "an unrecorded turn under a changed system prompt, prefixCheck drop (drop_block)",
    streaming: false,
    defaultModel: "claude-opus-5-5",
    create: make("claude-opus-5-5", { ...OPUS_55, prefixCheck: "drop" }),
    run: (model) => droppedTurn((req) => model.generate(req)),
  },
  "model-metadata": metadata("claude-sonnet-5-5"),
  "model-metadata-alias": metadata("claude-haiku-4-5"),
  "thinking-tool-loop": loop(false),
  "thinking-tool-loop-stream": loop(true),
  "interleaved-tool-loop": interleaved(false),
  "interleaved-tool-loop-stream": interleaved(true),
  "cache-tool-loop": cached(false),
  "cache-tool-loop-stream": cached(true),
  media: media(false),
  "media-stream": media(true),
  "redacted-thinking": redacted(false),
  "redacted-thinking-stream": redacted(true),
  "structured-output": structured(false),
  "structured-output-stream": structured(true),
  "adaptive-effort-stream": {
    description: "adaptive thinking, display omitted, effort low, streamed",
    streaming: true,
    defaultModel: "claude-opus-4-7",
    create: make("claude-opus-4-7", {
      maxTokens: 8000,
      thinking: { adaptive: true, display: "omitted" },
      effort: "low",
    }),
    run: async (model) => {
      await model.stream({ messages: [{ role: "user", content: "Is 2027 prime?" }] }).response;
    },
  },
  "error-forced-tool": {
    description: "a 400: thinking with a forced tool choice",
    streaming: false,
    defaultModel: "claude-sonnet-4-5-20250929",
    create: make("claude-sonnet-4-5-20250929", {
      maxTokens: 4096,
      thinking: { budgetTokens: 1024 },
    }),
    run: (model) =>
      expectError(() =>
        model.generate({
          messages: [{ role: "user", content: "Weather in Paris?" }],
          tools: [WEATHER],
          // golem refuses toolChoice "required" with thinking before any request; extraBody
          // (unchecked) still sends it, to record the API's own 400.
          extraBody: { tool_choice: { type: "any" } },
        }),
      ),
  },
};
