/** Why `countTokens` rejects on Chat Completions, which has no count endpoint (a guess is no count). */
export const NO_CHAT_COUNT =
  'Chat Completions has no token-counting endpoint, and golem does not estimate; on OpenAI, a model created with api: "responses" counts (POST /responses/input_tokens)';
