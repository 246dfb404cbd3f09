import type { Mark } from "../../kit/cache.js";
import { type Breakable, placeBreakpoints } from "../openai-chat/breakpoints.js";
import type { InputContent, ResponseInputItem } from "./wire.js";

/**
 * `cache: "auto"` on the Responses API: every input message's content and every
 * `function_call_output`'s `output` goes in the array form (a string becomes one `input_text`),
 * then the caller's marks and the last input block get `prompt_cache_breakpoint`
 * (openai-chat/breakpoints.ts). `marked` holds, per marked message, its history index and how
 * many items had been sent when it was added. Items are changed in place.
 *
 * The array form is kept on every request, breakpoint or not (ADR 0046): a tool result sent as
 * a string while it was last and as an array once a breakpoint moved off it would change its
 * bytes, and the next request would no longer extend the one before.
 */
export function markInput(
  input: ResponseInputItem[],
  marked: readonly [index: number, items: number][],
): void {
  const blocks = input.map(breakableOf);
  const marks: Mark[] = marked.map(([index, items]) => [
    index,
    blocks.slice(0, items).reduce((n, b) => n + b.length, 0),
  ]);
  placeBreakpoints(blocks, marks, true);
}

/** An item's blocks that can carry a breakpoint, its string content made an array first. */
function breakableOf(item: ResponseInputItem): Breakable[] {
  const it = item as { type?: unknown; role?: unknown; content?: unknown; output?: unknown };
  if (it.type === "function_call_output") {
    if (typeof it.output === "string") it.output = [text(it.output)];
    return it.output as InputContent[] as Breakable[];
  }
  if (it.role === "user" || it.role === "system" || it.role === "developer") {
    if (typeof it.content === "string") it.content = [text(it.content)];
    return it.content as InputContent[] as Breakable[];
  }
  return [];
}

const text = (t: string): InputContent => ({ type: "input_text", text: t });
