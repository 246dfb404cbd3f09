/**
 * The Responses API answer the tests of the wire share: a reasoning summary, then a function
 * call (the abridged example of the API reference), with its usage.
 */

export const PLAN = "**Plan**\n\nAdd first, then multiply.";
export const ARGS = '{"a":12,"b":7,"op":"add"}';

/** A reasoning item's summary of `texts`, one summary_text part each. */
export const summary = (...texts: string[]) =>
  texts.map((text) => ({ type: "summary_text", text }));

/** A reasoning item `id` with one summary part, `text`, and its encrypted content. */
export const reasoningItem = (id: string, text: string, encrypted: string) => ({
  id,
  type: "reasoning",
  summary: summary(text),
  encrypted_content: encrypted,
});

/** A finished message item `id` of the answer: one output_text part, `text`, and its `phase` if given. */
export const messageItem = (id: string, text: string, phase?: string) => ({
  id,
  type: "message",
  role: "assistant",
  status: "completed",
  ...(phase === undefined ? {} : { phase }),
  content: [{ type: "output_text", text, annotations: [] }],
});

/** A reasoning item with one summary part and its encrypted content. */
export const REASONING = reasoningItem("rs_01", PLAN, "gAAAAB-enc1");

/** The function call that follows it. */
export const CALL = {
  id: "fc_01",
  type: "function_call",
  status: "completed",
  call_id: "call_1",
  name: "calc",
  arguments: ARGS,
};

export const USAGE = {
  input_tokens: 134,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 58,
  output_tokens_details: { reasoning_tokens: 30 },
  total_tokens: 192,
};
