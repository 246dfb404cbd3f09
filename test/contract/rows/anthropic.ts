import { BETA_CONFIGS, BETA_RUNS } from "../../../scripts/scenarios/anthropic-betas.js";
import * as appendOnly from "../../../scripts/scenarios/append-only.js";
import { CACHE_PROMPT, CACHE_SYSTEM } from "../../../scripts/scenarios/cache-loop.js";
import { CLAUDE_SONNET_4, WEATHER_LOOP } from "../../../scripts/scenarios/loops.js";
import { LOCAL_TIME, REPORT_REQUEST } from "../../../scripts/scenarios/tool-loop.js";
import type { Message } from "../../../src/core/types.js";
import { andThen, conversation, loop, toolResults, user } from "../conversations.js";
import { firstUserText, mediaRun, type RowSpec, WEATHER, withStream } from "../table.js";
import { threadRows } from "./server-history.js";

export const SONNET_4 = CLAUDE_SONNET_4;
const SONNET_45 = {
  model: "claude-sonnet-4-5-20250929",
  maxTokens: 4096,
  thinking: { budgetTokens: 1024 },
};
/** The weather loop of the thinking-tool-loop cassettes (also replayed on Vertex). */
export const weatherLoop = conversation(WEATHER_LOOP);

/** The Gemini turn of foreign-thinking-400: its thinking is dropped, its call is sent. */
export const GEMINI_TURN: Message = {
  role: "assistant",
  content: [
    {
      type: "thinking",
      text: "Call the tool.",
      signature: "Q2lnZ2luZy1zaWduYXR1cmU=",
      provider: "gemini",
    },
    {
      type: "tool-call",
      id: "call_0",
      name: "weather",
      arguments: '{"location":"Florence, Italy"}',
      signature: "Q2lnZ2luZy1zaWduYXR1cmU=",
      provider: "gemini",
    },
  ],
};

const SONNET_46 = { model: "claude-sonnet-4-6", maxTokens: 16000, thinking: { adaptive: true } };

/** The second tool of the interleaved loop (also driven through the agent in test/agent/e2e). */
export { LOCAL_TIME };

const interleavedLoop = loop(
  { tools: [WEATHER, LOCAL_TIME] },
  [
    user(
      "What's the weather and the local time in Florence, Italy? Call one tool, look at what you asked for, then call the other.",
    ),
  ],
  toolResults("40 C", "14:05"),
);
const searchTurn = loop(
  {},
  [user("What's the weather in Paris today? Search the web.")],
  andThen("And tomorrow?"),
);

/** The prompt-cache loop: three steps, each thinking first (scripts/scenarios/cache-loop.ts). */
export const cacheLoop = loop(
  { system: CACHE_SYSTEM, tools: [WEATHER, LOCAL_TIME] },
  [user(CACHE_PROMPT)],
  toolResults("40 C"),
  toolResults("14:05"),
);

/** A model that binds thinking to its prefix (preserved thinking). */
const OPUS_55 = { model: "claude-opus-5-5", maxTokens: 8000, thinking: { adaptive: true } };

/** The append-only conversations, as the capture scenarios run them (docs/append-only.md). */
const lateInstructionLoop: RowSpec["run"] = (call) => appendOnly.lateInstructionLoop(call);
const droppedTurn: RowSpec["run"] = (call) => appendOnly.droppedTurn(call);
const agentUpdates: RowSpec["run"] = (call) => appendOnly.agentUpdatesLoop(call);
/** A run paused for approval, resumed approved in another agent after a serialize/parse round trip. */
const approvalLoop: RowSpec["run"] = (call) => appendOnly.approvalLoop(call, true);

/** Server-side compaction, triggered at the documented minimum. */
const COMPACTING = {
  ...SONNET_46,
  maxTokens: 4096,
  contextManagement: {
    edits: [{ type: "compact_20260112", trigger: { type: "input_tokens", value: 50000 } }],
  },
};
const tripLoop = loop(
  {},
  [user("Let's settle day three of the Florence trip.")],
  andThen("And the Wednesday dinner?"),
);

/** The betas of @anthropic-ai/sdk 1.17.0 golem sends, one cassette each (anthropic-betas.ts). */
const BETA_ROWS: Record<string, RowSpec> = Object.fromEntries(
  Object.entries(BETA_CONFIGS).map(([file, config]) => [
    file,
    { config, run: (call) => (BETA_RUNS[file] as (c: typeof call) => Promise<void>)(call) },
  ]),
);

export const ANTHROPIC: Record<string, RowSpec> = {
  ...BETA_ROWS,
  ...threadRows({ model: "claude-sonnet-4-6", maxTokens: 1024, serverHistory: true }),
  "preserved-thinking-loop": { config: OPUS_55, run: lateInstructionLoop },
  "drop-block": { config: { ...OPUS_55, prefixCheck: "drop" }, run: droppedTurn },
  "fallback-turn": {
    config: { ...OPUS_55, model: "claude-fable-5-1", fallbacks: "default" },
    run: (call) => appendOnly.fallbackTurn(call),
  },
  "agent-updates": { config: OPUS_55, run: agentUpdates },
  "approval-tool-loop": { config: OPUS_55, run: approvalLoop },
  ...withStream("compaction-turn", { config: COMPACTING, run: tripLoop }, { exact: true }),
  ...withStream(
    "cache-tool-loop",
    { config: { ...SONNET_46, cache: "auto" }, run: cacheLoop },
    { exact: true },
  ),
  ...withStream("media", {
    config: { model: "claude-sonnet-4-6", maxTokens: 1024 },
    run: mediaRun(true),
  }),
  ...withStream("structured-output", {
    config: { ...SONNET_46, effort: "medium" },
    run: (call) => call(REPORT_REQUEST),
  }),
  ...withStream("interleaved-tool-loop", { config: SONNET_46, run: interleavedLoop }),
  ...withStream(
    "server-tool-turn",
    { config: { ...SONNET_46, maxTokens: 8000 }, run: searchTurn },
    { exact: true },
  ),
  "text-thinking-text": {
    config: { ...SONNET_46, maxTokens: 8000 },
    run: loop(
      {},
      [user("Is 1001 prime? Tell me what you will check first.")],
      andThen("And 1003?"),
    ),
  },
  ...withStream("thinking-tool-loop", { config: SONNET_4, run: weatherLoop }),
  "redacted-thinking": {
    config: SONNET_45,
    run: (call, c) => loop({}, [user(firstUserText(c))], andThen("What was that?"))(call, c),
  },
  "redacted-thinking-stream": {
    config: SONNET_45,
    run: (call, c) => loop({}, [user(firstUserText(c))])(call, c),
  },
  "adaptive-effort-summarized": {
    config: {
      model: "claude-opus-5",
      maxTokens: 16000,
      thinking: { adaptive: true, display: "summarized" },
      effort: "high",
    },
    run: loop({}, [user("Find all roots of x^3 - 6x^2 + 11x - 6 and verify them.")]),
  },
  "adaptive-effort-omitted-stream": {
    config: {
      model: "claude-opus-4-7",
      maxTokens: 8000,
      thinking: { adaptive: true, display: "omitted" },
      effort: "low",
    },
    run: loop({}, [user("Is 2027 prime?")]),
  },
  "error-event-stream": {
    config: { model: "claude-sonnet-4-5", maxTokens: 4096, thinking: { budgetTokens: 2048 } },
    run: loop({}, [user("What is 925 / 5?")]),
    fails: true,
  },
  "foreign-thinking-400": {
    config: { model: "claude-sonnet-4-5", maxTokens: 4096, thinking: { budgetTokens: 2048 } },
    run: loop(
      {
        tools: [
          {
            ...WEATHER,
            parameters: {
              type: "object",
              properties: { location: { type: "string" } },
              required: ["location"],
            },
          },
        ],
      },
      [
        user("Weather in Florence?"),
        GEMINI_TURN,
        { role: "tool", toolCallId: "call_0", content: "40 C" },
      ],
    ),
    fails: true,
  },
};

/** The weather loop's two rows on a Claude platform; `stream` is what the streamed one changes. */
const weatherRows = (config: Record<string, unknown>, stream: Partial<RowSpec> = {}) =>
  withStream("thinking-tool-loop", { config, run: weatherLoop }, stream);

/** The same loop on Claude Platform on AWS: SigV4 (the registry's keys), then a workspace key. */
export const ANTHROPIC_AWS: Record<string, RowSpec> = weatherRows(SONNET_4, {
  config: { ...SONNET_4, apiKey: "aws-workspace-key-0123456789" },
});

/**
 * The same loop on Bedrock's Messages API: the runtime service with SigV4 (the registry's
 * keys) and an inference profile id, then Mantle with a Bedrock API key and a Mantle model id.
 */
export const ANTHROPIC_BEDROCK: Record<string, RowSpec> = weatherRows(
  { ...SONNET_4, model: "us.anthropic.claude-sonnet-4-20250514-v1:0" },
  {
    config: {
      ...SONNET_4,
      model: "anthropic.claude-sonnet-4-20250514",
      service: "mantle",
      apiKey: "bedrock-api-key-0123456789",
    },
  },
);

/** Claude in Microsoft Foundry: a resource key, and an Entra ID token for the streamed row. */
export const ANTHROPIC_FOUNDRY: Record<string, RowSpec> = weatherRows(SONNET_4, {
  config: { ...SONNET_4, token: async () => "entra-token-0123456789" },
});

/**
 * A deployment of the Messages wire (test/variants.ts `deploys`) with no rows of its own: the
 * weather loop it recorded, whole and streamed, with its first kind of credentials in the
 * registry (Claude Models on Google Cloud's Google token).
 */
export const MESSAGES_DEPLOYMENT: Record<string, RowSpec> = weatherRows(SONNET_4);
