import type { InputTransformation, ModelRequest, ModelResponse } from "./types.js";

/**
 * What a stream had made when it was cut off, marked as such: the same parts, on a message
 * that says it was interrupted (the evidence is whole; see {@link Message.interrupted}).
 */
export function markInterrupted(partial: ModelResponse): ModelResponse {
  return { ...partial, message: { ...partial.message, interrupted: true } };
}

/**
 * The request as it is sent: the tool calls of interrupted messages left out (never run, and
 * possibly half made), each reported; a message left with nothing is left out by the wire, as
 * any empty one. Indexes stay those of the history. The request itself when nothing is cut.
 */
export function withoutInterruptedCalls(req: ModelRequest): [ModelRequest, InputTransformation[]] {
  // Every request passes here: one scan, no copy, unless a message was cut off.
  if (!req.messages.some((m) => m.interrupted)) return [req, []];
  const left: InputTransformation[] = [];
  const messages = req.messages.map((m, index) =>
    m.interrupted && Array.isArray(m.content)
      ? {
          ...m,
          content: m.content.filter(
            (part, j) =>
              part.type !== "tool-call" ||
              !left.push({
                action: "dropped",
                by: "golem",
                reason: "interrupted",
                index,
                path: `messages.${index}.content.${j}`,
              }),
          ),
        }
      : m,
  );
  return [{ ...req, messages }, left];
}
