import { partsOf } from "../core/parts.js";
import type { Message, Part } from "../core/types.js";
import { digestOf, safeJSON } from "./digest.js";
import { mediaView } from "./media.js";
import type { PartView, TurnView } from "./view.js";

/** One golem part as the page shows it; `path` is its history path. */
export function partView(p: Part, path: string): PartView {
  switch (p.type) {
    case "thinking": {
      const out: PartView =
        p.redacted !== undefined
          ? { kind: "redacted", path, payload: digestOf(p.redacted) }
          : { kind: "thinking", path, text: p.text ?? "" };
      if (p.signature !== undefined) out.signature = digestOf(p.signature);
      if (p.provider !== undefined) out.provider = p.provider;
      if (p.id !== undefined) out.id = p.id;
      return out;
    }
    case "text": {
      const out: PartView = { kind: "text", path, text: p.text };
      if (p.signature !== undefined) out.signature = digestOf(p.signature);
      if (p.provider !== undefined) out.provider = p.provider;
      if (p.phase !== undefined) out.name = p.phase;
      return out;
    }
    case "tool-call": {
      const out: PartView = { kind: "tool-call", path, name: p.name, id: p.id, text: p.arguments };
      if (p.signature !== undefined) out.signature = digestOf(p.signature);
      if (p.provider !== undefined) out.provider = p.provider;
      return out;
    }
    case "image":
      return { kind: "image", path, media: mediaView(p.mediaType, p.data, p.url) };
    case "file":
      return { kind: "file", path, media: mediaView(p.mediaType, p.data, p.url, p.filename) };
    case "provider": {
      const value = p.value as { type?: unknown } | null;
      const out: PartView = {
        kind: "provider",
        path,
        provider: p.provider,
        text: safeJSON(p.value),
      };
      if (typeof value?.type === "string") out.name = value.type;
      return out;
    }
    default:
      return { kind: "provider", path, text: safeJSON(p) };
  }
}

/** Whether a part carries provider evidence: a signature, an encrypted payload, a provider's id. */
function signedPart(p: Part): boolean {
  if (p.type === "thinking") return p.signature !== undefined || p.redacted !== undefined;
  if (p.type === "text" || p.type === "tool-call") return p.signature !== undefined;
  return false;
}

/** The provider a message's evidence belongs to: its first part that names one. */
export function providerOf(m: Message): string | undefined {
  for (const p of partsOf(m)) {
    if ("provider" in p && typeof p.provider === "string") return p.provider;
  }
  return undefined;
}

/** One history message as a turn of the page (no verdict yet). */
export function turnView(m: Message, index: number): TurnView {
  const parts = partsOf(m);
  const turn: TurnView = {
    index,
    role: m.role,
    parts: parts.map((p, j) =>
      m.role === "tool" && p.type === "text"
        ? { kind: "tool-result", path: `messages.${index}.content.${j}`, text: p.text }
        : partView(p, `messages.${index}.content.${j}`),
    ),
    cache: m.cache === true,
    signed: m.prefix !== undefined || parts.some(signedPart),
  };
  const provider = providerOf(m);
  if (provider !== undefined) turn.provider = provider;
  if (m.prefix !== undefined) turn.record = m.prefix.wire;
  if (m.toolCallId !== undefined) turn.toolCallId = m.toolCallId;
  if (m.isError !== undefined) turn.isError = m.isError;
  if (m.update !== undefined) turn.update = safeJSON(m.update);
  return turn;
}
