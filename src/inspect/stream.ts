/**
 * A streamed (SSE) response as the page shows it: the answer rebuilt from its events where
 * the wire sends the whole answer or its blocks in order (Messages' blocks and deltas,
 * Responses' `response.completed`, generateContent's chunks), and the usage it reported.
 * Converse's binary event stream and the Chat wires' deltas are not rebuilt: their answer
 * shows in the next request of the cassette.
 */
import type { Usage } from "../core/types.js";
import type { TurnView } from "./view.js";
import { answerTurn, wireTurn } from "./wire-parts.js";
import { usageOf } from "./wire-usage.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});

/** The JSON of each `data:` line of an SSE text, in order (other lines and non-JSON skipped). */
export function sseData(chunks: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const line of chunks.join("").split(/\r?\n/)) {
    if (!line.startsWith("data:")) continue;
    try {
      out.push(JSON.parse(line.slice(5).trim()));
    } catch {
      // `[DONE]` and the like.
    }
  }
  return out;
}

/** What a streamed response tells: its answer (when rebuilt), its usage and its model. */
export interface StreamedAnswer {
  turn?: TurnView;
  usage?: Usage;
  model?: string;
}

/** The answer and usage of a streamed response's events. */
export function streamedAnswer(
  events: readonly unknown[],
  index: number,
  provider: string,
): StreamedAnswer {
  const out: StreamedAnswer = {};
  const blocks: Rec[] = [];
  const geminiParts: Rec[] = [];
  let messages = false;
  let input: Rec = {};
  for (const e of events.map(rec)) {
    if (e.type === "response.completed") {
      const turn = answerTurn(e.response, index, provider);
      if (turn) out.turn = turn;
      const u = usageOf(rec(e.response).usage);
      if (u) out.usage = u;
      if (typeof rec(e.response).model === "string") out.model = rec(e.response).model as string;
    } else if (e.type === "message_start") {
      messages = true;
      const m = rec(e.message);
      input = rec(m.usage);
      if (typeof m.model === "string") out.model = m.model;
    } else if (e.type === "content_block_start") {
      blocks[Number(e.index)] = { ...rec(e.content_block) };
    } else if (e.type === "content_block_delta") {
      appendDelta(blocks[Number(e.index)], rec(e.delta));
    } else if (e.type === "message_delta") {
      const u = usageOf({ ...input, ...rec(e.usage) });
      if (u) out.usage = u;
    } else if (Array.isArray(e.candidates)) {
      const parts = rec(rec(e.candidates[0]).content).parts;
      if (Array.isArray(parts)) geminiParts.push(...parts.map(rec));
      const u = usageOf(e.usageMetadata);
      if (u) out.usage = u;
      if (typeof e.modelVersion === "string") out.model = e.modelVersion;
    }
  }
  if (messages) {
    for (const b of blocks) {
      if (b?.type === "tool_use" && typeof b.partial_json === "string") {
        b.input = b.partial_json === "" ? {} : tryJSON(b.partial_json);
        delete b.partial_json;
      }
    }
    out.turn = wireTurn(
      { role: "assistant", content: blocks.filter(Boolean) },
      "$",
      index,
      provider,
    );
  } else if (geminiParts.length > 0) {
    out.turn = wireTurn({ role: "model", parts: mergeText(geminiParts) }, "$", index, provider);
  }
  return out;
}

/** A Messages delta added to its block. */
function appendDelta(block: Rec | undefined, d: Rec): void {
  if (!block) return;
  const add = (key: string, piece: unknown) => {
    if (typeof piece === "string")
      block[key] = `${typeof block[key] === "string" ? block[key] : ""}${piece}`;
  };
  if (d.type === "text_delta") add("text", d.text);
  else if (d.type === "thinking_delta") add("thinking", d.thinking);
  else if (d.type === "signature_delta") add("signature", d.signature);
  else if (d.type === "input_json_delta") add("partial_json", d.partial_json);
}

/** generateContent's chunks: consecutive text pieces of the same kind joined into one part. */
function mergeText(parts: readonly Rec[]): Rec[] {
  const out: Rec[] = [];
  for (const p of parts) {
    const last = out.at(-1);
    const joinable =
      last &&
      typeof p.text === "string" &&
      typeof last.text === "string" &&
      (p.thought === true) === (last.thought === true) &&
      last.thoughtSignature === undefined;
    if (joinable) {
      last.text = `${last.text as string}${p.text as string}`;
      if (p.thoughtSignature !== undefined) last.thoughtSignature = p.thoughtSignature;
    } else {
      out.push({ ...p });
    }
  }
  return out;
}

function tryJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
