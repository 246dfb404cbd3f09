/**
 * The Messages API betas of @anthropic-ai/sdk 1.17.0 golem sends as options or blocks: one
 * conversation and config each, shared by the capture scenarios (`npm run capture -- anthropic
 * thinking-display-updates`) and the contract rows that replay their synthesized cassettes
 * (fixtures/anthropic/<name>.json).
 */

import type { Message, ModelRequest, ModelResponse } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import type { Scenario, ScenarioContext } from "./types.js";

type Call = (req: ModelRequest) => Promise<ModelResponse>;
type Options = Omit<anthropic.Config, "model" | "fetch" | "baseURL" | "apiKey">;

const user = (content: string): Message => ({ role: "user", content });

/** One question, one answer. */
export const oneTurn = (call: Call) => call({ messages: [user("Is 2027 prime?")] }).then(() => {});

/**
 * A signed compaction block of compact-2026-09-04 as an earlier answer returned it (the SDK's
 * BetaCompactionBlock: summary, `signature`, and the compacted range's `tool_changes`, here a
 * tool of `tools` added and an MCP tool and toolset changed), sent back first, unchanged.
 */
export const SIGNED_COMPACTION = {
  type: "compaction",
  content: "Day one: Uffizi. Day two: Boboli. Bookings: Trattoria Mario, Wednesday 8 pm.",
  encrypted_content: null,
  signature: "RXN5bnRoZXNpemVkLWNvbXBhY3Rpb24tc2lnbmF0dXJl",
  tool_changes: [
    { type: "tool_addition", tool: { type: "tool_reference", name: "weather" } },
    {
      type: "tool_removal",
      tool: { type: "mcp_tool_reference", server_name: "maps", name: "route" },
    },
    { type: "tool_addition", tool: { type: "mcp_toolset_reference", server_name: "calendar" } },
  ],
};

/** The trip so far, to compact (no thinking: what compaction summarizes is the text). */
const TRIP: Message[] = [
  user("Plan day one in Florence."),
  { role: "assistant", content: [{ type: "text", text: "Day one: the Uffizi at 9." }] },
  user("Day two?"),
  { role: "assistant", content: [{ type: "text", text: "Day two: the Boboli Gardens." }] },
  user("Book dinner on Wednesday."),
  {
    role: "assistant",
    content: [{ type: "text", text: "Booked: Trattoria Mario, Wednesday 8 pm." }],
  },
  user("Summarize where we are."),
];

/** A compaction request: the trip so far, answered by one signed compaction block. */
export const compactTrip = (call: Call) => call({ messages: TRIP }).then(() => {});

/** The next request after a compaction: the signed block first, then a new question. */
export const afterCompaction = (call: Call) =>
  call({
    messages: [
      {
        role: "assistant",
        content: [{ type: "provider", provider: "anthropic", value: SIGNED_COMPACTION }],
      },
      user("And day three?"),
    ],
  }).then(() => {});

/**
 * An instruction for one turn only: a system message after the user's question with
 * `update.clearAt: "next_user_message"`; the next request sends it unchanged, in place, and the
 * API no longer shows its text.
 */
export async function oneTurnInstruction(call: Call): Promise<void> {
  const history: Message[] = [
    user("Plan day three in Florence."),
    {
      role: "system",
      content: "For this answer only, reply in French.",
      update: { clearAt: "next_user_message" },
    },
  ];
  const first = await call({ messages: [...history] });
  history.push(first.message, user("And the evening?"));
  await call({ messages: [...history] });
}

/** Each beta's model options, by cassette name (the contract rows' configs too). */
export const BETA_CONFIGS: Record<string, Options & { model: string }> = {
  "thinking-display-updates": {
    model: "claude-fable-5-2",
    maxTokens: 8000,
    thinking: { adaptive: true, display: "updates" },
  },
  "speed-fast": { model: "claude-opus-5-5", maxTokens: 4096, speed: "fast" },
  "inference-geo": { model: "claude-opus-5-5", maxTokens: 4096, inferenceGeo: "us" },
  "compaction-summarize": {
    model: "claude-fable-5-2",
    maxTokens: 8000,
    compaction: { type: "summarize", instructions: "Keep every booking." },
  },
  "compaction-signed-replay": { model: "claude-fable-5-2", maxTokens: 8000 },
  "clear-at-system-message": { model: "claude-fable-5-2", maxTokens: 8000 },
};

/** Each beta's conversation, by cassette name. */
export const BETA_RUNS: Record<string, (call: Call) => Promise<void>> = {
  "thinking-display-updates": oneTurn,
  "speed-fast": oneTurn,
  "inference-geo": oneTurn,
  "compaction-summarize": compactTrip,
  "compaction-signed-replay": afterCompaction,
  "clear-at-system-message": oneTurnInstruction,
};

const DESCRIPTIONS: Record<string, string> = {
  "thinking-display-updates":
    'thinking.display "updates" (beta thinking-display-updates-2026-08-18)',
  "speed-fast": 'speed "fast" (beta fast-mode-2026-02-01)',
  "inference-geo": 'inferenceGeo "us" (inference_geo)',
  "compaction-summarize":
    'compaction { type: "summarize" } with instructions (beta compact-2026-09-04): one signed compaction block',
  "compaction-signed-replay":
    "a signed compaction block with tool_changes sent back first (beta compact-2026-09-04)",
  "clear-at-system-message":
    'a system message with clearAt "next_user_message", then the next turn (beta mid-conversation-system-clear-at-2026-08-21)',
};

/** The capture scenarios, one per beta. */
export const anthropicBetaScenarios: Record<string, Scenario> = Object.fromEntries(
  Object.entries(BETA_CONFIGS).map(([name, { model, ...options }]) => [
    name,
    {
      description: DESCRIPTIONS[name] ?? name,
      streaming: false,
      defaultModel: model,
      create: (ctx: ScenarioContext) =>
        anthropic.create({
          ...options,
          model: ctx.model ?? model,
          fetch: ctx.fetch,
          ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
        }),
      run: (m) => (BETA_RUNS[name] as (call: Call) => Promise<void>)((req) => m.generate(req)),
    } satisfies Scenario,
  ]),
);
