/** The matrix's cassettes as JSON modules, so bundles carry them and no runtime reads files. */
import anthropicCacheToolLoopStream from "../../fixtures/anthropic/cache-tool-loop-stream.json";
import anthropicMedia from "../../fixtures/anthropic/media.json";
import anthropicThinkingToolLoop from "../../fixtures/anthropic/thinking-tool-loop.json";
import anthropicThinkingToolLoopStream from "../../fixtures/anthropic/thinking-tool-loop-stream.json";
import anthropicAwsThinkingToolLoop from "../../fixtures/anthropic-aws/thinking-tool-loop.json";
import anthropicAwsThinkingToolLoopStream from "../../fixtures/anthropic-aws/thinking-tool-loop-stream.json";
import anthropicBedrockThinkingToolLoop from "../../fixtures/anthropic-bedrock/thinking-tool-loop.json";
import anthropicBedrockThinkingToolLoopStream from "../../fixtures/anthropic-bedrock/thinking-tool-loop-stream.json";
import anthropicFoundryThinkingToolLoopStream from "../../fixtures/anthropic-foundry/thinking-tool-loop-stream.json";
import anthropicGoogleCloudThinkingToolLoopStream from "../../fixtures/anthropic-google-cloud/thinking-tool-loop-stream.json";
import azureV1ToolCall from "../../fixtures/azure/v1-tool-call.json";
import azureV1ToolCallStream from "../../fixtures/azure/v1-tool-call-stream.json";
import bedrockThinkingToolLoop from "../../fixtures/bedrock/thinking-tool-loop.json";
import bedrockThinkingToolLoopStream from "../../fixtures/bedrock/thinking-tool-loop-stream.json";
import cohereThinkingToolLoop from "../../fixtures/cohere/thinking-tool-loop.json";
import cohereThinkingToolLoopStream from "../../fixtures/cohere/thinking-tool-loop-stream.json";
import geminiThinkingStreaming from "../../fixtures/gemini/thinking-streaming.json";
import geminiThinkingToolLoop from "../../fixtures/gemini/thinking-tool-loop.json";
import openaiDeepseekThinkingToolLoop from "../../fixtures/openai/deepseek-thinking-tool-loop.json";
import openaiDeepseekThinkingToolLoopStream from "../../fixtures/openai/deepseek-thinking-tool-loop-stream.json";
import openaiResponsesStructuredOutputStream from "../../fixtures/openai/responses-structured-output-stream.json";
import openaiResponsesThinkingToolLoop from "../../fixtures/openai/responses-thinking-tool-loop.json";
import openaiResponsesThinkingToolLoopStream from "../../fixtures/openai/responses-thinking-tool-loop-stream.json";
import vertexClaudeThinkingToolLoopStream from "../../fixtures/vertex/claude-thinking-tool-loop-stream.json";
import vertexGeminiThinkingToolLoop from "../../fixtures/vertex/gemini-thinking-tool-loop.json";
import type { CassetteSet } from "./scenarios.js";

/** Every cassette the matrix replays, by "<provider>/<scenario>". */
export const cassettes: CassetteSet = {
  "anthropic/thinking-tool-loop": anthropicThinkingToolLoop,
  "anthropic/thinking-tool-loop-stream": anthropicThinkingToolLoopStream,
  "bedrock/thinking-tool-loop": bedrockThinkingToolLoop,
  "bedrock/thinking-tool-loop-stream": bedrockThinkingToolLoopStream,
  "gemini/thinking-tool-loop": geminiThinkingToolLoop,
  "gemini/thinking-streaming": geminiThinkingStreaming,
  "openai/deepseek-thinking-tool-loop": openaiDeepseekThinkingToolLoop,
  "openai/deepseek-thinking-tool-loop-stream": openaiDeepseekThinkingToolLoopStream,
  "azure/v1-tool-call": azureV1ToolCall,
  "azure/v1-tool-call-stream": azureV1ToolCallStream,
  "openai/responses-thinking-tool-loop": openaiResponsesThinkingToolLoop,
  "openai/responses-thinking-tool-loop-stream": openaiResponsesThinkingToolLoopStream,
  "vertex/claude-thinking-tool-loop-stream": vertexClaudeThinkingToolLoopStream,
  "vertex/gemini-thinking-tool-loop": vertexGeminiThinkingToolLoop,
  "anthropic-aws/thinking-tool-loop": anthropicAwsThinkingToolLoop,
  "anthropic-aws/thinking-tool-loop-stream": anthropicAwsThinkingToolLoopStream,
  "anthropic-bedrock/thinking-tool-loop": anthropicBedrockThinkingToolLoop,
  "anthropic-bedrock/thinking-tool-loop-stream": anthropicBedrockThinkingToolLoopStream,
  "anthropic-foundry/thinking-tool-loop-stream": anthropicFoundryThinkingToolLoopStream,
  "anthropic-google-cloud/thinking-tool-loop-stream": anthropicGoogleCloudThinkingToolLoopStream,
  "cohere/thinking-tool-loop": cohereThinkingToolLoop,
  "cohere/thinking-tool-loop-stream": cohereThinkingToolLoopStream,
  "anthropic/media": anthropicMedia,
  "openai/responses-structured-output-stream": openaiResponsesStructuredOutputStream,
  "anthropic/cache-tool-loop-stream": anthropicCacheToolLoopStream,
};
