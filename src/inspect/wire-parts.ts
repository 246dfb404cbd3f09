/**
 * A cassette's conversation as the page shows it: the wire JSON of its last request's messages,
 * read block by block whatever the wire (Messages, Converse, generateContent, Responses, Chat
 * Completions, Cohere), each block named by its wire path as the cache-miss explainer names it
 * (`$.messages[1].content[0]`). A block no rule knows is a provider part: its JSON, opaque
 * values hidden. The wires build request JSON from a history but have no reader of it, so
 * this one is the inspector's own; the answers are read by the wires' own parsers (answer.ts).
 */
import { digestOf, safeJSON } from "./digest.js";
import { mediaView } from "./media.js";
import type { PartView, TurnView } from "./view.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const json = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v ?? null));

/** A tool call whatever the wire names its fields. */
const toolCall = (path: string, name: unknown, id: unknown, args: unknown): PartView => ({
  kind: "tool-call",
  path,
  name: str(name) ?? "",
  id: str(id) ?? "",
  text: json(args),
});
/** A tool result whatever the wire names its fields. */
const toolResult = (path: string, id: unknown, text: string): PartView => ({
  kind: "tool-result",
  path,
  id: str(id) ?? "",
  text,
});

/** A tool result's content as text: a string, or its text blocks joined. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return safeJSON(content);
  return content
    .map((c) => str(rec(c).text) ?? str(rec(rec(c).json)?.text) ?? safeJSON(c))
    .join("\n");
}

/** One wire block (or Responses item, or Gemini part) as a part. */
export function wireBlock(block: unknown, path: string, provider: string): PartView {
  const b = rec(block);
  const sig = str(b.signature) ?? str(b.thoughtSignature);
  const withSig = (p: PartView): PartView => {
    if (sig !== undefined) p.signature = digestOf(sig);
    if (b.cache_control !== undefined) p.cache = true;
    return p;
  };
  switch (b.type) {
    case "thinking":
      return withSig({ kind: "thinking", path, text: str(b.thinking) ?? "", provider });
    case "redacted_thinking":
      return withSig({ kind: "redacted", path, payload: digestOf(str(b.data) ?? ""), provider });
    case "text":
    case "input_text":
    case "output_text":
      return withSig({ kind: "text", path, text: str(b.text) ?? "" });
    case "tool_use":
      return withSig(toolCall(path, b.name, b.id, b.input));
    case "function_call":
      return withSig(toolCall(path, b.name, b.call_id, b.arguments));
    case "tool_result":
      return withSig(toolResult(path, b.tool_use_id, resultText(b.content)));
    case "function_call_output":
      return withSig(toolResult(path, b.call_id, resultText(b.output)));
    case "reasoning": {
      const summary = Array.isArray(b.summary)
        ? b.summary.map((s) => str(rec(s).text) ?? "").join("\n")
        : "";
      const content = Array.isArray(b.content)
        ? b.content.map((s) => str(rec(s).text) ?? "").join("\n")
        : "";
      const enc = str(b.encrypted_content);
      const p: PartView = { kind: "thinking", path, text: summary || content, provider };
      if (enc !== undefined) p.payload = digestOf(enc);
      if (str(b.id) !== undefined) p.id = str(b.id) as string;
      return p;
    }
    case "image": {
      const source = rec(b.source);
      return withSig({
        kind: "image",
        path,
        media: mediaView(str(source.media_type) ?? "image", str(source.data), str(source.url)),
      });
    }
    case "input_image":
    case "image_url": {
      const url = str(b.image_url) ?? str(rec(b.image_url).url) ?? "";
      const inline = /^data:([^;,]+);base64,(.*)$/s.exec(url);
      return {
        kind: "image",
        path,
        media: inline
          ? mediaView(inline[1] as string, inline[2] as string, undefined)
          : mediaView("image", undefined, url),
      };
    }
  }
  // Converse blocks and Gemini parts are keyed by what they are.
  const reasoning = rec(b.reasoningContent);
  if (b.reasoningContent !== undefined) {
    const text = rec(reasoning.reasoningText);
    const redacted = str(reasoning.redactedContent);
    const p: PartView =
      redacted !== undefined
        ? { kind: "redacted", path, payload: digestOf(redacted), provider }
        : { kind: "thinking", path, text: str(text.text) ?? "", provider };
    const s = str(text.signature);
    if (s !== undefined) p.signature = digestOf(s);
    return p;
  }
  if (typeof b.text === "string") {
    return withSig(
      b.thought === true
        ? { kind: "thinking", path, text: b.text, provider }
        : { kind: "text", path, text: b.text },
    );
  }
  if (b.toolUse !== undefined) {
    const t = rec(b.toolUse);
    return toolCall(path, t.name, t.toolUseId, t.input);
  }
  if (b.toolResult !== undefined) {
    const t = rec(b.toolResult);
    return toolResult(path, t.toolUseId, resultText(t.content));
  }
  if (b.functionCall !== undefined) {
    const f = rec(b.functionCall);
    return withSig(toolCall(path, f.name, f.id, f.args));
  }
  if (b.functionResponse !== undefined) {
    const f = rec(b.functionResponse);
    return toolResult(path, f.name, safeJSON(f.response));
  }
  if (b.inlineData !== undefined) {
    const d = rec(b.inlineData);
    return { kind: "image", path, media: mediaView(str(d.mimeType) ?? "", str(d.data), undefined) };
  }
  if (b.image !== undefined) {
    const i = rec(b.image);
    const bytes = str(rec(i.source).bytes);
    return {
      kind: "image",
      path,
      media: mediaView(`image/${str(i.format) ?? ""}`, bytes, undefined),
    };
  }
  const p: PartView = { kind: "provider", path, provider, text: safeJSON(block) };
  const name = str(b.type) ?? Object.keys(b)[0];
  if (name !== undefined) p.name = name;
  return p;
}

/** Whether a wire block is a cache marker of its own (Converse `cachePoint`). */
const isCachePoint = (block: unknown) => rec(block).cachePoint !== undefined;

/**
 * A wire message (or a Responses input item) as a turn. `index` counts the turns shown; `path`
 * is the message's wire path.
 */
export function wireTurn(
  message: unknown,
  path: string,
  index: number,
  provider: string,
): TurnView {
  const m = rec(message);
  const turn: TurnView = {
    index,
    role: str(m.role) ?? "assistant",
    parts: [],
    cache: false,
    signed: false,
  };
  const add = (block: unknown, at: string) => {
    if (isCachePoint(block)) {
      turn.cache = true;
      return;
    }
    const part = wireBlock(block, at, provider);
    if (part.cache) turn.cache = true;
    turn.parts.push(part);
  };
  if (typeof m.type === "string" && m.type !== "message") {
    // A Responses item that is not a message: one part of its own.
    add(m, path);
    turn.role = m.type === "function_call_output" ? "tool" : "assistant";
  } else if (Array.isArray(m.content)) {
    for (const [j, b] of m.content.entries()) add(b, `${path}.content[${j}]`);
  } else if (Array.isArray(m.parts)) {
    for (const [j, b] of m.parts.entries()) add(b, `${path}.parts[${j}]`);
    if (turn.role === "model") turn.role = "assistant";
  } else if (typeof m.content === "string") {
    turn.parts.push({
      kind: m.role === "tool" ? "tool-result" : "text",
      path: `${path}.content`,
      text: m.content,
    });
  }
  // Chat Completions and Cohere: reasoning and calls beside the content.
  const reasoning = str(m.reasoning_content) ?? str(m.reasoning) ?? str(m.tool_plan);
  if (reasoning !== undefined)
    turn.parts.unshift({ kind: "thinking", path: `${path}.reasoning`, text: reasoning, provider });
  if (Array.isArray(m.tool_calls)) {
    m.tool_calls.forEach((c, j) => {
      const f = rec(rec(c).function);
      turn.parts.push({
        kind: "tool-call",
        path: `${path}.tool_calls[${j}]`,
        name: str(f.name) ?? "",
        id: str(rec(c).id) ?? "",
        text: json(f.arguments),
      });
    });
  }
  if (str(m.tool_call_id) !== undefined) turn.toolCallId = str(m.tool_call_id) as string;
  if (m.role === "tool") turn.role = "tool";
  turn.signed = turn.parts.some((p) => p.signature !== undefined || p.payload !== undefined);
  if (turn.signed) turn.provider = provider;
  return turn;
}

/** Where a request body keeps its conversation: `messages`, `contents` or `input`. */
export function conversationOf(body: unknown): { key: string; list: unknown[] } {
  const b = rec(body);
  for (const key of ["messages", "contents", "input"]) {
    const list = b[key];
    if (Array.isArray(list)) return { key, list };
  }
  return { key: "messages", list: [] };
}
