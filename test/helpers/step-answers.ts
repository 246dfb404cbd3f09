/**
 * Step `n`'s answer of a server-held tool loop, as each API sends it: a signed reasoning block
 * and one call of `tool` with `input`. Shared by the server-held step tests and the bench
 * (bench/server-history.ts), which sizes the reasoning with `thinking` and `seal`.
 */
export interface StepAnswer {
  tool: string;
  input: Record<string, unknown>;
  /** The reasoning text (Anthropic's thinking; a Responses summary, none when absent). */
  thinking?: string;
  /** Appended to the signature (`sig-n`) or encrypted content (`enc-n`). */
  seal?: string;
}

/** An Anthropic Messages answer (`"anthropic"`) or an OpenAI Responses one (`"openai"`). */
export function stepAnswer(api: "anthropic" | "openai", n: number, a: StepAnswer): object {
  const seal = a.seal ?? "";
  if (api === "openai") {
    return {
      id: `resp_${n}`,
      object: "response",
      status: "completed",
      model: "gpt-6.1",
      output: [
        {
          type: "reasoning",
          id: `rs_${n}`,
          summary: a.thinking === undefined ? [] : [{ type: "summary_text", text: a.thinking }],
          encrypted_content: `enc-${n}${seal}`,
        },
        {
          type: "function_call",
          call_id: `call_${n}`,
          name: a.tool,
          arguments: JSON.stringify(a.input),
        },
      ],
      usage: { input_tokens: 1, output_tokens: 1 },
    };
  }
  return {
    id: `msg_${n}`,
    type: "message",
    role: "assistant",
    model: "claude-opus-5-5",
    content: [
      { type: "thinking", thinking: a.thinking ?? `think ${n}`, signature: `sig-${n}${seal}` },
      { type: "tool_use", id: `call_${n}`, name: a.tool, input: a.input },
    ],
    stop_reason: "tool_use",
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}
