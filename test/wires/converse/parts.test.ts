/**
 * Converse content blocks → parts, through parseResponse (one Converse body) and the
 * ConverseStream machine (the same blocks as contentBlockStart/Delta/Stop events).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
import { APIError } from "../../../src/core/errors.js";
import type { Part } from "../../../src/core/types.js";
import type { EventStreamMessage } from "../../../src/transport/event-stream.js";
import { parseResponse } from "../../../src/wires/converse/response.js";
import { createStreamState } from "../../../src/wires/converse/stream.js";
import { eventMessage } from "../../providers/bedrock/frames.js";
import { type PartsRow, partsTable } from "../parts-table.js";

type Block = Record<string, unknown>;
type Fields = Record<string, unknown>;

const SIG = "EvYBCkgICxABGAIqQA9E+opaque/signature==";
const REDACTED = "RXRrRUNrZ0lCeEFCR0FJ";

const event = (type: string, index: number, body: object) =>
  eventMessage(type, { contentBlockIndex: index, ...body });

/** A block's start event, where it has one: a tool use's id and name, a tool result's ids. */
function start(block: Block, index: number): EventStreamMessage[] {
  const [kind, value] = Object.entries(block)[0] ?? [];
  if (kind !== "toolUse" && kind !== "toolResult") return [];
  const { input: _, content: __, ...head } = value as Fields;
  return [event("contentBlockStart", index, { start: { [kind]: head } })];
}

/** A block's delta events: reasoning text then signature, redacted bytes, text, tool input. */
function deltas(block: Block, index: number): EventStreamMessage[] {
  const d = (delta: object) => event("contentBlockDelta", index, { delta });
  const r = block.reasoningContent as
    | { reasoningText?: { text: string; signature?: string }; redactedContent?: string }
    | undefined;
  if (r?.redactedContent) return [d({ reasoningContent: { redactedContent: r.redactedContent } })];
  if (r?.reasoningText) {
    const { text, signature } = r.reasoningText;
    return [
      d({ reasoningContent: { text } }),
      ...(signature ? [d({ reasoningContent: { signature } })] : []),
    ];
  }
  if (typeof block.text === "string") return [d({ text: block.text })];
  if (block.toolUse) {
    const input = JSON.stringify((block.toolUse as Fields).input ?? {});
    return input === "{}" ? [] : [d({ toolUse: { input } })];
  }
  if (block.toolResult) return [d({ toolResult: (block.toolResult as Fields).content })];
  return [];
}

/** The ConverseStream events that carry `blocks`, one content block after another. */
function eventsOf(blocks: Block[]): EventStreamMessage[] {
  return [
    eventMessage("messageStart", { role: "assistant" }),
    ...blocks.flatMap((b, i) => [
      ...start(b, i),
      ...deltas(b, i),
      event("contentBlockStop", i, {}),
    ]),
    eventMessage("messageStop", { stopReason: "end_turn" }),
  ];
}

/**
 * Interleaved reasoning and tool use: whole, a tool use without input is {}; streamed, it has
 * no input deltas, so no input text.
 */
function interleaved(): PartsRow<Block> {
  const parts: Part[] = [
    { type: "thinking", text: "First the city.", signature: "s1", provider: "bedrock" },
    { type: "tool-call", id: "t1", name: "city", arguments: "{}" },
    { type: "thinking", text: "Then its weather.", signature: "s2", provider: "bedrock" },
    { type: "tool-call", id: "t2", name: "weather", arguments: '{"city":"Lima","days":[1,2]}' },
  ];
  return {
    name: "interleaved reasoning and tool use, in order",
    blocks: [
      { reasoningContent: { reasoningText: { text: "First the city.", signature: "s1" } } },
      { toolUse: { toolUseId: "t1", name: "city", input: {} } },
      { reasoningContent: { reasoningText: { text: "Then its weather.", signature: "s2" } } },
      { toolUse: { toolUseId: "t2", name: "weather", input: { city: "Lima", days: [1, 2] } } },
    ],
    parts,
    streamed: {
      why: 'a streamed tool use without input deltas has no input text: "" (sent back as {})',
      parts: parts.map((p) =>
        p.type === "tool-call" && p.id === "t1" ? { ...p, arguments: "" } : p,
      ),
    },
  };
}

const ROWS: PartsRow<Block>[] = [
  {
    name: "reasoning, redacted reasoning, texts and a tool use, each a part in its place",
    blocks: [
      { reasoningContent: { reasoningText: { text: "Count the r's...", signature: SIG } } },
      { reasoningContent: { redactedContent: REDACTED } },
      { text: "There are " },
      { text: "3." },
      { toolUse: { toolUseId: "tooluse_kZJM", name: "get_weather", input: { city: "Paris" } } },
    ],
    parts: [
      { type: "thinking", text: "Count the r's...", signature: SIG, provider: "bedrock" },
      { type: "thinking", redacted: REDACTED, provider: "bedrock" },
      { type: "text", text: "There are " },
      { type: "text", text: "3." },
      { type: "tool-call", id: "tooluse_kZJM", name: "get_weather", arguments: '{"city":"Paris"}' },
    ],
  },
  interleaved(),
  {
    name: "a built-in tool's call and result as provider parts, not as a tool call",
    // The Nova code interpreter exchange of docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html
    blocks: [
      {
        toolUse: {
          toolUseId: "tooluse_W",
          name: "nova_code_interpreter",
          type: "server_tool_use",
          input: { code: "numbers = [10, 24]\nsum(numbers) / len(numbers)" },
        },
      },
      {
        toolResult: {
          toolUseId: "tooluse_W",
          type: "nova_code_interpreter_result",
          status: "success",
          content: [{ text: '{"stdOut":"17.0","stdErr":"","exitCode":0,"isError":false}' }],
        },
      },
      { text: "The average is 17." },
    ],
    parts: [
      {
        type: "provider",
        provider: "bedrock",
        value: {
          toolUse: {
            toolUseId: "tooluse_W",
            name: "nova_code_interpreter",
            type: "server_tool_use",
            input: { code: "numbers = [10, 24]\nsum(numbers) / len(numbers)" },
          },
        },
      },
      {
        type: "provider",
        provider: "bedrock",
        value: {
          toolResult: {
            toolUseId: "tooluse_W",
            type: "nova_code_interpreter_result",
            status: "success",
            content: [{ text: '{"stdOut":"17.0","stdErr":"","exitCode":0,"isError":false}' }],
          },
        },
      },
      { type: "text", text: "The average is 17." },
    ],
  },
  {
    name: "a signature-only reasoning block (display omitted) kept; empty unsigned ones dropped",
    blocks: [
      { reasoningContent: { reasoningText: { text: "", signature: SIG } } },
      { reasoningContent: { reasoningText: { text: "" } } },
      { reasoningContent: { reasoningText: { text: "unsigned" } } },
      { text: "" },
      { text: "ok" },
    ],
    parts: [
      { type: "thinking", text: "", signature: SIG, provider: "bedrock" },
      { type: "thinking", text: "unsigned", provider: "bedrock" },
      { type: "text", text: "ok" },
    ],
  },
];

partsTable("converse", ROWS, {
  response: (blocks) =>
    parseResponse({
      output: { message: { role: "assistant", content: blocks } },
      stopReason: "end_turn",
      usage: { inputTokens: 1, outputTokens: 2 },
    }).message.content,
  stream: (blocks) => {
    const machine = createStreamState((f) => new APIError(f), "req-1");
    for (const e of eventsOf(blocks)) machine.push(e);
    return machine.finish().message.content;
  },
});
