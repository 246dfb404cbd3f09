import { FOLLOW_UP } from "../../../scripts/scenarios/cohere.js";
import { andThen, loop, type RowSpec, toolResults, user, WEATHER } from "../table.js";

const REASONING = { model: "command-a-reasoning-08-2025", thinking: { budgetTokens: 2000 } };

/**
 * The thinking-tool-loop cassettes: a thinking turn that calls the weather tool, a thinking
 * turn that answers, then a follow-up question; each request carries the earlier turns'
 * thinking items in their places.
 */
const weatherLoop = loop(
  { system: "You are a helpful assistant", tools: [WEATHER] },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
  andThen(FOLLOW_UP),
);

export const COHERE: Record<string, RowSpec> = {
  "thinking-tool-loop": { config: REASONING, run: weatherLoop },
  "thinking-tool-loop-stream": {
    config: REASONING,
    run: weatherLoop,
    twin: { file: "thinking-tool-loop", exact: true },
  },
  "reasoning-capture-stream": {
    config: { model: "command-a-reasoning-08-2025" },
    run: loop({}, [user("What is 2 + 2?")]),
  },
};
