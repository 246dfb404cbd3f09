import type { Message, Part } from "../core/types.js";

/**
 * What stands in a captured message for a value that must never reach a trace backend: the
 * provider's opaque evidence (signatures, redacted reasoning, blocks golem does not model, which
 * may hold encrypted items) and bytes or addresses that may carry credentials (base64 data, a
 * presigned URL).
 */
export const MARKER = {
  signature: "[signature omitted]",
  redacted: "[redacted reasoning omitted]",
  provider: "[provider block omitted]",
  data: "[data omitted]",
  url: "[url omitted]",
} as const;

/**
 * A part as content capture records it, in the GenAI conventions' message-part shapes
 * (`text`, `reasoning`, `tool_call`, `tool_call_response`, `blob`, `uri`) plus golem's
 * `provider`. Built field by field from an allowlist, so no field of a part reaches a span
 * unless it is named here.
 */
export type CapturedPart =
  | { type: "text"; content: string; phase?: string; signature?: string }
  | { type: "reasoning"; content: string; signature?: string }
  | { type: "tool_call"; id: string; name: string; arguments: unknown; signature?: string }
  | { type: "tool_call_response"; id: string; response: string | CapturedPart[] }
  | { type: "blob"; mime_type: string; content: string }
  | { type: "uri"; mime_type: string; uri: string }
  | { type: "provider"; provider: string; content: string };

/** A message as content capture records it (`gen_ai.input.messages` / `gen_ai.output.messages`). */
export interface CapturedMessage {
  role: string;
  parts: CapturedPart[];
  finish_reason?: string;
}

/**
 * The capture form of a part: text, reasoning text, tool calls and media types as they are;
 * every signature, redacted payload, provider block, base64 payload and URL as a {@link MARKER}.
 */
export function capturePart(part: Part): CapturedPart {
  const signed = "signature" in part && part.signature !== undefined;
  const signature = signed ? { signature: MARKER.signature } : {};
  switch (part.type) {
    case "text":
      return {
        type: "text",
        content: part.text,
        ...(part.phase === undefined ? {} : { phase: part.phase }),
        ...signature,
      };
    case "thinking":
      return part.redacted !== undefined
        ? { type: "reasoning", content: MARKER.redacted }
        : { type: "reasoning", content: part.text ?? "", ...signature };
    case "tool-call":
      return {
        type: "tool_call",
        id: part.id,
        name: part.name,
        arguments: parseArguments(part.arguments),
        ...signature,
      };
    case "image":
    case "file":
      return part.url !== undefined
        ? { type: "uri", mime_type: part.mediaType, uri: MARKER.url }
        : { type: "blob", mime_type: part.mediaType, content: MARKER.data };
    case "provider":
      return { type: "provider", provider: part.provider, content: MARKER.provider };
  }
}

/** The capture form of a message; a tool message's content becomes one `tool_call_response`. */
export function captureMessage(message: Message): CapturedMessage {
  const content = message.content;
  if (message.role === "tool") {
    const response = typeof content === "string" ? content : content.map(capturePart);
    return {
      role: "tool",
      parts: [{ type: "tool_call_response", id: message.toolCallId ?? "", response }],
    };
  }
  const parts =
    typeof content === "string" ? [{ type: "text" as const, content }] : content.map(capturePart);
  return { role: message.role, parts };
}

/** Tool arguments as an object, as the conventions ask; text that is not JSON stays text. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
