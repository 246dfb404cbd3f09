import { describe, expect, it } from "vitest";
import type { Delta, ModelResponse, ModelStream } from "../../src/core/types.js";
import { toEventStream } from "../../src/sse/index.js";

const RESPONSE: ModelResponse = {
  message: { role: "assistant", content: "ab" },
  usage: { inputTokens: 1, outputTokens: 2 },
  stopReason: "end_turn",
};
const delta = (text: string): Delta => ({ type: "text", index: 0, text });
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A model stream whose items come from `steps`: a delta at hand (an already-resolved
 * promise), `"wait"` (the next item comes a timer later, as one behind a network read), or an
 * error.
 */
function scripted(steps: (Delta | "wait" | Error)[], response: Promise<ModelResponse>) {
  let i = 0;
  const next = (): Promise<IteratorResult<Delta>> => {
    const step = steps[i++];
    if (step === undefined) return Promise.resolve({ done: true, value: undefined });
    if (step instanceof Error) return Promise.reject(step);
    if (step !== "wait") return Promise.resolve({ done: false, value: step });
    return new Promise((resolve) => setTimeout(() => resolve(next()), 1));
  };
  response.catch(() => {});
  const stream: ModelStream = { response, [Symbol.asyncIterator]: () => ({ next }) };
  return stream;
}

const decoder = new TextDecoder();

describe("toEventStream: the items at hand go out together, never waiting for more", () => {
  it("sends what is at hand before an item that is not there yet, then the rest", async () => {
    const stream = scripted(
      [delta("a"), delta("b"), "wait", delta("c")],
      Promise.resolve(RESPONSE),
    );
    const reader = toEventStream(stream).getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(
      event("delta", delta("a")) + event("delta", delta("b")),
    );
    const second = await reader.read();
    expect(decoder.decode(second.value)).toBe(
      event("delta", delta("c")) + event("response", RESPONSE),
    );
    expect((await reader.read()).done).toBe(true);
  });

  const busy = () => Object.assign(new Error("busy"), { status: 529 });
  it.each([
    [
      "an item that fails",
      [delta("a"), "wait", delta("b"), busy()],
      () => Promise.resolve(RESPONSE),
    ],
    ["a response that fails", [delta("a"), "wait", delta("b")], () => Promise.reject(busy())],
  ] as const)(
    "after %s: the deltas before it, then one error event, then the end",
    async (_, steps, response) => {
      const stream = scripted([...steps], response());
      const reader = toEventStream(stream).getReader();
      let text = "";
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        text += decoder.decode(r.value);
      }
      const error = { name: "Error", message: "busy", status: 529 };
      expect(text).toBe(
        event("delta", delta("a")) + event("delta", delta("b")) + event("error", error),
      );
    },
  );
});
