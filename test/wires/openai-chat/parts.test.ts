/**
 * A Chat Completions message → parts, through parseResponse (one completion) and the stream
 * machine (the same fields as chat.completion.chunk deltas: reasoning, content, then each
 * call's id and name, then its arguments).
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
import { APIError } from "../../../src/core/errors.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponse } from "../../../src/wires/openai-chat/response.js";
import { createStreamState } from "../../../src/wires/openai-chat/stream.js";
import { type PartsRow, partsTable } from "../parts-table.js";

interface Call {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
type Message = Record<string, unknown> & { tool_calls?: Call[] };

const chunk = (delta: object, finish: string | null = null): SSERecord => ({
  data: JSON.stringify({
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish }],
  }),
  id: undefined,
  event: undefined,
});

/** The chunks that carry `message`: its reasoning and text fields, then its calls. */
function chunksOf({ tool_calls = [], ...fields }: Message): SSERecord[] {
  return [
    chunk({ role: "assistant", ...fields }),
    ...tool_calls.flatMap((c, index) => [
      chunk({
        tool_calls: [
          { index, id: c.id, type: "function", function: { name: c.function.name, arguments: "" } },
        ],
      }),
      ...(c.function.arguments
        ? [chunk({ tool_calls: [{ index, function: { arguments: c.function.arguments } }] })]
        : []),
    ]),
    chunk({}, tool_calls.length > 0 ? "tool_calls" : "stop"),
    { data: "[DONE]", id: undefined, event: undefined },
  ];
}

const call = (id: string, name: string, args: string): Call => ({
  id,
  type: "function",
  function: { name, arguments: args },
});
const BIG = '{"id": 123456789012345678901234567890,  "q" : "1009"}';

const ROWS: PartsRow<Message>[] = [
  {
    name: "reasoning_content as an unsigned thinking part tagged with the provider, then the text",
    blocks: [{ content: "Hi", reasoning_content: "The user greets me." }],
    parts: [
      { type: "thinking", text: "The user greets me.", provider: "azure" },
      { type: "text", text: "Hi" },
    ],
  },
  {
    name: "reasoning as vLLM and OpenRouter send it, as thinking",
    blocks: [{ content: null, reasoning: "Short thought." }],
    parts: [{ type: "thinking", text: "Short thought.", provider: "azure" }],
  },
  {
    name: "no part from empty reasoning or content",
    blocks: [{ content: "", reasoning_content: "" }],
    parts: [],
  },
  {
    name: "reasoning, then text, then the tool calls in order, arguments exactly as sent",
    blocks: [
      {
        content: "Looking it up.",
        reasoning_content: "Two lookups.",
        tool_calls: [call("call_a", "lookup", BIG), call("call_b", "now", "")],
      },
    ],
    parts: [
      { type: "thinking", text: "Two lookups.", provider: "azure" },
      { type: "text", text: "Looking it up." },
      { type: "tool-call", id: "call_a", name: "lookup", arguments: BIG },
      { type: "tool-call", id: "call_b", name: "now", arguments: "" },
    ],
  },
  {
    name: "reasoning_content preferred, never doubled, from a server that sends both",
    blocks: [{ content: null, reasoning_content: "a", reasoning: "a" }],
    parts: [{ type: "thinking", text: "a", provider: "azure" }],
  },
];

partsTable("openai-chat", ROWS, {
  response: ([message]) =>
    parseResponse(
      {
        choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
      },
      "azure",
    ).message.content,
  stream: ([message]) => {
    const machine = createStreamState((f) => new APIError(f), "req_1", "azure");
    for (const r of chunksOf(message ?? {})) machine.push(r);
    return machine.finish().message.content;
  },
});
