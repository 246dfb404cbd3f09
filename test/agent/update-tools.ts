/**
 * The two tools the append-only update tests (updates.test.ts on Anthropic, updates-responses
 * on the OpenAI Responses API) give an agent: a later run adds, removes or keeps them.
 */
import { z } from "zod";
import { tool } from "../../src/index.js";

/** A weather tool that always answers "-3 C". */
export const weather = tool({
  name: "weather",
  description: "Weather in a city",
  parameters: z.object({ city: z.string() }),
  jsonSchema: { type: "object", properties: { city: { type: "string" } } },
  execute: () => "-3 C",
});

/** A clock that always answers "12:00". */
export const time = tool({
  name: "time",
  description: "The time now",
  parameters: z.object({}),
  jsonSchema: { type: "object", properties: {} },
  execute: () => "12:00",
});

/** {@link time} added by value, as Anthropic's tool_addition carries it. */
export const TIME_ADDITION = {
  type: "tool_addition",
  tool: {
    type: "tool_definition",
    definition: {
      name: "time",
      description: "The time now",
      input_schema: { type: "object", properties: {} },
    },
  },
};
