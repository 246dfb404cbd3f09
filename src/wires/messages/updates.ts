import { HistoryError } from "../../core/errors.js";
import { canonicalJSON } from "../../core/hash.js";
import type { ConversationUpdate, ModelRequest, OutputSpec, ToolSpec } from "../../core/types.js";
import { applyToolChanges, checkUpdateEffort, foldUpdates } from "../../kit/updates.js";
import {
  claudeBindsPrefix,
  claudeTakesMessageEffort,
  claudeTakesMidSystem,
} from "../../rules/append-only.js";
import { CLAUDE_EFFORTS } from "../../rules/claude.js";
import type {
  MessageCreateParams,
  Tool,
  ToolAdditionBlockParam,
  ToolInputSchema,
  ToolRemovalBlockParam,
} from "./wire.js";

/** Tool changes that name tools declared in `tools` (Claude API, Bedrock, Google Cloud). */
export const TOOL_CHANGES_BETA = "mid-conversation-tool-changes-2026-07-01";
/** Tools defined by value in a message; covers references too (the Claude API only). */
export const INLINE_TOOLS_BETA = "inline-tools-2026-09-15";
/** `output_config.effort` on a system message. */
export const MESSAGE_EFFORT_BETA = "mid-conversation-output-config-2026-07-01";

/**
 * The platforms (by tag) that take a tool defined by value in a message: "in beta on the Claude
 * API" (2026-12-01); Google Cloud and Bedrock take changes by reference only.
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages#define-tools-in-a-message-beta
 */
const INLINE_TOOL_PLATFORMS: ReadonlySet<string> = new Set(["anthropic"]);
/** The platforms that take a system message's own effort: the Claude API and Google Cloud. */
const MESSAGE_EFFORT_PLATFORMS: ReadonlySet<string> = new Set(["anthropic", "vertex"]);

/** One update as the Messages API takes it, in its system message. */
export interface CompiledUpdate {
  blocks: (ToolAdditionBlockParam | ToolRemovalBlockParam)[];
  /** The message's own `output_config.effort`, where the model and platform take it. */
  effort?: string;
}

/** A request's updates, compiled: what goes into each system message and what goes top-level. */
export interface CompiledUpdates {
  /** The request to build: top-level `tools` and `output` as the Messages API wants them. */
  request: ModelRequest;
  /** Per history index, the blocks (and effort) of its update. */
  updates: ReadonlyMap<number, CompiledUpdate>;
  /** The effort of the last update that had to go top-level (it is not part of the prefix). */
  effort: string | undefined;
}

/**
 * Compiles the history's append-only updates for the Messages API. On a model that takes
 * mid-conversation system messages: tool changes become `tool_addition` / `tool_removal`
 * blocks in their system message (a tool declared in `tools` with the same definition by
 * reference, any other by value); effort goes on the message where model and platform take
 * it, else top-level; an output schema goes top-level (`format` is top-level only), and
 * neither is part of the prefix preserved thinking checks. On any other model the updates fold
 * into the top-level fields, except on a model that binds reasoning to its prefix, where that
 * would invalidate it: a {@link HistoryError} before any request.
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/change-tools-or-instructions
 */
export function compileUpdates(
  req: ModelRequest,
  model: string,
  platform: string,
): CompiledUpdates {
  const at = req.messages.findIndex((m) => m.update !== undefined);
  if (at < 0) return { request: req, updates: new Map(), effort: undefined };
  if (!claudeTakesMidSystem(model)) {
    if (claudeBindsPrefix(model)) {
      throw new HistoryError(
        `${platform}: ${model} takes no mid-conversation system message, and folding this update into the top-level tools would change the prefix its reasoning is bound to; start a new conversation with the new tools and instructions, or use a model that takes mid-conversation system messages`,
        at,
      );
    }
    const folded = foldUpdates(req, platform, CLAUDE_EFFORTS);
    return { request: folded.request, updates: new Map(), effort: folded.effort };
  }
  return compileInPlace(req, model, platform);
}

function compileInPlace(req: ModelRequest, model: string, platform: string): CompiledUpdates {
  const declared = new Map((req.tools ?? []).map((t) => [t.name, canonicalJSON(t, NONE)]));
  const messageEffort = MESSAGE_EFFORT_PLATFORMS.has(platform) && claudeTakesMessageEffort(model);
  const updates = new Map<number, CompiledUpdate>();
  let tools: ToolSpec[] = [...(req.tools ?? [])];
  let output: OutputSpec | null | undefined = req.output;
  let effort: string | undefined;
  for (const [index, m] of req.messages.entries()) {
    const update: ConversationUpdate | undefined = m.update;
    if (update === undefined) continue;
    tools = applyToolChanges(tools, update.addTools, update.removeTools, index);
    const compiled: CompiledUpdate = { blocks: toolBlocks(update, declared, platform, index) };
    if (update.effort !== undefined) {
      const level = checkUpdateEffort(platform, update.effort, CLAUDE_EFFORTS, index);
      if (messageEffort) compiled.effort = level;
      else effort = level;
    }
    if (update.output !== undefined) output = update.output;
    updates.set(index, compiled);
  }
  const request: ModelRequest = { ...req };
  delete request.output;
  if (output) request.output = output;
  return { request, updates, effort };
}

const NONE: ReadonlySet<string> = new Set();

/** Removals first, so a tool removed and added again in one update ends up offered. */
function toolBlocks(
  update: ConversationUpdate,
  declared: ReadonlyMap<string, string>,
  platform: string,
  index: number,
): CompiledUpdate["blocks"] {
  const blocks: CompiledUpdate["blocks"] = [];
  for (const name of update.removeTools ?? []) {
    blocks.push({ type: "tool_removal", tool: { type: "tool_reference", name } });
  }
  for (const spec of update.addTools ?? []) {
    if (declared.get(spec.name) === canonicalJSON(spec, NONE)) {
      blocks.push({ type: "tool_addition", tool: { type: "tool_reference", name: spec.name } });
      continue;
    }
    if (!INLINE_TOOL_PLATFORMS.has(platform)) {
      throw new HistoryError(
        `${platform}: the update defines tool ${JSON.stringify(spec.name)} by value, which only the Claude API takes (beta ${INLINE_TOOLS_BETA}); declare it in the request's tools from the first call and add or remove it by name, or use golem/anthropic`,
        index,
      );
    }
    blocks.push({
      type: "tool_addition",
      tool: { type: "tool_definition", definition: tool(spec) },
    });
  }
  return blocks;
}

/** A tool spec as a `tools` entry (the same shape the top-level `tools` takes). */
export function tool(spec: ToolSpec): Tool {
  const out: Tool = {
    name: spec.name,
    description: spec.description,
    // An object schema: the request checks refused any other (Wire.objectToolSchema).
    input_schema: spec.parameters as ToolInputSchema,
  };
  if (spec.strict !== undefined) out.strict = spec.strict;
  return out;
}

/**
 * The betas a body's system messages need: `inline-tools` when a tool is defined by value (it
 * covers references too), else the tool-changes one for references; the per-message effort one.
 */
export function updateBetas(body: MessageCreateParams): string[] {
  let byValue = false;
  let byReference = false;
  let effort = false;
  for (const m of body.messages) {
    if (m.role !== "system") continue;
    if (m.output_config) effort = true;
    for (const b of m.content) {
      if (b.type === "tool_addition" || b.type === "tool_removal") {
        const kind = (b as ToolAdditionBlockParam).tool.type;
        if (kind === "tool_definition") byValue = true;
        else byReference = true;
      }
    }
  }
  const betas: string[] = [];
  if (byValue) betas.push(INLINE_TOOLS_BETA);
  else if (byReference) betas.push(TOOL_CHANGES_BETA);
  if (effort) betas.push(MESSAGE_EFFORT_BETA);
  return betas;
}
