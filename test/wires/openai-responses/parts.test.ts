/**
 * Responses API output items → parts, through parseResponsesResponse (one response) and the
 * stream machine (the same items as output_item.added, their part and text events, then
 * output_item.done, and response.completed).
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import { APIError } from "../../../src/core/errors.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponsesResponse } from "../../../src/wires/openai-responses/response.js";
import { createResponsesStreamState } from "../../../src/wires/openai-responses/stream.js";
import { type PartsRow, partsTable } from "../parts-table.js";
import { ARGS, CALL, PLAN, REASONING, summary } from "./items.js";

type Item = { type: string } & Record<string, unknown>;
type Text = { type: string; text?: string };

let sequence = 0;
/** One SSE record as OpenAI sends it: `event:` repeats the data's `type`. */
const ev = (type: string, fields: object = {}): SSERecord => ({
  event: type,
  data: JSON.stringify({ type, sequence_number: sequence++, ...fields }),
  id: undefined,
});

/** The events of one output item: added (empty), its pieces, done (whole). */
function eventsOf(item: Item, output_index: number): SSERecord[] {
  const at = { item_id: item.id ?? `item_${output_index}`, output_index };
  const pieces: SSERecord[] = [];
  let added: Item = item;
  if (item.type === "reasoning") {
    added = { ...item, summary: [] };
    (item.summary as Text[]).forEach((part, summary_index) => {
      const s = { ...at, summary_index };
      pieces.push(
        ev("response.reasoning_summary_part.added", { ...s, part: { ...part, text: "" } }),
        ev("response.reasoning_summary_text.delta", { ...s, delta: part.text }),
        ev("response.reasoning_summary_text.done", { ...s, text: part.text }),
        ev("response.reasoning_summary_part.done", { ...s, part }),
      );
    });
  } else if (item.type === "message") {
    added = { ...item, content: [] };
    (item.content as Text[]).forEach((part, content_index) => {
      const c = { ...at, content_index };
      pieces.push(
        ev("response.content_part.added", { ...c, part: { ...part, text: "" } }),
        ...(part.type === "output_text"
          ? [
              ev("response.output_text.delta", { ...c, delta: part.text }),
              ev("response.output_text.done", { ...c, text: part.text }),
            ]
          : []),
        ev("response.content_part.done", { ...c, part }),
      );
    });
  } else if (item.type === "function_call") {
    added = { ...item, arguments: "" };
    pieces.push(
      ev("response.function_call_arguments.delta", { ...at, delta: item.arguments }),
      ev("response.function_call_arguments.done", { ...at, arguments: item.arguments }),
    );
  }
  return [
    ev("response.output_item.added", { output_index, item: added }),
    ...pieces,
    ev("response.output_item.done", { output_index, item }),
  ];
}

/** A finished response of `output`. */
const response = (output: Item[]) => ({ id: "resp_1", status: "completed", output });

const text = (t: string) => ({ type: "output_text", text: t, annotations: [] });

const ROWS: PartsRow<Item>[] = [
  {
    name: "a signed thinking part per reasoning item and the call by call_id",
    blocks: [REASONING, CALL],
    parts: [
      { type: "thinking", text: PLAN, signature: "gAAAAB-enc1", provider: "azure-responses" },
      { type: "tool-call", id: "call_1", name: "calc", arguments: ARGS },
    ],
  },
  {
    name: "each output_text a text part with its item's phase, refusals skipped, other items whole",
    blocks: [
      { type: "web_search_call", id: "ws_1", status: "completed" },
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        phase: "commentary",
        content: [text("Checking. "), { type: "refusal", refusal: "no" }],
      },
      {
        id: "msg_2",
        type: "message",
        role: "assistant",
        content: [text("It is 38."), text(" Done.")],
      },
    ],
    parts: [
      {
        type: "provider",
        provider: "azure-responses",
        value: { type: "web_search_call", id: "ws_1", status: "completed" },
      },
      { type: "text", text: "Checking. ", phase: "commentary", provider: "azure-responses" },
      { type: "text", text: "It is 38." },
      { type: "text", text: " Done." },
    ],
  },
  {
    name: "several reasoning items in place among the other items, tagged with the Responses tag",
    blocks: [
      { id: "rs_1", type: "reasoning", summary: [], encrypted_content: "enc-1" },
      { id: "msg_1", type: "message", role: "assistant", content: [text("Hm.")] },
      { id: "rs_2", type: "reasoning", summary: summary("b"), encrypted_content: "enc-2" },
      { id: "fc_1", type: "function_call", call_id: "c", name: "f", arguments: "{}" },
    ],
    parts: [
      { type: "thinking", text: "", signature: "enc-1", provider: "azure-responses" },
      { type: "text", text: "Hm." },
      { type: "thinking", text: "b", signature: "enc-2", provider: "azure-responses" },
      { type: "tool-call", id: "c", name: "f", arguments: "{}" },
    ],
  },
  {
    name: "one thinking part per summary part, the first signed with encrypted_content",
    blocks: [
      {
        id: "rs_1",
        type: "reasoning",
        summary: summary("**One**\n\nA.", "**Two**\n\nB."),
        encrypted_content: "enc",
      },
    ],
    parts: [
      { type: "thinking", text: "**One**\n\nA.", signature: "enc", provider: "azure-responses" },
      { type: "thinking", text: "**Two**\n\nB.", provider: "azure-responses" },
    ],
  },
  {
    name: "nothing for a summary-less reasoning item without encrypted content",
    blocks: [{ id: "rs_1", type: "reasoning", summary: [], encrypted_content: null }],
    parts: [],
  },
  {
    name: "an unsigned thinking part for a summary without encrypted content",
    blocks: [{ id: "rs_1", type: "reasoning", summary: summary("t") }],
    parts: [{ type: "thinking", text: "t", provider: "azure-responses" }],
  },
  {
    name: "a built-in tool item or an unknown item whole, as the same object",
    blocks: [{ type: "mcp_call", id: "mcp_1", name: "f", arguments: "{}", output: "ok" }],
    parts: [
      {
        type: "provider",
        provider: "azure-responses",
        value: { type: "mcp_call", id: "mcp_1", name: "f", arguments: "{}", output: "ok" },
      },
    ],
  },
];

partsTable("openai-responses", ROWS, {
  response: (items) => parseResponsesResponse(response(items), "azure").message.content,
  stream: (items) => {
    const machine = createResponsesStreamState({
      provider: "azure",
      requestId: "req_1",
      toError: (fields) => new APIError(fields),
    });
    const events = [
      ev("response.created", { response: { id: "resp_1", status: "in_progress", output: [] } }),
      ...items.flatMap(eventsOf),
      ev("response.completed", { response: response(items) }),
    ];
    for (const e of events) machine.push(e);
    return machine.finish().message.content;
  },
});
