/**
 * A long conversation for the inspector's scale checks: 200 turns of about 10 KB each on average (some
 * long thinking, tool calls and results), about 2 MB of JSON, every assistant turn signed.
 */
import type { Message } from "../../src/core/types.js";

export function bigHistory(turns = 200, partSize = 18_000): Message[] {
  const filler = (seed: number) =>
    Array.from({ length: Math.ceil(partSize / 50) }, (_, i) => `line ${seed}.${i} of the reasoning`)
      .join("\n")
      .slice(0, partSize);
  const out: Message[] = [];
  for (let i = 0; i < turns; i++) {
    if (i % 2 === 0) {
      out.push({ role: "user", content: `question ${i}: ${filler(i).slice(0, partSize / 2)}` });
    } else {
      out.push({
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: filler(i),
            signature: `sig-${i}-${"x".repeat(300)}`,
            provider: "anthropic",
          },
          { type: "text", text: `answer ${i}` },
        ],
      });
    }
  }
  return out;
}
