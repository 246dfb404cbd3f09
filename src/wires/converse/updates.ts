import { HistoryError } from "../../core/errors.js";
import { canonicalJSON } from "../../core/hash.js";
import type { ModelRequest, OutputSpec, ToolSpec } from "../../core/types.js";
import { applyToolChanges, checkUpdateEffort, foldUpdates } from "../../kit/updates.js";
import { claudeTakesMidSystem } from "../../rules/append-only.js";
import { CLAUDE_EFFORTS } from "../../rules/claude.js";
import type { ToolChangeBlock } from "./wire.js";

/** A request's updates for Converse: in place (`blocks` per history index) or folded. */
export interface ConverseUpdates {
  /** The request to build: top-level `tools` and `output` as Converse wants them. */
  request: ModelRequest;
  /** Whether system messages after the first other message go in place (`role: "system"`). */
  inPlace: boolean;
  /** Per history index, the tool-change blocks of its update (in place only). */
  blocks: ReadonlyMap<number, ToolChangeBlock[]>;
  /** The effort of the last update that set one: top-level `outputConfig.effort`. */
  effort: string | undefined;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Compiles the history's append-only updates for Converse. A Claude model that takes
 * mid-conversation system messages ("available on Claude in Amazon Bedrock", the models of
 * `claudeTakesMidSystem`) gets Converse's own form: a late system message stays in `messages`
 * as `role: "system"`, and tool changes are `toolAddition` / `toolRemoval` blocks in it, naming
 * a tool declared in `toolConfig.tools` (Converse has no tool definition in a message: a tool
 * added with another definition is a {@link HistoryError}). Effort and output schema go
 * top-level (`outputConfig`), which is not part of the prefix preserved thinking checks. Any
 * other model folds the updates into the top-level fields (kit/updates.ts), which the prefix
 * check refuses on a model that binds reasoning to its prefix.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolAdditionBlock.html
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export function compileConverseUpdates(
  req: ModelRequest,
  model: string,
  provider: string,
): ConverseUpdates {
  const inPlace = claudeTakesMidSystem(model);
  if (!inPlace) {
    const folded = foldUpdates(req, provider, CLAUDE_EFFORTS);
    return { request: folded.request, inPlace, blocks: new Map(), effort: folded.effort };
  }
  const declared = new Map((req.tools ?? []).map((t) => [t.name, canonicalJSON(t, NONE)]));
  const blocks = new Map<number, ToolChangeBlock[]>();
  let tools: ToolSpec[] = [...(req.tools ?? [])];
  let output: OutputSpec | null | undefined = req.output;
  let effort: string | undefined;
  for (const [index, m] of req.messages.entries()) {
    const update = m.update;
    if (update === undefined) continue;
    tools = applyToolChanges(tools, update.addTools, update.removeTools, index);
    blocks.set(index, toolChangeBlocks(update.addTools, update.removeTools, declared, index));
    if (update.effort !== undefined) {
      effort = checkUpdateEffort(provider, update.effort, CLAUDE_EFFORTS, index);
    }
    if (update.output !== undefined) output = update.output;
  }
  const request: ModelRequest = { ...req };
  delete request.output;
  if (output) request.output = output;
  return { request, inPlace, blocks, effort };
}

/** Removals first, so a tool removed and added again in one update ends up offered. */
function toolChangeBlocks(
  add: readonly ToolSpec[] | undefined,
  remove: readonly string[] | undefined,
  declared: ReadonlyMap<string, string>,
  index: number,
): ToolChangeBlock[] {
  const out: ToolChangeBlock[] = [];
  for (const name of remove ?? []) {
    out.push({ toolRemoval: { tool: { type: "tool_reference", name } } });
  }
  for (const spec of add ?? []) {
    if (declared.get(spec.name) !== canonicalJSON(spec, NONE)) {
      throw new HistoryError(
        `bedrock: the update adds tool ${JSON.stringify(spec.name)}, which the request's tools do not declare as given; Converse adds a tool by name only ("Must match the name of a tool declared in the top-level tool configuration"): declare it in the request's tools from the first call`,
        index,
      );
    }
    out.push({ toolAddition: { tool: { type: "tool_reference", name: spec.name } } });
  }
  return out;
}
