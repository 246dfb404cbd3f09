import { DEPLOYMENTS, deployed } from "../../test/variants.js";
import { SERVER_CASSETTE_NOTES } from "../synthesize-servers.js";

/**
 * Cassettes under fixtures/ that import-reference does not build, and why: written by hand
 * from documented wire formats, or derived from another cassette rather than from a capture
 * (their `source` says which).
 */
export const NOT_IMPORTED: Readonly<Record<string, string>> = {
  // A deployment's loops (test/variants.ts `deploys`), unless a line below says otherwise.
  ...Object.fromEntries(
    DEPLOYMENTS.flatMap((d) =>
      ["thinking-tool-loop", "thinking-tool-loop-stream"].map((file) => [
        `${d}/${file}.json`,
        `derived: fixtures/${deployed(d)}/${file}.json moved to golem/${d}'s URLs and auth`,
      ]),
    ),
  ),
  "open-responses/openapi.json":
    "not a cassette: the Open Responses request, response and event schemas (fixtures/open-responses/README.md)",
  "open-responses/compliance-cases.json":
    "not a cassette: the Open Responses compliance cases (fixtures/open-responses/README.md)",
  "openai/xai-responses-tool-loop.json":
    "synthesized from xAI's documented encrypted reasoning replay (placeholder encrypted content)",
  "openai/xai-responses-tool-loop-stream.json":
    "synthesized: the streamed form of xai-responses-tool-loop in the captured xAI stream's event shapes",
  "openai/xai-responses-reasoning-stream.json":
    "built from a vercel/ai xAI Responses capture (decoded events re-framed; the request is golem's)",
  "openai/lmstudio-responses-tool-loop.json":
    "built from a vercel/ai LM Studio Responses capture (turn 1) and a synthesized turn 2",
  "openai/lmstudio-responses-tool-loop-stream.json":
    "built from a vercel/ai LM Studio Responses capture (turn 1) and a synthesized turn 2",
  "openai/deepseek-responses-tool-loop.json":
    "built from a pydantic-ai DeepSeek /responses capture (responses; the requests are golem's)",
  "openai/deepseek-responses-tool-loop-stream.json":
    "synthesized: the streamed form of deepseek-responses-tool-loop in DeepSeek's captured stream shapes",
  "openai/bedrock-mantle-responses.json":
    "built from a pydantic-ai Bedrock mantle Responses capture (the response; the request is golem's)",
  "openai/vllm-responses-tool-loop-stream.json":
    "synthesized from vLLM's reasoning item input (vllm-project/vllm#28248)",
  "openai/ollama-responses-tool-loop-stream.json":
    "synthesized from Ollama's openai/responses.go stream converter",
  ...SERVER_CASSETTE_NOTES,
  "cohere/thinking-tool-loop.json":
    "synthesized from Cohere's Chat API v2 reference and reasoning tool-use notebook, recorded from the thinking-tool-loop scenario over hand-written answers",
  "cohere/thinking-tool-loop-stream.json":
    "synthesized: fixtures/cohere/thinking-tool-loop.json written out as Cohere v2 stream events",
  "bedrock/tool-changes-loop.json":
    "synthesized from Converse's documented append-only wire (placeholder signatures)",
  "anthropic/preserved-thinking-loop.json":
    "synthesized from the documented preserved-thinking wire (placeholder signatures)",
  "openai/responses-preserved-reasoning-loop.json":
    "synthesized from the documented keep-prefix-unchanged wire (placeholder encrypted content)",
  "openai/responses-explicit-cache-tool-loop.json":
    "synthesized from the documented prompt_cache_breakpoint wire (placeholder encrypted content and cache counts)",
  "openai/responses-append-only-updates.json":
    "synthesized from the documented append-only items (developer message, additional_tools, configuration_update)",
  "anthropic/thread-tool-loop.json":
    "synthesized by scripts/synthesize-server-history.ts: golem's requests, answers from the message-threads docs and SDK types",
  "anthropic/thread-not-found.json":
    "synthesized by scripts/synthesize-server-history.ts: golem's requests, answers from the message-threads docs and SDK types",
  "anthropic/thread-fingerprint-mismatch.json":
    "synthesized by scripts/synthesize-server-history.ts: golem's requests, answers from the message-threads docs and SDK types",
  "openai/responses-stored-tool-loop.json":
    "synthesized by scripts/synthesize-server-history.ts: golem's requests, answers from the conversation-state guide and SDK types",
  "openai/responses-previous-response-not-found.json":
    "synthesized by scripts/synthesize-server-history.ts: golem's requests, answers from the conversation-state guide and SDK types",
  "anthropic/fallback-turn.json":
    "synthesized from the documented fallback block, fallbacks option and usage iterations",
  "anthropic/agent-updates.json":
    "synthesized from the documented append-only forms (tool_addition, per-message effort), recorded from the agent-updates scenario over scripted answers (placeholder signatures)",
  "anthropic/approval-tool-loop.json":
    "synthesized: recorded from the approval-tool-loop scenario (a paused run resumed approved) over answers written from the documented wire (placeholder signatures)",
  "openai/responses-approval-tool-loop.json":
    "synthesized: recorded from the responses-approval-tool-loop scenario (a paused run resumed denied) over answers written from the documented wire (placeholder encrypted content)",
  "anthropic/drop-block.json":
    "synthesized from the documented drop_block control and input_transformations",
  "anthropic/thinking-display-updates.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (thinking.display updates), recorded from the thinking-display-updates scenario over scripted answers (placeholder signatures)",
  "anthropic/speed-fast.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (speed fast), recorded from the speed-fast scenario over scripted answers (placeholder signatures)",
  "anthropic/inference-geo.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (inference_geo), recorded from the inference-geo scenario over scripted answers (placeholder signatures)",
  "anthropic/compaction-summarize.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (compaction summarize and its signed block), recorded from the compaction-summarize scenario over scripted answers (placeholder signatures)",
  "anthropic/compaction-signed-replay.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (a signed compaction block with tool_changes sent back), recorded from the compaction-signed-replay scenario over scripted answers (placeholder signatures)",
  "anthropic/clear-at-system-message.json":
    "synthesized from @anthropic-ai/sdk 1.17.0's beta types (clear_at on a system message), recorded from the clear-at-system-message scenario over scripted answers (placeholder signatures)",
  "anthropic/media.json":
    "synthesized from the documented image and document blocks (fixtures/media/ bytes)",
  "anthropic/media-stream.json":
    "synthesized from the documented streaming wire format (fixtures/media/ bytes)",
  "bedrock/media.json":
    "synthesized from the documented Converse image and document blocks (fixtures/media/ bytes)",
  "bedrock/media-stream.json":
    "synthesized from the documented ConverseStream wire format, encoded as event-stream frames",
  "gemini/media.json":
    "synthesized from the documented inlineData and functionResponse.parts (made-up signature)",
  "gemini/media-stream.json":
    "synthesized from the documented streaming wire format (made-up signature)",
  "openai/chat-media.json":
    "synthesized from the documented Chat Completions image_url and file parts",
  "openai/chat-media-stream.json":
    "synthesized from the documented Chat Completions streaming wire format",
  "openai/responses-media.json":
    "synthesized from the documented input_image, input_file and function_call_output array",
  "openai/responses-media-stream.json":
    "synthesized from the documented Responses streaming wire format",
  "anthropic/interleaved-tool-loop.json":
    "synthesized from the documented wire format (interleaved thinking; made-up signatures)",
  "anthropic/interleaved-tool-loop-stream.json":
    "synthesized from the documented streaming wire format (made-up signatures)",
  "anthropic/server-tool-turn.json":
    "synthesized from the documented web search tool blocks (made-up signatures)",
  "anthropic/server-tool-turn-stream.json":
    "synthesized: fixtures/anthropic/server-tool-turn.json written out as an SSE stream",
  "anthropic/text-thinking-text.json":
    "synthesized from the documented wire format (made-up signature)",
  "anthropic/cache-tool-loop.json":
    "synthesized from the documented prompt-caching wire format (made-up usage and signatures)",
  "anthropic/cache-tool-loop-stream.json":
    "synthesized: fixtures/anthropic/cache-tool-loop.json written out as an SSE stream",
  "bedrock/cache-tool-loop.json":
    "synthesized from the documented Converse cachePoint wire format (made-up usage and signatures)",
  "bedrock/cache-tool-loop-stream.json":
    "derived from fixtures/bedrock/cache-tool-loop.json, encoded as event-stream frames",
  "bedrock/interleaved-tool-loop.json":
    "synthesized from the documented Converse wire format (made-up signatures)",
  "bedrock/interleaved-tool-loop-stream.json":
    "synthesized from the documented ConverseStream wire format, encoded as event-stream frames",
  "bedrock/redacted-split-stream.json":
    "synthesized: a redacted payload split over two deltas, encoded as event-stream frames",
  "gemini/code-execution.json": "synthesized from Google's documented code execution example",
  "gemini/middle-text-signature.json":
    "synthesized from the documented thought signature rules (made-up signature)",
  "gemini/middle-text-signature-stream.json":
    "synthesized: fixtures/gemini/middle-text-signature.json written out as an SSE stream",
  "anthropic/adaptive-effort-omitted-stream.json":
    "synthesized by hand from the documented wire format",
  "anthropic/error-event-stream.json": "synthesized by hand from the documented wire format",
  "anthropic/foreign-thinking-400.json":
    "synthesized by hand: golem's request and the error text quoted in the spec",
  "azure/v1-tool-call-stream.json":
    "derived from fixtures/azure/v1-tool-call.json, split into SSE at invented points",
  "bedrock/thinking-tool-loop-stream.json":
    "derived from fixtures/bedrock/thinking-tool-loop.json, re-encoded as event-stream frames",
  "gemini/missing-thought-signature.json":
    "synthesized by hand: golem's request and the error text quoted in the spec",
  "gemini/overloaded-retry.json": "synthesized by hand from the error bodies quoted in the spec",
  "gemini/long-decode.json":
    "synthesized by hand from Google's long-decode guide and @google/genai 3.6.1's types (no Gemini 4 capture yet)",
  "gemini/long-decode-stream.json":
    "synthesized: fixtures/gemini/long-decode.json written out as SSE streams, one per hop",
  "gemini/long-decode-hop-fails.json":
    "synthesized: the first hop of fixtures/gemini/long-decode.json, then a 503 on the second",
  "gemini/long-decode-hop-fails-stream.json":
    "synthesized: the first hop of fixtures/gemini/long-decode-stream.json, then a second hop broken by an error event",
  "openai/deepseek-thinking-tool-loop-stream.json":
    "derived from fixtures/openai/deepseek-thinking-tool-loop.json, split into SSE at invented points",
  "openai/tools-with-effort-400.json":
    "synthesized from documented wire formats (the error body reported upstream)",
  "openai/responses-text-stream.json":
    "derived from fixtures/openai/responses-modified-history.json, written out as an SSE stream",
  "openai/responses-thinking-tool-loop-stream.json":
    "derived from fixtures/openai/responses-thinking-tool-loop.json, written out as an SSE stream",
  "openai/responses-items-as-parts.json":
    "synthesized from the documented Responses wire format (made-up encrypted content)",
  "openai/responses-items-as-parts-stream.json":
    "synthesized: fixtures/openai/responses-items-as-parts.json written out as an SSE stream",
  "openai/openrouter-claude-tool-loop.json":
    "synthesized from OpenRouter's documented reasoning_details (made-up signature and data)",
  "openai/openrouter-claude-tool-loop-stream.json":
    "synthesized: fixtures/openai/openrouter-claude-tool-loop.json streamed, signature in its own last fragment",
  "openai/openrouter-split-fragments-stream.json":
    "derived from fixtures/openai/openrouter-claude-tool-loop-stream.json (signature and data each in two fragments)",
  "openai/openrouter-gemini-tool-loop-stream.json":
    "synthesized from OpenRouter's documented reasoning_details for Gemini (made-up thought signature)",
  "openai/vllm-reasoning-stream.json":
    "synthesized from vLLM's documented streamed `reasoning` field",
  "openai/dashscope-encrypted-content.json":
    "synthesized from DashScope's documented thinking summary and encrypted_content (made-up content)",
  "openai/dashscope-encrypted-content-stream.json":
    "synthesized: fixtures/openai/dashscope-encrypted-content.json streamed, encrypted_content in three pieces",
  "anthropic/structured-output.json":
    "synthesized from the documented structured-output wire format (made-up signature)",
  "anthropic/structured-output-stream.json":
    "synthesized from the documented structured-output wire format, as an SSE stream",
  "bedrock/structured-output.json":
    "synthesized from the documented Converse outputConfig.textFormat wire format",
  "bedrock/structured-output-stream.json":
    "synthesized from the documented ConverseStream wire format, encoded as event-stream frames",
  "gemini/structured-output.json":
    "synthesized from the documented responseJsonSchema wire format (made-up signature)",
  "gemini/structured-output-stream.json":
    "synthesized from the documented responseJsonSchema wire format, as an SSE stream",
  "openai/structured-output-chat.json":
    "synthesized from the documented response_format json_schema wire format",
  "openai/structured-output-chat-stream.json":
    "synthesized from the documented response_format json_schema wire format, as an SSE stream",
  "openai/responses-structured-output.json":
    "synthesized from the documented text.format json_schema wire format (made-up encrypted content)",
  "openai/responses-structured-output-stream.json":
    "synthesized from the documented text.format json_schema wire format, as an SSE stream",
  "vertex/gemini-long-decode.json":
    "synthesized: fixtures/gemini/long-decode.json moved to Vertex AI's v1beta1 URLs",
  "vertex/claude-thinking-tool-loop.json":
    "derived: fixtures/anthropic/thinking-tool-loop.json moved to Vertex's rawPredict URL and body",
  "vertex/claude-thinking-tool-loop-stream.json":
    "derived: fixtures/anthropic/thinking-tool-loop-stream.json moved to :streamRawPredict",
  "vertex/gemini-thinking-tool-loop.json":
    "derived: fixtures/gemini/thinking-tool-loop.json moved to Vertex's publishers/google URL",
  "vertex/gemini-thinking-tool-loop-stream.json":
    "derived: fixtures/gemini/thinking-streaming.json moved to Vertex's publishers/google URL",
  "anthropic-bedrock/thinking-tool-loop.json":
    "derived: fixtures/anthropic/thinking-tool-loop.json moved to Bedrock's Messages API (bedrock-runtime)",
  "anthropic-bedrock/thinking-tool-loop-stream.json":
    "derived: fixtures/anthropic/thinking-tool-loop-stream.json moved to Bedrock's Messages API (bedrock-mantle)",
  "vertex/gemini-partial-args-stream.json":
    "derived: fixtures/vertex/gemini-thinking-tool-loop-stream.json with the call streamed in partialArgs",
  "count/vertex/claude-count-tokens.json":
    "synthesized from the documented count-tokens:rawPredict wire format",
  "count/vertex/gemini-count-tokens.json":
    "synthesized from the documented Vertex countTokens wire format",
  "models/anthropic/model-metadata.json":
    "synthesized from the documented models API answer (GET /v1/models/{id})",
  "models/anthropic/model-metadata-alias.json":
    "synthesized from the documented models API answer (GET /v1/models/{id}), asked by alias",
  "models/gemini/model-metadata.json": "synthesized from the documented models.get answer",
  "count/anthropic/count-tokens.json": "synthesized from the documented count_tokens wire format",
  "count/openai/count-tokens.json": "synthesized from the documented input_tokens wire format",
  "count/gemini/count-tokens.json": "synthesized from the documented countTokens wire format",
  "count/bedrock/count-tokens.json": "synthesized from the documented CountTokens wire format",
  "models/gemini/model-metadata-no-thinking.json":
    "synthesized from the documented models.get answer (a model that does not think)",
  "bedrock/typed-tool-use.json":
    "synthesized from the documented Converse wire format, with the live `type: tool_use`",
  "bedrock/typed-tool-use-stream.json":
    "synthesized from the documented ConverseStream wire format, encoded as event-stream frames",
  "bedrock/citations.json":
    "synthesized from the documented Converse citationsContent block (a cited note)",
  "bedrock/citations-stream.json":
    "synthesized from the documented ConverseStream citation deltas, encoded as event-stream frames",
  "bedrock/split-signature-stream.json":
    "synthesized from the documented ConverseStream wire format (a signature in two deltas)",
  "openai/responses-reencrypted-stream.json":
    "derived from fixtures/openai/responses-thinking-tool-loop-stream.json (re-encrypted at completed)",
  "anthropic/compaction-turn.json":
    "synthesized from the documented compaction wire format (made-up summary and usage)",
  "anthropic/compaction-turn-stream.json":
    "synthesized: fixtures/anthropic/compaction-turn.json written out as an SSE stream",
  "openai/responses-empty-summary.json":
    "derived from fixtures/openai/responses-thinking-tool-loop.json (an empty reasoning summary)",
  "openai/openrouter-history-on-responses.json":
    "synthesized: an OpenRouter turn of openrouter-claude-tool-loop.json continued on Responses",
  "openai/structured-output-zod-chat.json":
    "synthesized from the documented response_format json_schema wire format (a zod schema)",
};

/** Files under fixtures/reference/ that no cassette is built from, and why. */
export const UNUSED_CAPTURES: Readonly<Record<string, string>> = {
  "README.md": "the provenance table and format notes, not a capture",
};
