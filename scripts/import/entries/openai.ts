import { addMissing, omit } from "../edits.js";
import type { Entry } from "../plan.js";
import { HEADERS, recorded } from "./common.js";

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
    interactions: recorded(
      3,
      HEADERS.openai,
      [omit("stream"), omit("tools.*.function.strict")],
      "json",
    ),
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

const FANTASY =
  "charmbracelet/fantasy at commit f6d4d1e3022229bd6e77717416336bf50e1693ad (Apache-2.0, " +
  "Copyright 2025-2026 Charmbracelet, Inc.)";
const PYDANTIC = "pydantic/pydantic-ai at commit 4fda38988f2939fa6ea9cdefcf120693e10ef491 (MIT)";
/** A tool-call-only assistant message: golem sends `content: null` (the recording omitted it). */
const NULL_CONTENT = addMissing("messages.*", "content", null, (m) => "tool_calls" in m);

/**
 * The servers' own captures (fixtures/reference/compat/), beside the loops written from their
 * docs: what each server accepted back, live.
 */
export const SERVERS: readonly Entry[] = [
  {
    provider: "openai",
    scenario: "llamacpp/captured-tool-loop",
    streaming: false,
    capture: { file: "compat/llama-cpp/thinking.yaml", format: "fantasy" },
    interactions: recorded(
      2,
      HEADERS.openai,
      [omit("tools.*.function.strict"), NULL_CONTENT],
      "json",
    ),
    source:
      "synthesized from a live capture: fixtures/reference/compat/llama-cpp/thinking.yaml, " +
      `copied from ${FANTASY} ` +
      "providertests/testdata/TestOpenAICompatibleThinking/llama-cpp-gpt-oss/thinking.yaml. " +
      "llama-server at localhost:8080, openai/gpt-oss-20b, reasoning_effort high: " +
      "reasoning_content and a weather call, then the call's turn sent back with its " +
      "reasoning_content and the tool result (200). Responses as recorded. Requests adjusted to " +
      "what golem builds: `strict: false` removed from the tool and the tool-call-only " +
      "assistant message given `content: null`; otherwise as recorded.",
  },
  {
    provider: "openai",
    scenario: "xai/captured-tool-loop",
    streaming: false,
    capture: { file: "compat/xai/thinking.yaml", format: "fantasy" },
    interactions: recorded(
      2,
      HEADERS.openai,
      [omit("tools.*.function.strict"), NULL_CONTENT],
      "json",
    ),
    source:
      "synthesized from a live capture: fixtures/reference/compat/xai/thinking.yaml, copied " +
      `from ${FANTASY} providertests/testdata/TestOpenAICompatibleThinking/xai-grok-3-mini/` +
      "thinking.yaml. api.x.ai, grok-3-mini, reasoning_effort high: reasoning_content and a " +
      "weather call, then the call's turn sent back with its reasoning_content (200, new " +
      "reasoning). Responses as recorded. Requests adjusted to what golem builds: `strict: " +
      "false` removed from the tool and the tool-call-only assistant message (its content was " +
      '"") given `content: null`; otherwise as recorded.',
  },
  {
    provider: "openai",
    scenario: "zai/captured-tool-loop-stream",
    streaming: true,
    capture: { file: "compat/zai/thinking-streaming.yaml", format: "fantasy" },
    interactions: recorded(
      2,
      HEADERS.openai,
      [
        omit("tools.*.function.strict"),
        addMissing("", "thinking", { type: "enabled", clear_thinking: false }),
      ],
      "perEvent",
    ),
    source:
      "synthesized from a live capture: fixtures/reference/compat/zai/thinking-streaming.yaml, " +
      `copied from ${FANTASY} ` +
      "providertests/testdata/TestOpenAICompatibleThinking/zai-glm-4-7-flash/thinking-streaming.yaml. " +
      "Z.ai's coding endpoint, glm-4.7-flash, reasoning_effort high, streamed: " +
      "delta.reasoning_content, text and a weather call, then that turn sent back with its " +
      "reasoning_content (200). Responses as recorded, one chunk per event. Requests adjusted " +
      "to what golem builds: `strict: false` removed from the tool, and `thinking: { type: " +
      '"enabled", clear_thinking: false }` added, golem\'s ask for preserved thinking, which ' +
      "the recording did not send (the coding endpoint keeps it on by default, docs.z.ai); " +
      "otherwise as recorded.",
  },
  {
    provider: "openai",
    scenario: "groq/captured-think-tags",
    streaming: false,
    capture: { file: "compat/groq/test_groq_model_thinking_part.yaml", format: "pydantic" },
    // `n: 1`, unquoted in the YAML, reads as `false: 1` (YAML 1.1's `n` is false).
    interactions: recorded(
      2,
      HEADERS.openai,
      [omit("false"), omit("stream"), omit("reasoning_format")],
      "json",
    ),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/compat/groq/test_groq_model_thinking_part.yaml, copied from " +
      `${PYDANTIC} tests/models/cassettes/test_groq/test_groq_model_thinking_part.yaml. ` +
      "api.groq.com, deepseek-r1-distill-llama-70b: turn 1 (reasoning_format raw) answers " +
      "with <think>…</think> in content; turn 2 sends that answer back without the tags, as " +
      "golem does, and (reasoning_format parsed) gets message.reasoning (200). Responses as " +
      "recorded. Requests adjusted to what golem builds: `n`, `stream: false` and " +
      "`reasoning_format` removed (golem has no option for the format; the answers are what " +
      "raw and parsed gave); otherwise as recorded. pydantic-ai's serializer folds quotes and " +
      "applies NFKC, so texts may differ from Groq's bytes.",
  },
  {
    provider: "openai",
    scenario: "cerebras/captured-multiturn",
    streaming: false,
    capture: {
      file: "compat/cerebras/test_cerebras_thinking_part_survives_multiturn.yaml",
      format: "pydantic",
    },
    interactions: recorded(2, HEADERS.openai, [omit("stream")], "json"),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/compat/cerebras/test_cerebras_thinking_part_survives_multiturn.yaml, " +
      `copied from ${PYDANTIC} ` +
      "tests/models/cassettes/test_cerebras/test_cerebras_thinking_part_survives_multiturn.yaml. " +
      "api.cerebras.ai, gpt-oss-120b: message.reasoning, then the answer sent back with its " +
      "`reasoning` and a second question (200). Responses as recorded. Requests adjusted to " +
      "what golem builds: `stream: false` removed; otherwise as recorded.",
  },
];

/** Azure OpenAI cassettes made from reference captures. */
export const AZURE: readonly Entry[] = [
  {
    provider: "azure",
    scenario: "v1-tool-call",
    streaming: false,
    capture: { file: "azure/chat-completions/thinking.yaml", format: "fantasy" },
    interactions: recorded(
      2,
      HEADERS.azureKey,
      [omit("tools.*.function.strict"), NULL_CONTENT],
      "json",
    ),
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
