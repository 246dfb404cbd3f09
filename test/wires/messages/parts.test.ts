/**
 * Messages API content blocks → parts, through parseResponse (one message) and the stream
 * machine (the same blocks as content_block_start/delta/stop events).
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming
 */
import { APIError } from "../../../src/core/errors.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponse } from "../../../src/wires/messages/response.js";
import { createStreamState } from "../../../src/wires/messages/stream.js";
import { SEARCH_RESULT, SEARCH_USE } from "../../providers/anthropic/blocks.js";
import { type PartsRow, partsTable } from "../parts-table.js";

type Block = { type: string } & Record<string, unknown>;

const rec = (data: { type: string } & Record<string, unknown>): SSERecord => ({
  event: data.type,
  data: JSON.stringify(data),
});

/** A block's events: its start (empty where deltas carry it), its deltas, its stop. */
function eventsOf(block: Block, index: number): SSERecord[] {
  const delta = (d: object) => rec({ type: "content_block_delta", index, delta: d });
  const input = (value: unknown) => {
    const json = JSON.stringify(value ?? {});
    return json === "{}" ? [] : [delta({ type: "input_json_delta", partial_json: json })];
  };
  let begin: object = block;
  let deltas: SSERecord[] = [];
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
    deltas = input(block.input);
  }
  return [
    rec({ type: "content_block_start", index, content_block: begin }),
    ...deltas,
    rec({ type: "content_block_stop", index }),
  ];
}

/** A whole message of `blocks`, as generate gets it. */
const message = (content: Block[]) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude",
  content,
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 2 },
});

const ROWS: PartsRow<Block>[] = [
  {
    name: "thinking, redacted thinking, text and tool use, in their order, thinking tagged anthropic",
    blocks: [
      { type: "thinking", thinking: "Need the weather", signature: "EqQB+/=" },
      { type: "redacted_thinking", data: "EmwK==" },
      { type: "text", text: "Let me check." },
      { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
    ],
    parts: [
      { type: "thinking", text: "Need the weather", signature: "EqQB+/=", provider: "anthropic" },
      { type: "thinking", redacted: "EmwK==", provider: "anthropic" },
      { type: "text", text: "Let me check." },
      { type: "tool-call", id: "toolu_1", name: "get_weather", arguments: '{"city":"Paris"}' },
    ],
  },
  {
    name: "an interleaved turn [thinking, tool_use, thinking, tool_use], in that order",
    blocks: [
      { type: "thinking", thinking: "First Paris.", signature: "sig-1" },
      { type: "tool_use", id: "toolu_a", name: "weather", input: { location: "Paris" } },
      { type: "thinking", thinking: "Now Rome.", signature: "sig-2" },
      { type: "tool_use", id: "toolu_b", name: "weather", input: { location: "Rome" } },
    ],
    parts: [
      { type: "thinking", text: "First Paris.", signature: "sig-1", provider: "anthropic" },
      { type: "tool-call", id: "toolu_a", name: "weather", arguments: '{"location":"Paris"}' },
      { type: "thinking", text: "Now Rome.", signature: "sig-2", provider: "anthropic" },
      { type: "tool-call", id: "toolu_b", name: "weather", arguments: '{"location":"Rome"}' },
    ],
  },
  {
    name: "[text, thinking, text, text] as four parts: text blocks are not merged",
    blocks: [
      { type: "text", text: "Let me think. " },
      { type: "thinking", thinking: "Hmm.", signature: "sig" },
      { type: "text", text: "It is 4." },
      { type: "text", text: " Done." },
    ],
    parts: [
      { type: "text", text: "Let me think. " },
      { type: "thinking", text: "Hmm.", signature: "sig", provider: "anthropic" },
      { type: "text", text: "It is 4." },
      { type: "text", text: " Done." },
    ],
  },
  {
    name: "server tool blocks and unknown block types as provider parts, exactly as sent",
    blocks: [
      SEARCH_USE,
      SEARCH_RESULT,
      { type: "text", text: "Sunny." },
      { type: "brand_new_block", payload: [1, { x: null }] },
    ],
    parts: [
      { type: "provider", provider: "anthropic", value: SEARCH_USE },
      { type: "provider", provider: "anthropic", value: SEARCH_RESULT },
      { type: "text", text: "Sunny." },
      {
        type: "provider",
        provider: "anthropic",
        value: { type: "brand_new_block", payload: [1, { x: null }] },
      },
    ],
  },
  {
    name: "an empty thinking text kept where only the signature came (display omitted)",
    blocks: [{ type: "thinking", thinking: "", signature: "sig" }],
    parts: [{ type: "thinking", text: "", signature: "sig", provider: "anthropic" }],
  },
  {
    name: "no part for an empty unsigned thinking block or an empty text block",
    blocks: [
      { type: "thinking", thinking: "", signature: "" },
      { type: "text", text: "" },
      { type: "text", text: "hi" },
    ],
    parts: [{ type: "text", text: "hi" }],
  },
  {
    name: "a call without input",
    blocks: [{ type: "tool_use", id: "toolu_1", name: "weather", input: {} }],
    parts: [{ type: "tool-call", id: "toolu_1", name: "weather", arguments: "{}" }],
    streamed: {
      why: 'a streamed call whose input never arrived is "", which means {}',
      parts: [{ type: "tool-call", id: "toolu_1", name: "weather", arguments: "" }],
    },
  },
];

partsTable("messages", ROWS, {
  response: (blocks) => parseResponse(message(blocks)).message.content,
  stream: (blocks) => {
    const machine = createStreamState((f) => new APIError(f), "req_1");
    const events = [
      rec({ type: "message_start", message: { ...message([]), stop_reason: null } }),
      ...blocks.flatMap(eventsOf),
      rec({
        type: "message_delta",
        delta: { stop_reason: "end_turn" },
        usage: { output_tokens: 2 },
      }),
      rec({ type: "message_stop" }),
    ];
    for (const e of events) machine.push(e);
    return machine.finish().message.content;
  },
});
