import type { Delta } from "../../src/core/types.js";

/** The deltas of a text or thinking part at `index` arriving in `texts`, one delta a piece. */
export function pieces(type: "text" | "thinking", index: number, ...texts: string[]): Delta[] {
  return texts.map((text) => ({ type, index, text }));
}
