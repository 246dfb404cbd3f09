import { textOf } from "../core/parts.js";
import type { ConversationUpdate, Message, PrefixSetup, ToolSpec } from "../core/types.js";

/** What one run sends top-level, and the update message it appends when the agent changed. */
export interface RunSetup {
  system: string | undefined;
  tools: ToolSpec[] | undefined;
  /** A system message with the new instructions and/or tool changes; none when nothing changed. */
  update: Message | undefined;
}

/**
 * The top-level system and tools of a run over `history`. When the history records the setup
 * it was produced under (the first recorded turn's `prefix.setup`), the run keeps it, so
 * every earlier turn keeps its prefix, and the agent's own instructions (unless the history
 * states them already) and tools (where they differ from the setup plus the history's
 * updates) go into one appended system message: its text the new instructions, its `update`
 * the tools added and removed.
 * Without a recorded setup, the agent's own go top-level, as before.
 */
export function planRun(
  history: readonly Message[],
  system: string | undefined,
  tools: ToolSpec[] | undefined,
): RunSetup {
  const at = history.findIndex((m) => m.prefix?.setup !== undefined);
  const original = history[at]?.prefix?.setup;
  if (!original) return { system, tools, update: undefined };
  const later = history.slice(at + 1);
  const now = inForce(original, later);
  const changed = system !== undefined && system !== "" && !stated(system, original, later);
  const update = toolChanges(now.tools, tools ?? []);
  const keep: RunSetup = { system: original.system, tools: original.tools, update: undefined };
  if (!changed && !update) return keep;
  const message: Message = { role: "system", content: changed ? system : "" };
  if (update) message.update = update;
  return { ...keep, update: message };
}

/**
 * Whether the history already states `system`: as its setup or as a later system message. A
 * caller's own late instruction ("answer in French") adds to the agent's, so it does not make
 * them differ; going back to instructions stated earlier appends nothing (append them again
 * yourself if a later one must stop applying).
 */
function stated(system: string, original: PrefixSetup, later: readonly Message[]): boolean {
  return (
    system === original.system || later.some((m) => m.role === "system" && textOf(m) === system)
  );
}

/** The tools in force after `later`: the setup's, with the updates applied in order. */
function inForce(original: PrefixSetup, later: readonly Message[]) {
  let tools = [...(original.tools ?? [])];
  for (const m of later) {
    if (m.role !== "system") continue;
    const removed = new Set(m.update?.removeTools ?? []);
    tools = tools.filter((t) => !removed.has(t.name));
    for (const add of m.update?.addTools ?? []) {
      tools = [...tools.filter((t) => t.name !== add.name), add];
    }
  }
  return { tools };
}

// As JSON text: the agent builds its specs the same way every time, and a stored setup keeps
// their key order, so a tool that did not change reads the same (the hashing code stays out).
const same = (a: ToolSpec, b: ToolSpec) => JSON.stringify(a) === JSON.stringify(b);

/** The update that takes `before` to `after`: tools gone, tools new or redefined. */
function toolChanges(before: ToolSpec[], after: ToolSpec[]): ConversationUpdate | undefined {
  const names = new Set(after.map((t) => t.name));
  const removeTools = before.filter((t) => !names.has(t.name)).map((t) => t.name);
  const addTools = after.filter((t) => !before.some((b) => same(b, t)));
  if (removeTools.length === 0 && addTools.length === 0) return undefined;
  const update: ConversationUpdate = {};
  if (addTools.length > 0) update.addTools = addTools;
  if (removeTools.length > 0) update.removeTools = removeTools;
  return update;
}
