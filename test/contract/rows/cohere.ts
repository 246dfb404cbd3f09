import { COHERE_REASONING, WEATHER_FOLLOW_UP_LOOP } from "../../../scripts/scenarios/loops.js";
import { conversation, loop, type RowSpec, user, withStream } from "../table.js";

export const COHERE: Record<string, RowSpec> = {
  /**
   * The thinking-tool-loop cassettes: a thinking turn that calls the weather tool, a thinking
   * turn that answers, then a follow-up question; each request carries the earlier turns'
   * thinking items in their places.
   */
  ...withStream(
    "thinking-tool-loop",
    { config: COHERE_REASONING, run: conversation(WEATHER_FOLLOW_UP_LOOP) },
    { exact: true },
  ),
  "reasoning-capture-stream": {
    config: { model: COHERE_REASONING.model },
    run: loop({}, [user("What is 2 + 2?")]),
  },
};
