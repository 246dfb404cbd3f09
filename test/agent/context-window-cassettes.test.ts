/**
 * `contextWindow` through the public API on every adapter with a count endpoint, replaying the
 * count cassettes (fixtures/count, which check each request): an agent whose first step is
 * exactly the recorded count request (its instructions, tool, output schema and prompt are
 * COUNT_REQUEST's, test/helpers/count.ts) stops on a limit below the recorded count, and since each cassette holds
 * the count request only, a generate request would fail the replay.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, ContextWindowError, type Part, tool } from "../../src/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { createModel } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";
import { COUNT_MODELS, COUNT_REQUEST } from "../helpers/count.js";
import { variantRows } from "../variants.js";

/** What each cassette answers (test/providers/count-tokens.test.ts reads the same). */
const RECORDED: Record<string, number> = {
  anthropic: 1843,
  openai: 1619,
  gemini: 1712,
  bedrock: 1790,
};

const weather = tool({
  name: WEATHER.name,
  description: WEATHER.description,
  parameters: z.object({ location: z.string() }),
  jsonSchema: WEATHER.parameters,
  execute: () => "-3 C",
});

describe.each(variantRows(COUNT_MODELS))(
  "%s: contextWindow on the count cassette",
  (provider, [config]) => {
    it("stops before the generate request when the recorded count is above the limit", async () => {
      const fetch = replayFetch(loadCassette(`count/${provider}`, "count-tokens"));
      const model = await createModel(provider, config, fetch);
      const agent = new Agent({
        model,
        instructions: "Be brief.",
        tools: [weather],
        output: z.object({ answer: z.string() }),
        outputJsonSchema: { type: "object", properties: { answer: { type: "string" } } },
        contextWindow: 1000,
      });
      const prompt = COUNT_REQUEST.messages[0]?.content as Part[];
      const error = await agent.run(prompt).catch((e: unknown) => e);
      fetch.assertDone();
      expect(error).toBeInstanceOf(ContextWindowError);
      expect(error).toMatchObject({
        inputTokens: RECORDED[provider],
        maxInputTokens: 1000,
        steps: 0,
      });
    });
  },
);
