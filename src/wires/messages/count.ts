import { pickFields, readCount } from "../../kit/count.js";

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

/**
 * The generate body as the count endpoint takes it. `thinking.block_binding` (the prefix
 * check's control, a beta of the Messages call) changes no input token and is left out.
 */
export function countBody(body: object): object {
  const picked = pickFields(body, COUNT_FIELDS) as { thinking?: Record<string, unknown> };
  if (picked.thinking && "block_binding" in picked.thinking) {
    const { block_binding: _, ...thinking } = picked.thinking;
    picked.thinking = thinking;
  }
  return picked;
}

/** `{ "input_tokens": n }` -> `{ inputTokens: n }`. */
export const countAnswer = (answer: unknown, provider: string) =>
  readCount(answer, "input_tokens", provider);
