import type { Json, JsonObject } from "./upstream.js";

/**
 * Splits SSE text after every blank line, so each event becomes one chunk. The captures keep
 * the body but not the network chunk boundaries; one event per chunk is the finest split that
 * a real server could have produced without cutting an event.
 */
export function splitEvents(text: string): string[] {
  const chunks: string[] = [];
  const blank = /\r\n\r\n|\n\n|\r\r/g;
  let start = 0;
  for (let m = blank.exec(text); m; m = blank.exec(text)) {
    chunks.push(text.slice(start, m.index + m[0].length));
    start = m.index + m[0].length;
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks;
}

/** The JSON payload of every `data:` line, in order (Anthropic pads them with spaces). */
export function dataPayloads(text: string): JsonObject[] {
  return text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as JsonObject);
}

/**
 * Re-frames Vercel `.chunks.txt` lines as SSE, one event per chunk, with the line terminator
 * the provider uses (Gemini: `\r\n\r\n`); the lines themselves are unchanged.
 */
export function frameLines(lines: readonly string[], terminator: string): string[] {
  return lines.map((line) => `data: ${line}${terminator}`);
}

type Block = JsonObject & { type: string };

/**
 * The non-streamed Messages body an Anthropic SSE stream adds up to: `message_start`'s message
 * with each content block joined from its deltas, and the `message_delta` stop reason and
 * usage laid over it (key order as the stream sent it).
 */
export function anthropicMessage(text: string): JsonObject {
  let message: JsonObject = {};
  const blocks: Block[] = [];
  const inputs: string[] = [];
  for (const event of dataPayloads(text)) {
    const index = event.index as number;
    switch (event.type) {
      case "message_start":
        message = structuredClone(event.message) as JsonObject;
        break;
      case "content_block_start":
        blocks[index] = structuredClone(event.content_block) as Block;
        inputs[index] = "";
        break;
      case "content_block_delta":
        inputs[index] = applyDelta(
          blocks[index] as Block,
          event.delta as JsonObject,
          inputs[index] ?? "",
        );
        break;
      case "content_block_stop": {
        const block = blocks[index] as Block;
        if (block.type === "tool_use") block.input = JSON.parse(inputs[index] || "{}") as Json;
        break;
      }
      case "message_delta":
        Object.assign(message, event.delta);
        Object.assign(message.usage as JsonObject, event.usage);
        break;
    }
  }
  message.content = blocks;
  return message;
}

/** Adds one delta to its block; returns the tool input's JSON text so far. */
function applyDelta(block: Block, delta: JsonObject, input: string): string {
  switch (delta.type) {
    case "thinking_delta":
      block.thinking = `${block.thinking as string}${delta.thinking as string}`;
      return input;
    case "signature_delta":
      block.signature = `${(block.signature as string | undefined) ?? ""}${delta.signature as string}`;
      return input;
    case "text_delta":
      block.text = `${block.text as string}${delta.text as string}`;
      return input;
    case "input_json_delta":
      return input + (delta.partial_json as string);
    default:
      throw new Error(`anthropicMessage: unknown delta type ${String(delta.type)}`);
  }
}

/**
 * The non-streamed `generateContent` body a Gemini SSE stream adds up to: the last chunk
 * (finish reason, usage, ids) with the parts of every chunk, in order, as its parts.
 */
export function geminiResponse(text: string): JsonObject {
  const chunks = dataPayloads(text);
  const parts = chunks.flatMap((c) => candidateContent(c).parts as Json[]);
  const last = structuredClone(chunks.at(-1)) as JsonObject;
  candidateContent(last).parts = parts;
  return last;
}

function candidateContent(chunk: JsonObject): JsonObject {
  const [candidate] = chunk.candidates as JsonObject[];
  return (candidate as JsonObject).content as JsonObject;
}
