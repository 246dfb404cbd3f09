// Azure answers in OpenAI's Chat Completions shapes: parsing is openai/response.ts and
// openai/stream.ts, whose `requestIdOf` also reads Azure's `apim-request-id`.
export { requestIdOf } from "../openai/response.js";
