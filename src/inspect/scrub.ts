import { createRedactor } from "./redact.js";
import type { InspectView } from "./view.js";

type Rec = Record<string, unknown>;

/** The requests a raw input carries (a cassette's), for the secrets their headers hold. */
function requestsOf(input: unknown): { url: string; headers: Record<string, string> }[] {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return [];
    }
  }
  const list = (value as Rec | null)?.interactions;
  if (!Array.isArray(list)) return [];
  return list.map((i) => (i as Rec).request as { url: string; headers: Record<string, string> });
}

/**
 * The view with every string scrubbed by the recorder's rules: the secrets the input's
 * requests carried, and bearer tokens, become `<redacted>` wherever they appear (a tool
 * result that echoed a key, a URL). The last step before HTML, over every field alike.
 */
export function scrubView(view: InspectView, input: unknown): InspectView {
  const redact = createRedactor(requestsOf(input));
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact.text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== "object" || v === null) return v;
    const out: Rec = {};
    for (const [k, x] of Object.entries(v)) out[k] = k === "thumbnail" ? x : walk(x);
    return out;
  };
  return walk(view) as InspectView;
}
