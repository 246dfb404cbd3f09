/**
 * A Messages API answer as the tests of the wire make it, whole or as the SSE events that stream
 * the same message.
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming
 */

/** A content block of the Messages API. */
export type Block = { type: string } & Record<string, unknown>;

/**
 * A Messages API answer of `content`; by default from a model that binds thinking to its prefix
 * (for the prefix tests), `over` replacing any field.
 */
export const answer = (
  content: unknown[],
  stop: string | null = "end_turn",
  over: object = {},
) => ({
  id: "msg",
  type: "message",
  role: "assistant",
  model: "claude-opus-5-5",
  content,
  stop_reason: stop,
  usage: { input_tokens: 10, output_tokens: 5 },
  ...over,
});

/** One SSE event of the Messages stream: `event:` names the data's type. */
export const sseEvent = (data: { type: string } & Record<string, unknown>) => ({
  event: data.type,
  data: JSON.stringify(data),
});

/** A block's events: its start (empty where deltas carry it), its deltas, its stop. */
export function blockEvents(block: Block, index: number) {
  const delta = (d: object) => sseEvent({ type: "content_block_delta", index, delta: d });
  let begin: object = block;
  let deltas: ReturnType<typeof sseEvent>[] = [];
  if (block.type === "thinking") {
    begin = { type: "thinking", thinking: "", signature: "" };
    deltas = [
      ...(block.thinking ? [delta({ type: "thinking_delta", thinking: block.thinking })] : []),
      ...(block.signature ? [delta({ type: "signature_delta", signature: block.signature })] : []),
    ];
  } else if (block.type === "text") {
    begin = { type: "text", text: "" };
    deltas = block.text ? [delta({ type: "text_delta", text: block.text })] : [];
  } else if (block.type === "tool_use" || block.type === "server_tool_use") {
    begin = { ...block, input: {} };
    const json = JSON.stringify(block.input ?? {});
    deltas = json === "{}" ? [] : [delta({ type: "input_json_delta", partial_json: json })];
  }
  return [
    sseEvent({ type: "content_block_start", index, content_block: begin }),
    ...deltas,
    sseEvent({ type: "content_block_stop", index }),
  ];
}

/** The SSE events that stream `message` (as {@link answer} makes it), in order. */
export function streamOf(message: ReturnType<typeof answer>) {
  const { content, stop_reason, usage, ...start } = message;
  return [
    sseEvent({
      type: "message_start",
      message: { ...start, content: [], stop_reason: null, usage: { ...usage, output_tokens: 0 } },
    }),
    ...(content as Block[]).flatMap(blockEvents),
    sseEvent({
      type: "message_delta",
      delta: { stop_reason },
      usage: { output_tokens: usage.output_tokens },
    }),
    sseEvent({ type: "message_stop" }),
  ];
}

/** {@link streamOf} as the bytes of an SSE body. */
export const sseText = (message: ReturnType<typeof answer>) =>
  streamOf(message)
    .map((e) => `event: ${e.event}\ndata: ${e.data}\n\n`)
    .join("");
