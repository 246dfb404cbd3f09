/**
 * golem: reasoning models over plain fetch. The provider-neutral core (messages, thinking
 * blocks, history checks, errors) and the agent; adapters live in `golem/<provider>`.
 * @module
 */
export {
  APIError,
  type APIErrorFields,
  ConfigError,
  ConnectionError,
  GolemError,
  HistoryError,
  StreamError,
  TimeoutError,
} from "./core/errors.js";
export { parseHistory, serializeHistory } from "./core/history.js";
export {
  thinkingRedacted,
  thinkingSigned,
  thinkingText,
  validateThinkingBlock,
} from "./core/thinking.js";
export type {
  CallOptions,
  Delta,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
  Role,
  ThinkingBlock,
  ThinkingDelta,
  ToolCall,
  ToolCallDelta,
  ToolSpec,
  Usage,
} from "./core/types.js";
export { validateHistory } from "./core/validate.js";
