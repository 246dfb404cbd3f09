/**
 * golem: reasoning models over plain fetch. The provider-neutral core (messages, thinking
 * blocks, history checks, errors) and the agent; adapters live in `golem/<provider>`.
 * @module
 */

export { Agent, type AgentOptions } from "./agent/agent.js";
export type { ContextWindow } from "./agent/context.js";
export {
  ContextWindowError,
  MaxStepsError,
  RunError,
  type RunEvidence,
  runEvidenceOf,
} from "./agent/errors.js";
export {
  RUN_OBSERVER,
  type RunHooks,
  type RunObserver,
  type RunStart,
} from "./agent/observe.js";
export { OutputError } from "./agent/output.js";
export { pendingToolCalls, type ToolDecision, type ToolDecisions } from "./agent/pause.js";
export {
  dropOldThinking,
  type HistoryProcessor,
  keepLastTurns,
  type PrefixChangeOptions,
} from "./agent/processors.js";
export {
  type JSONToolDefinition,
  jsonTool,
  type NeedsApproval,
  type Tool,
  type ToolArgs,
  type ToolContext,
  type ToolDefinition,
  tool,
} from "./agent/tool.js";
export type {
  RunCheckpoint,
  RunEvent,
  RunOptions,
  RunResult,
  RunStream,
  RunStreamOptions,
  StepTransformation,
} from "./agent/types.js";
export type { CancelledStream } from "./core/cancel.js";
export {
  APIError,
  type APIErrorFields,
  AuthError,
  ConfigError,
  ConnectionError,
  GolemError,
  HistoryError,
  StreamError,
  TimeoutError,
} from "./core/errors.js";
export { parseHistory, serializeHistory } from "./core/history.js";
export {
  base64ToBytes,
  bytesToBase64,
  detectMediaType,
  filePart,
  imagePart,
} from "./core/media.js";
export {
  type CallHooks,
  type ModelCall,
  type ModelMiddleware,
  wrapModel,
} from "./core/middleware.js";
export { partsOf, textOf, thinkingOf, toolCallsOf } from "./core/parts.js";
export {
  thinkingRedacted,
  thinkingSigned,
  thinkingText,
  validateThinkingBlock,
} from "./core/thinking.js";
export type {
  CallOptions,
  CallSettings,
  ConversationUpdate,
  CountingModel,
  Delta,
  EffortLevel,
  FilePart,
  ImagePart,
  InputTransformation,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
  OutputSpec,
  Part,
  PrefixCheck,
  PrefixRecord,
  PrefixSetup,
  ProviderPart,
  Role,
  TextPart,
  ThinkingBlock,
  ThinkingPart,
  ToolCallPart,
  ToolSpec,
  Usage,
  UsageIteration,
} from "./core/types.js";
export { validateHistory } from "./core/validate.js";
