/**
 * Histories the request tests of more than one wire replay, each showing one rule of how a
 * history becomes a body; each wire's test asserts what its own wire makes of them.
 */
import type { Message, Part } from "../../src/core/types.js";

/** A signature with what a careless copy would lose: `+/=`, a non-ASCII byte, a trailing space. */
export const ODD_SIGNATURE = "EtYDCkYI+/=\u00e9 trailing space ";

/**
 * The user's question, then an assistant turn of every part a wire replays as its own, in an
 * order no wire may change: signed thinking with the whitespace its signature covers, a call,
 * redacted thinking, text, thinking that is only a signature, a call with no arguments at all;
 * then both calls' results, the second empty.
 */
export function ownPartsTurn(provider: string): Message[] {
  return [
    { role: "user", content: "Weather?" },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "  first, with spaces  \n", signature: ODD_SIGNATURE, provider },
        { type: "tool-call", id: "toolu_1", name: "weather", arguments: '{"location": "Paris"}' },
        { type: "thinking", redacted: "RXJj+/==", provider },
        { type: "text", text: "Let me check." },
        { type: "thinking", text: "", signature: "only-signature" },
        { type: "tool-call", id: "toolu_2", name: "weather", arguments: "" },
      ],
    },
    { role: "tool", toolCallId: "toolu_1", content: "18C" },
    { role: "tool", toolCallId: "toolu_2", content: "" },
  ];
}

/**
 * Two parallel calls, the second with no arguments at all, answered by a result and a failure
 * (as text parts), then the user's next question: a wire sends both results in one user
 * message, the question after them.
 */
export const PARALLEL_RESULTS: Message[] = [
  { role: "user", content: "Weather in Paris and Rome?" },
  {
    role: "assistant",
    content: [
      { type: "tool-call", id: "t1", name: "get_weather", arguments: '{"city":"Paris"}' },
      { type: "tool-call", id: "t2", name: "get_weather", arguments: "" },
    ],
  },
  { role: "tool", toolCallId: "t1", content: "18°C" },
  {
    role: "tool",
    toolCallId: "t2",
    content: [{ type: "text", text: "no such city" }],
    isError: true,
  },
  { role: "user", content: "And tomorrow?" },
];

/**
 * Messages with nothing a Claude wire (Messages, Converse) can send, between two that have:
 * foreign and unsigned thinking and another provider's part, empty text, no content at all.
 * The wire leaves them out and merges the neighbours (user "a" and "b", assistant "first" and
 * "second"), never sending an empty message or a blank text block.
 */
export const NOTHING_TO_SEND: Message[] = [
  { role: "user", content: "a" },
  {
    role: "assistant",
    content: [
      { type: "thinking", text: "foreign", signature: "s", provider: "gemini" },
      { type: "thinking", text: "unsigned" },
      { type: "provider", provider: "openai", value: { type: "reasoning" } },
    ],
  },
  { role: "user", content: "" },
  { role: "user", content: [{ type: "text", text: "" }] },
  { role: "user", content: [{ type: "text", text: "b" }] },
  { role: "assistant", content: [] },
  { role: "assistant", content: [{ type: "text", text: "" }] },
  { role: "assistant", content: "first" },
  { role: "assistant", content: [{ type: "text", text: "second" }] },
];

/**
 * A tool turn of `provider`: the user's `question`, signed thinking and a call of the weather
 * tool, its answer. The SDK-type checks end it with a late system message of their wire's.
 */
export function toolTurn(provider: string, question: string): Message[] {
  return [
    { role: "user", content: question },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "Check the weather.", signature: "c2ln", provider },
        { type: "tool-call", id: "toolu_1", name: "weather", arguments: '{"place":"Florence"}' },
      ],
    },
    { role: "tool", toolCallId: "toolu_1", content: "40 C" },
  ];
}

/**
 * An assistant turn of `own` parts amid the evidence of `other`, another provider: its signed
 * and its redacted thinking and a part of its own (which a wire leaves out), then text carrying
 * its signature or phase and a call carrying its signature (which a wire sends as plain text and
 * a plain call, "Done. Really." and `f` with `{}`). `own` holds what the wire's test adds.
 */
export function amidForeignEvidence(other: string, own: Part[]): Message {
  return {
    role: "assistant",
    content: [
      { type: "thinking", text: `${other}'s thought`, signature: "Zm9yZWlnbg==", provider: other },
      { type: "thinking", redacted: "ZW5jcnlwdGVk", provider: other },
      { type: "provider", provider: other, value: { type: "server_tool_use", id: "x" } },
      ...own,
      { type: "text", text: "Done.", signature: "Zm9yZWlnbg==", provider: other },
      { type: "text", text: " Really.", phase: "final_answer", provider: other },
      {
        type: "tool-call",
        id: "call_1",
        name: "f",
        arguments: "{}",
        signature: "Zm9yZWlnbg==",
        provider: other,
      },
    ],
  };
}

/**
 * The user's word, then text and a call whose `args` a wire may refuse (not JSON, or not the
 * object its wire needs): the refusal names message 1, part 1.
 */
export function callWithArguments(args: string): Message[] {
  return [
    { role: "user", content: "Go" },
    {
      role: "assistant",
      content: [
        { type: "text", text: "x" },
        { type: "tool-call", id: "c", name: "f", arguments: args },
      ],
    },
  ];
}
