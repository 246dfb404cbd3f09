import type { ModelRequest, ModelResponse, PrefixSetup, ToolSpec } from "../../core/types.js";
import { sealed } from "./hash-once.js";

/** What completes a response: its prefix record, and here the setup on a first record. */
type Finish = (response: ModelResponse) => ModelResponse;

/**
 * On the first recorded turn of a conversation (no earlier message carries a record), adds
 * the request's top-level `system` and `tools` to the record, in golem's types: what the
 * agent keeps on a later run, appending changes as updates (docs/adr, "append-only updates").
 * Later turns add nothing, so a long history carries the setup once.
 */
export function recordingSetup(finish: Finish | undefined, req: ModelRequest): Finish | undefined {
  if (!finish || req.messages.some((m) => m.prefix !== undefined)) return finish;
  return (response) => {
    const out = finish(response);
    const record = out.message.prefix;
    if (!record) return out;
    const setup: PrefixSetup = {};
    if (req.system !== undefined) setup.system = req.system;
    // A copy: the record must not change when the caller's tool list does.
    if (req.tools !== undefined && req.tools.length > 0) {
      setup.tools = JSON.parse(JSON.stringify(req.tools)) as ToolSpec[];
    }
    return { ...out, message: { ...out.message, prefix: sealed({ ...record, setup }) } };
  };
}
