import { pickFields, readCount } from "../../transport/count.js";

/**
 * What `POST /v1/messages/count_tokens` takes of a Messages body (Anthropic API reference,
 * "Count tokens in a Message", and its beta for `context_management` and `mcp_servers`,
 * checked 2026-12-01): the input, the tools, thinking and `output_config`. It refuses
 * `max_tokens`, `stream`, `temperature`, `top_p`, `top_k`, `stop_sequences` and `metadata`,
 * which change no input token.
 * @see https://platform.claude.com/docs/en/api/messages/count_tokens
 */
export const COUNT_FIELDS: readonly string[] = [
  "model",
  "messages",
  "system",
  "tools",
  "tool_choice",
  "thinking",
  "output_config",
  "context_management",
  "mcp_servers",
  "cache_control",
  "speed",
];

/** The count endpoint, beside `/messages`. */
export const countUrl = (baseURL: string) => `${baseURL}/messages/count_tokens`;

/** The generate body as the count endpoint takes it. */
export const countBody = (body: object): object => pickFields(body, COUNT_FIELDS);

/** `{ "input_tokens": n }` -> `{ inputTokens: n }`. */
export const countAnswer = (answer: unknown, provider: string) =>
  readCount(answer, "input_tokens", provider);
