// Azure answers in OpenAI's Chat Completions shapes: parsing is openai/response.ts and
// openai/stream.ts. Only where the request id sits differs.

/** The request id of an answer: `x-request-id`, else Azure API Management's `apim-request-id`. */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get("x-request-id") ?? headers.get("apim-request-id") ?? undefined;
}
