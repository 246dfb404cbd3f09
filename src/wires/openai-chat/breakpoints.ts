import { type Mark, planBreakpoints } from "../../kit/cache.js";

/**
 * OpenAI's explicit prompt-cache breakpoint (GPT-5.6 and later): `prompt_cache_breakpoint` on
 * an input content block (text, image, file) marks the exact end of a reusable prefix; without
 * `ttl` it inherits `prompt_cache_options.ttl`. Assistant output takes none, nor do
 * `instructions` (a string) or tools.
 * @see https://developers.openai.com/api/docs/guides/prompt-caching#prompt-cache-breakpoints
 * (openai 7.60.0 `ResponseInputText.PromptCacheBreakpoint`, `ChatCompletionContentPartText`)
 */
export interface PromptCacheBreakpoint {
  mode: "explicit";
  ttl?: "30m" | "12h";
}

/** A content block that can carry a breakpoint. */
export interface Breakable {
  prompt_cache_breakpoint?: PromptCacheBreakpoint;
}

/**
 * Puts breakpoints on a request's input blocks: `blocks` holds, per wire message in order, the
 * blocks that can carry one (none for assistant turns); `marks` are the caller's
 * (`Message.cache`, {@link Mark} over these lists); with `auto` the last block gets one too.
 * The plan is ADR 0011's (kit/cache.ts): marks first, at most 4, more is a HistoryError.
 *
 * The marker is the block's last key, and every block that could carry one is sent in the
 * array form whether it does or not (ADR 0046): a breakpoint that moves on leaves the earlier
 * request's bytes unchanged but for the marker, which the cache and the prefix law skip.
 */
export function placeBreakpoints(
  blocks: Breakable[][],
  marks: readonly Mark[],
  auto: boolean,
): void {
  const turns = blocks.map((content) => ({ content }));
  const plan = planBreakpoints(turns, marks, () => true, auto, false, false, false);
  for (const [content, i] of plan.spots) {
    const block = content[i];
    if (block) block.prompt_cache_breakpoint = { mode: "explicit" };
  }
}

/** A Chat Completions message as breakpoints see it: its role and content. */
interface ChatMessageLike {
  role: string;
  content?: unknown;
}

/**
 * `cache: "auto"` on Chat Completions: the content of every system, developer, user and tool
 * message goes as an array of parts (a string becomes one `text` part), then the caller's
 * marks (`[history index, messages sent when it was added]`) and the last part get a
 * breakpoint. Messages are changed in place; the array form is kept whether or not a
 * breakpoint lands, for the reason Responses keeps it (ADR 0046).
 */
export function markMessages(
  messages: ChatMessageLike[],
  marked: readonly [index: number, messages: number][],
): void {
  const blocks = messages.map((m): Breakable[] => {
    if (m.role === "assistant") return [];
    if (typeof m.content === "string") m.content = [{ type: "text", text: m.content }];
    return Array.isArray(m.content) ? (m.content as Breakable[]) : [];
  });
  const marks: Mark[] = marked.map(([index, upTo]) => [
    index,
    blocks.slice(0, upTo).reduce((n, b) => n + b.length, 0),
  ]);
  placeBreakpoints(blocks, marks, true);
}
