import { pickFields, readCount } from "../../kit/count.js";

/**
 * What `POST /v1/responses/input_tokens` takes of a Responses body (OpenAI API reference,
 * "Get input token counts", checked 2026-12-01): the input, instructions, tools, reasoning and
 * `text` (the output format). It has no `stream`, `store`, `include`, `max_output_tokens`,
 * sampling or prompt-cache fields, which change no input token. Chat Completions has no count
 * endpoint.
 * @see https://developers.openai.com/api/reference/resources/responses/subresources/input_tokens/methods/count
 */
export const COUNT_FIELDS: readonly string[] = [
  "model",
  "input",
  "instructions",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "reasoning",
  "text",
  "truncation",
  "previous_response_id",
  "conversation",
];

/** The count endpoint, beside `/responses`. */
export const countUrl = (baseURL: string) => `${baseURL}/responses/input_tokens`;

/** The generate body as the count endpoint takes it. */
export const countBody = (body: object): object => pickFields(body, COUNT_FIELDS);

/** `{ "object": "response.input_tokens", "input_tokens": n }` -> `{ inputTokens: n }`. */
export const countAnswer = (answer: unknown, provider: string) =>
  readCount(answer, "input_tokens", provider);
