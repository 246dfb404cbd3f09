import { addMissing, omit } from "../edits.js";
import type { Entry } from "../plan.js";
import { HEADERS } from "./common.js";

/** OpenAI-compatible cassettes (Chat Completions) made from reference captures. */
export const OPENAI: readonly Entry[] = [
  {
    provider: "openai",
    scenario: "deepseek-thinking-tool-loop",
    streaming: false,
    capture: {
      file: "openai-compatible/test_deepseek_deferred_capability_with_thinking.yaml",
      format: "pydantic",
    },
    interactions: [0, 1, 2].map((i) => ({
      request: {
        recorded: i,
        headers: HEADERS.openai,
        edits: [omit("stream"), omit("tools.*.function.strict")],
      },
      response: { recorded: i, shape: "json" },
    })),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/openai-compatible/test_deepseek_deferred_capability_with_thinking.yaml, " +
      "copied from pydantic/pydantic-ai " +
      "tests/models/cassettes/test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml " +
      "at commit 4fda38988f2939fa6ea9cdefcf120693e10ef491 (MIT). Three deepseek-reasoner " +
      "(deepseek-v4-flash) turns on https://api.deepseek.com/chat/completions; responses are " +
      "the recorded parsed_body, unchanged. Requests adjusted to what golem builds: `stream: " +
      "false` removed (golem omits `stream` when not streaming) and `strict` removed from each " +
      "tool (golem's ToolSpec has no strict flag); every message, every reasoning_content and " +
      "every tool schema is otherwise as recorded. Headers are golem's (authorization " +
      "redacted); response headers reduced to content-type. Note: pydantic-ai's serializer " +
      "applies NFKC and ASCII quote folding to strings, so texts may differ from the bytes " +
      "DeepSeek sent.",
  },
];

/** Azure OpenAI cassettes made from reference captures. */
export const AZURE: readonly Entry[] = [
  {
    provider: "azure",
    scenario: "v1-tool-call",
    streaming: false,
    capture: { file: "azure/chat-completions/thinking.yaml", format: "fantasy" },
    interactions: [0, 1].map((i) => ({
      request: {
        recorded: i,
        headers: HEADERS.azureKey,
        edits: [
          omit("tools.*.function.strict"),
          // golem sends `content: null` on an assistant message that only calls tools.
          addMissing("messages.*", "content", null, (m) => "tool_calls" in m),
        ],
      },
      response: { recorded: i, shape: "json" },
    })),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/azure/chat-completions/thinking.yaml, copied from " +
      "charmbracelet/fantasy " +
      "providertests/testdata/TestAzureThinking/azure-gpt-5-mini/thinking.yaml at commit " +
      "f6d4d1e3022229bd6e77717416336bf50e1693ad (Apache-2.0, Copyright 2025-2026 " +
      "Charmbracelet, Inc.). Azure OpenAI v1 endpoint, deployment gpt-5-mini, reasoning_effort " +
      "high: a weather tool call, then the replay with a tool message. Response bodies are the " +
      "recorded JSON, unchanged. Requests adjusted to what golem builds: `strict: false` " +
      "removed from the tool (golem's ToolSpec has no strict flag) and the tool-call-only " +
      "assistant message given `content: null` (the recording omitted content); otherwise as " +
      "recorded. Headers are golem's (api-key redacted); response headers as recorded " +
      "(content-type only).",
  },
];
