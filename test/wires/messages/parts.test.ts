/**
 * Messages API content blocks → parts, through parseResponse (one message) and the stream
 * machine (the same blocks as content_block_start/delta/stop events).
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming
 */
import { APIError } from "../../../src/core/errors.js";
import type { Part } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/wires/messages/response.js";
import { createStreamState } from "../../../src/wires/messages/stream.js";
import { answer, type Block, streamOf } from "../../providers/anthropic/answer.js";
import { SEARCH_RESULT, SEARCH_USE } from "../../providers/anthropic/blocks.js";
import { type PartsRow, partsTable } from "../parts-table.js";

/** A signed thinking part, tagged as Anthropic's. */
const signedThinking = (text: string, signature: string): Part => ({
  type: "thinking",
  text,
  signature,
  provider: "anthropic",
});

/** A whole message of `blocks`, as generate gets it. */
const message = (content: Block[]) => answer(content, "end_turn", { id: "msg_1", model: "claude" });

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
      signedThinking("Need the weather", "EqQB+/="),
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
      signedThinking("First Paris.", "sig-1"),
      { type: "tool-call", id: "toolu_a", name: "weather", arguments: '{"location":"Paris"}' },
      signedThinking("Now Rome.", "sig-2"),
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
      signedThinking("Hmm.", "sig"),
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
    parts: [signedThinking("", "sig")],
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
    for (const e of streamOf(message(blocks))) machine.push(e);
    return machine.finish().message.content;
  },
});
