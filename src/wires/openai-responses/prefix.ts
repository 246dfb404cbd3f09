import { type DroppedBlock, originsOf, type PrefixWire } from "../../kit/prefix/wire-prefix.js";
import { openaiInstructionsInPrefix } from "../../rules/openai-models.js";
import type { ResponseCreateParams } from "./wire.js";

const isReasoning = (item: unknown) => (item as { type?: unknown }).type === "reasoning";

/**
 * The Responses API's prefix as the keep-prefix-unchanged guide names it: request-level
 * `tools` and `text.format`, every earlier `input` item, and before GPT-6.2 `instructions`
 * (from 6.2 on, `instructions` are appended after the input for one turn). Each input item is
 * one wire message of one block; dropping reasoning removes whole `reasoning` items.
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export function responsesPrefix(model: string): PrefixWire<ResponseCreateParams> {
  const instructions = openaiInstructionsInPrefix(model);
  return {
    wire: "openai-responses",
    // A breakpoint moves on as the loop grows; the prefix is what it marks.
    skipKeys: new Set(["prompt_cache_breakpoint"]),
    prefixOf: (body) => ({
      head: {
        ...(instructions && { instructions: body.instructions }),
        "text.format": body.text?.format,
      },
      tools: body.tools ?? [],
      messages: body.input.map((item) => ({ role: itemKind(item), blocks: [item] })),
      origins: originsOf(body.input),
    }),
    dropReasoning(body, from, to) {
      const gone: DroppedBlock[] = [];
      for (let k = Math.min(to, body.input.length - 1); k >= from; k--) {
        if (!isReasoning(body.input[k])) continue;
        body.input.splice(k, 1);
        gone.push({ message: k, block: 0, whole: true });
      }
      return gone;
    },
  };
}

function itemKind(item: unknown): string {
  const { type, role } = item as { type?: unknown; role?: unknown };
  return String(type ?? role ?? "message");
}
