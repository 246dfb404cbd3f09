import type { Delta, Part } from "../../src/core/types.js";

/**
 * The parts a list of deltas adds up to: by `index`, text, arguments, signatures and
 * redacted payloads appended (a signature or payload is its pieces joined, the one rule of
 * docs/architecture.md), id and name set, a provider value set once (a second one for the
 * same index throws). Evidence the deltas do not carry (`provider` on text, thinking and tool-call
 * parts, `phase`, a thinking part's `id`) is not there: compare with {@link withoutTags} of the
 * final parts.
 */
export function accumulate(deltas: readonly Delta[]): Part[] {
  const parts: Part[] = [];
  for (const d of deltas) {
    const part = parts[d.index];
    if (part !== undefined && part.type !== d.type) {
      throw new Error(`delta of type ${d.type} for part ${d.index}, a ${part.type} part`);
    }
    switch (d.type) {
      case "text": {
        const p = (part ?? { type: "text", text: "" }) as Extract<Part, { type: "text" }>;
        if (d.text !== undefined) p.text += d.text;
        if (d.signature !== undefined) p.signature = (p.signature ?? "") + d.signature;
        parts[d.index] = p;
        break;
      }
      case "thinking": {
        const p = (part ?? { type: "thinking" }) as Extract<Part, { type: "thinking" }>;
        if (d.text !== undefined) p.text = (p.text ?? "") + d.text;
        if (d.signature !== undefined) p.signature = (p.signature ?? "") + d.signature;
        if (d.redacted !== undefined) p.redacted = (p.redacted ?? "") + d.redacted;
        parts[d.index] = p;
        break;
      }
      case "tool-call": {
        const p = (part ?? { type: "tool-call", id: "", name: "", arguments: "" }) as Extract<
          Part,
          { type: "tool-call" }
        >;
        if (d.id !== undefined) p.id = d.id;
        if (d.name !== undefined) p.name = d.name;
        if (d.arguments !== undefined) p.arguments += d.arguments;
        if (d.signature !== undefined) p.signature = (p.signature ?? "") + d.signature;
        parts[d.index] = p;
        break;
      }
      case "provider":
        if (part !== undefined) throw new Error(`a second provider delta for part ${d.index}`);
        parts[d.index] = { type: "provider", provider: d.provider, value: d.value };
        break;
    }
  }
  for (const [i, p] of parts.entries()) {
    if (p === undefined) throw new Error(`no delta made part ${i}`);
    // A thinking part that is not redacted has text, "" when only its signature streamed.
    if (p.type === "thinking" && p.redacted === undefined) p.text ??= "";
  }
  return parts;
}

/**
 * Parts without the tags deltas do not carry (`provider` on modelled parts, `phase`, a
 * thinking part's reasoning item `id`).
 */
export function withoutTags(parts: readonly Part[]): Part[] {
  return parts.map((p) => {
    if (p.type === "provider") return p;
    const { provider: _, phase: __, ...rest } = p as Part & { provider?: string; phase?: string };
    if (rest.type === "thinking") delete rest.id;
    return rest as Part;
  });
}
