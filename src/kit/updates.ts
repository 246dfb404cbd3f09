import { HistoryError } from "../core/errors.js";
import type { Message, ModelRequest, OutputSpec, ToolSpec } from "../core/types.js";

/** The request with its updates folded in, and the effort the last of them set. */
export interface FoldedRequest {
  /** Top-level `tools` and `output` as the updates leave them; no message carries an update. */
  request: ModelRequest;
  /** The effort of the last update that set one, in the provider's own level names. */
  effort: string | undefined;
}

/**
 * Folds the history's append-only updates into the request's top-level fields, for a wire
 * without an append-only form (Bedrock Converse, Gemini, OpenAI Chat, Claude models without
 * mid-conversation system messages): tools added (a tool of the same name replaced) and
 * removed in history order, the last `output` (`null`: none) and the last `effort`. This
 * changes the request's prefix, so every earlier turn's cache (and, on a model that binds
 * reasoning to its prefix, its reasoning) is lost: the prefix check refuses it there. Pure;
 * messages keep their places (an update-only message stays as an empty system message, which
 * the wires leave out), so history indices still name them. An effort not among `efforts`
 * (the provider's levels) is a {@link HistoryError} before any request.
 */
export function foldUpdates(
  req: ModelRequest,
  provider: string,
  efforts: readonly string[],
): FoldedRequest {
  if (!req.messages.some((m) => m.update !== undefined)) {
    return { request: req, effort: undefined };
  }
  let tools = [...(req.tools ?? [])];
  let output: OutputSpec | null | undefined = req.output;
  let effort: string | undefined;
  const messages = req.messages.map((m, index): Message => {
    if (m.update === undefined) return m;
    const { update, ...rest } = m;
    // Folded, the text would join the top-level instructions for good.
    if (update.clearAt === "next_user_message") {
      throw new HistoryError(
        `${provider}: update.clearAt needs a mid-conversation system message`,
        index,
      );
    }
    tools = applyToolChanges(tools, update.addTools, update.removeTools, index);
    if (update.output !== undefined) output = update.output;
    if (update.effort !== undefined)
      effort = checkUpdateEffort(provider, update.effort, efforts, index);
    return rest;
  });
  const request: ModelRequest = { ...req, messages };
  delete request.tools;
  delete request.output;
  if (tools.length > 0) request.tools = tools;
  if (output) request.output = output;
  return { request, effort };
}

/**
 * The tools in effect after one update: removed ones left out, added ones replacing a tool of
 * the same name in its place or appended. Removing a tool that is not there is a
 * {@link HistoryError} (`index`): the providers refuse a reference to an unknown tool.
 */
export function applyToolChanges(
  tools: readonly ToolSpec[],
  add: readonly ToolSpec[] | undefined,
  remove: readonly string[] | undefined,
  index: number,
): ToolSpec[] {
  const names = new Set(tools.map((t) => t.name));
  for (const name of remove ?? []) {
    if (!names.has(name)) {
      throw new HistoryError(
        `the update removes tool ${JSON.stringify(name)}, which is not among the tools in effect here (the request's tools and earlier updates)`,
        index,
      );
    }
  }
  const out = tools.filter((t) => !remove?.includes(t.name));
  for (const tool of add ?? []) {
    const at = out.findIndex((t) => t.name === tool.name);
    if (at >= 0) out[at] = tool;
    else out.push(tool);
  }
  return out;
}

/** `effort`, when it is one of the provider's `efforts`; a {@link HistoryError} at `index` otherwise. */
export function checkUpdateEffort(
  provider: string,
  effort: string,
  efforts: readonly string[],
  index: number,
): string {
  if (efforts.includes(effort)) return effort;
  const levels =
    efforts.length > 0 ? `use one of ${efforts.join(", ")}` : "it has no effort setting";
  throw new HistoryError(
    `${provider}: the update's effort ${JSON.stringify(effort)} is not one this provider takes; ${levels}`,
    index,
  );
}
