import { readCount } from "../../kit/count.js";
import { modelPath } from "./request.js";

/**
 * `models.countTokens` takes the whole generate body as `generateContentRequest` (with the
 * model's name), so system instruction, tools, `generationConfig` and a cached content count
 * as they would in `generateContent` (Gemini API, models.countTokens, checked 2026-12-01).
 * @see https://ai.google.dev/api/tokens#method:-models.counttokens
 */
/** The generate body wrapped as the count endpoint takes it. */
export const countBody = (body: object, model: string): object => ({
  generateContentRequest: { model: modelPath(model), ...body },
});

/** `{ "totalTokens": n }` -> `{ inputTokens: n }`. */
export const countAnswer = (answer: unknown, provider: string) =>
  readCount(answer, "totalTokens", provider);
