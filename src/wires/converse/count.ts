import { pickFields, readCount } from "../../kit/count.js";

/**
 * What `CountTokens` takes of a Converse body: `{ input: { converse: … } }` with the messages,
 * system blocks, `toolConfig` and `additionalModelRequestFields` (Bedrock API reference,
 * CountTokens and ConverseTokensRequest, checked 2026-12-01). `inferenceConfig` and
 * `outputConfig` are not among them. Bedrock counts for a foundation-model id; an inference
 * profile id (`us.anthropic.…`) is refused by the API.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CountTokens.html
 */
export const COUNT_FIELDS: readonly string[] = [
  "messages",
  "system",
  "toolConfig",
  "additionalModelRequestFields",
];

/** `POST /model/{modelId}/count-tokens`, beside `/converse`. */
export const countUrl = (baseURL: string, model: string) =>
  `${baseURL}/model/${encodeURIComponent(model)}/count-tokens`;

/** The generate body as CountTokens takes it. */
export const countBody = (body: object): object => ({
  input: { converse: pickFields(body, COUNT_FIELDS) },
});

/** `{ "inputTokens": n }` -> `{ inputTokens: n }`. */
export const countAnswer = (answer: unknown, provider: string) =>
  readCount(answer, "inputTokens", provider);
