/**
 * The server-held conversation rows (docs/server-history.md), shared by the Anthropic and
 * OpenAI tables: each run checks, beyond the recorded requests, that a suffix request holds
 * exactly the messages added since the response it continues.
 */
import { serverHistoryLoop } from "../../../scripts/scenarios/server-history.js";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelResponse } from "../../../src/core/types.js";
import type { Call, RowSpec } from "../table.js";

const WHY =
  "with serverHistory on, a later request sends only the messages after the response the server holds (thread continue, previous_response_id), not the previous wire plus new turns";

/**
 * `call`, checking each answer's report: after the first, every call that continues sends
 * exactly the messages added since the previous answer (`expected` says which are suffixes).
 */
function checked(call: Call, expected: ("suffix" | "full")[], fallbacks: (string | undefined)[]) {
  let before: Message[] | undefined;
  let n = 0;
  return async (req: Parameters<Call>[0]): Promise<ModelResponse> => {
    const r = await call(req);
    const held = r.serverHistory;
    if (!held || held.sent !== expected[n] || held.fallback !== fallbacks[n] || held.id !== r.id) {
      throw new Error(`call ${n + 1}: reported ${JSON.stringify(held)}, not ${expected[n]}`);
    }
    if (held.sent === "suffix" && before && req.messages.length <= before.length) {
      throw new Error(`call ${n + 1}: a suffix with no new message`);
    }
    before = [...req.messages, r.message];
    n++;
    return r;
  };
}

export const threadRows = (config: Record<string, unknown>): Record<string, RowSpec> => ({
  "thread-tool-loop": {
    config,
    prefixBreak: WHY,
    run: (call) =>
      serverHistoryLoop(
        checked(call, ["full", "suffix", "suffix"], [undefined, undefined, undefined]),
      ),
  },
  "thread-not-found": {
    config,
    prefixBreak: WHY,
    run: (call) =>
      serverHistoryLoop(
        checked(call, ["full", "full", "suffix"], [undefined, "thread_not_found", undefined]),
      ),
  },
  "thread-fingerprint-mismatch": {
    config,
    prefixBreak: WHY,
    run: async (call) => {
      const err = await serverHistoryLoop(call, 2).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(err instanceof HistoryError) || err.path !== "max_tokens") {
        throw new Error(`expected a HistoryError naming max_tokens, got ${String(err)}`);
      }
    },
  },
});

export const storedRows = (config: Record<string, unknown>): Record<string, RowSpec> => ({
  "responses-stored-tool-loop": {
    config,
    prefixBreak: WHY,
    run: (call) =>
      serverHistoryLoop(
        checked(call, ["full", "suffix", "suffix"], [undefined, undefined, undefined]),
      ),
  },
  "responses-previous-response-not-found": {
    config,
    prefixBreak: WHY,
    run: (call) =>
      serverHistoryLoop(
        checked(
          call,
          ["full", "full", "suffix"],
          [undefined, "previous_response_not_found", undefined],
        ),
      ),
  },
});
