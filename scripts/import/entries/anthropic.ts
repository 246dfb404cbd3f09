import { omit } from "../edits.js";
import type { Entry, InteractionPlan } from "../plan.js";
import { HEADERS, withoutQuery } from "./common.js";

const FANTASY_LOOP = {
  file: "anthropic/thinking-streaming.yaml",
  format: "fantasy",
} as const;

/** fantasy's turns with golem's headers and without fantasy's default tool_choice. */
const fantasyTurn = (i: number, streamed: boolean): InteractionPlan => ({
  request: {
    recorded: i,
    headers: HEADERS.anthropic,
    edits: streamed ? [omit("tool_choice")] : [omit("tool_choice"), omit("stream")],
  },
  response: streamed
    ? { recorded: i, shape: "perEvent" }
    : { recorded: i, shape: "anthropicMessage", headers: { "content-type": "application/json" } },
});

/** pydantic-ai's turns: golem sends neither `?beta=true` nor `stream: false`. */
const pydanticTurn = (i: number, streamed: boolean): InteractionPlan => ({
  request: {
    recorded: i,
    headers: HEADERS.anthropic,
    url: withoutQuery,
    edits: streamed ? [] : [omit("stream")],
  },
  response: { recorded: i, shape: streamed ? "perEvent" : "json" },
});

/** Anthropic cassettes made from reference captures. */
export const ANTHROPIC: readonly Entry[] = [
  {
    provider: "anthropic",
    scenario: "thinking-tool-loop-stream",
    streaming: true,
    capture: FANTASY_LOOP,
    interactions: [fantasyTurn(0, true), fantasyTurn(1, true)],
    source:
      "synthesized from a live capture: " +
      "charmbracelet/fantasy@f6d4d1e3022229bd6e77717416336bf50e1693ad " +
      "providertests/testdata/TestAnthropicThinking/claude-sonnet-4/thinking-streaming.yaml " +
      "(Apache-2.0, Copyright 2025-2026 Charmbracelet, Inc.). Response bodies are the recorded " +
      "SSE bytes, split into one chunk per event (the capture does not keep network chunk " +
      "boundaries). Requests: the recorded JSON minus fantasy's tool_choice {type:auto, " +
      "disable_parallel_tool_use:false}, which golem does not send unless asked; headers are " +
      "golem's. Turn 2 is a verified replay (the provider answered 200).",
  },
  {
    provider: "anthropic",
    scenario: "thinking-tool-loop",
    streaming: false,
    capture: FANTASY_LOOP,
    interactions: [fantasyTurn(0, false), fantasyTurn(1, false)],
    source:
      "synthesized from a live capture: the streamed exchange of " +
      "charmbracelet/fantasy@f6d4d1e3022229bd6e77717416336bf50e1693ad " +
      "providertests/testdata/TestAnthropicThinking/claude-sonnet-4/thinking-streaming.yaml " +
      "(Apache-2.0, Copyright 2025-2026 Charmbracelet, Inc.; also " +
      "fixtures/anthropic/thinking-tool-loop-stream.json), re-assembled into non-streamed " +
      "Messages responses (content blocks joined from their deltas, usage from message_delta) " +
      "and requests without stream:true. Thinking text and signatures are byte-identical to " +
      "the capture.",
  },
  {
    provider: "anthropic",
    scenario: "redacted-thinking",
    streaming: false,
    capture: {
      file: "anthropic/test_anthropic_model_thinking_part_redacted.yaml",
      format: "pydantic",
    },
    interactions: [pydanticTurn(0, false), pydanticTurn(1, false)],
    source:
      "synthesized from a live capture: " +
      "pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491 " +
      "tests/models/cassettes/test_anthropic/test_anthropic_model_thinking_part_redacted.yaml " +
      "(MIT, Copyright (c) Pydantic Services Inc. 2024 to present). Response bodies as " +
      "recorded (pydantic's serializer NFKC-normalizes strings; the redacted payloads are " +
      "base64 and unaffected). Requests: the recorded JSON minus pydantic's stream:false and " +
      "?beta=true, which golem does not send; headers are golem's. Turn 2 replays turn 1's " +
      "redacted_thinking block and was answered 200.",
  },
  {
    provider: "anthropic",
    scenario: "redacted-thinking-stream",
    streaming: true,
    capture: {
      file: "anthropic/test_anthropic_model_thinking_part_redacted_stream.yaml",
      format: "pydantic",
    },
    interactions: [pydanticTurn(0, true)],
    source:
      "synthesized from a live capture: " +
      "pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491 " +
      "tests/models/cassettes/test_anthropic/test_anthropic_model_thinking_part_redacted_stream.yaml " +
      "(MIT, Copyright (c) Pydantic Services Inc. 2024 to present). The response is the " +
      "recorded SSE text split into one chunk per event; the request is the recorded JSON " +
      "without ?beta=true; headers are golem's.",
  },
  {
    provider: "anthropic",
    scenario: "adaptive-effort-summarized",
    streaming: false,
    capture: { file: "anthropic/anthropic-claude-opus-5-reasoning-high.1.json", format: "vercel" },
    interactions: [
      {
        // Vercel stores no request: this is golem's for adaptive thinking, summarized, effort high.
        request: {
          written: {
            url: "https://api.anthropic.com/v1/messages",
            headers: HEADERS.anthropic,
            body: {
              model: "claude-opus-5",
              max_tokens: 16000,
              messages: [
                {
                  role: "user",
                  content: [
                    {
                      type: "text",
                      text: "Find all roots of x^3 - 6x^2 + 11x - 6 and verify them.",
                    },
                  ],
                },
              ],
              thinking: { type: "adaptive", display: "summarized" },
              output_config: { effort: "high" },
            },
          },
        },
        // Vercel keeps no response headers; the request id is written by hand.
        response: {
          recorded: 0,
          shape: "json",
          headers: {
            "content-type": "application/json",
            "request-id": "req_011CdMNhurHSJCxCC2NB7WYd",
          },
        },
      },
    ],
    source:
      "synthesized: the response body is vercel/ai@ed857f50f112e23930b0c2dd8d532cc8bebbc911 " +
      "packages/anthropic/src/__fixtures__/anthropic-claude-opus-5-reasoning-high.1.json " +
      "(Apache-2.0, Copyright 2023 Vercel, Inc.), a live claude-opus-5 answer with adaptive " +
      "thinking, display summarized, effort high. Upstream does not store the request; this " +
      "one is what golem builds for that configuration.",
  },
];
