/** A Messages API answer from a model that binds thinking to its prefix, for the prefix tests. */
export const answer = (content: unknown[], stop = "end_turn") => ({
  id: "msg",
  type: "message",
  role: "assistant",
  model: "claude-opus-5-5",
  content,
  stop_reason: stop,
  usage: { input_tokens: 10, output_tokens: 5 },
});
