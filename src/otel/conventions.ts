/**
 * The OpenTelemetry GenAI semantic-convention names golem's spans use, spelled out here rather
 * than imported: `@opentelemetry/semantic-conventions` ships them only from its incubating
 * entry, and a constant is all golem needs. Checked against that package's 1.45 names and the
 * GenAI conventions (docs/adr/0016-model-middleware-and-tracing.md lists each with its source).
 * @see https://github.com/open-telemetry/semantic-conventions-genai/blob/main/docs/gen-ai/gen-ai-spans.md
 * @see https://github.com/open-telemetry/semantic-conventions-genai/blob/main/docs/gen-ai/gen-ai-agent-spans.md
 */
export const ATTR = {
  operation: "gen_ai.operation.name",
  provider: "gen_ai.provider.name",
  requestModel: "gen_ai.request.model",
  maxTokens: "gen_ai.request.max_tokens",
  temperature: "gen_ai.request.temperature",
  topP: "gen_ai.request.top_p",
  topK: "gen_ai.request.top_k",
  stopSequences: "gen_ai.request.stop_sequences",
  seed: "gen_ai.request.seed",
  stream: "gen_ai.request.stream",
  outputType: "gen_ai.output.type",
  finishReasons: "gen_ai.response.finish_reasons",
  responseId: "gen_ai.response.id",
  responseModel: "gen_ai.response.model",
  timeToFirstChunk: "gen_ai.response.time_to_first_chunk",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  reasoningTokens: "gen_ai.usage.reasoning.output_tokens",
  cacheReadTokens: "gen_ai.usage.cache_read.input_tokens",
  cacheWriteTokens: "gen_ai.usage.cache_creation.input_tokens",
  systemInstructions: "gen_ai.system_instructions",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolArguments: "gen_ai.tool.call.arguments",
  toolResult: "gen_ai.tool.call.result",
  errorType: "error.type",
} as const;

/** golem's own attributes and events, under `golem.` as the conventions ask of extensions. */
export const GOLEM = {
  timeToFirstThinking: "golem.response.time_to_first_thinking",
  timeToFirstText: "golem.response.time_to_first_text",
  step: "golem.agent.step",
  steps: "golem.agent.steps",
  refusal: "golem.refusal",
  cacheMiss: "golem.cache_miss",
  inputTransformation: "golem.input_transformation",
  serverHistorySent: "golem.server_history.sent",
  serverHistoryId: "golem.server_history.id",
  serverHistoryFallback: "golem.server_history.fallback",
  requestBytes: "golem.request.bytes",
} as const;

/** `gen_ai.operation.name` values. */
export const OPERATION = {
  chat: "chat",
  invokeAgent: "invoke_agent",
  executeTool: "execute_tool",
} as const;

/**
 * golem's provider tags as `gen_ai.provider.name` values; a tag not listed (an
 * OpenAI-compatible server's, say) is used as it is.
 */
const PROVIDER_NAMES: Record<string, string> = {
  anthropic: "anthropic",
  bedrock: "aws.bedrock",
  gemini: "gcp.gemini",
  vertex: "gcp.vertex_ai",
  openai: "openai",
  azure: "azure.ai.openai",
};

/** The `gen_ai.provider.name` of a golem provider tag. */
export function providerName(tag: string): string {
  return PROVIDER_NAMES[tag] ?? tag;
}

/**
 * Stop reasons that mean the provider refused or filtered the answer, as each sends them
 * (Anthropic `refusal`, OpenAI `content_filter`, Bedrock `content_filtered` and
 * `guardrail_intervened`, Gemini's safety finish reasons).
 */
const REFUSALS = new Set([
  "refusal",
  "content_filter",
  "content_filtered",
  "guardrail_intervened",
  "SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "IMAGE_SAFETY",
  "RECITATION",
]);

/** Whether a stop reason is a refusal (see {@link REFUSALS}). */
export function isRefusal(stopReason: string): boolean {
  return REFUSALS.has(stopReason);
}
