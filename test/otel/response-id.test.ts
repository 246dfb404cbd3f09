import { describe, expect, it } from "vitest";
import { withTracing } from "../../src/otel/index.js";
import { runCassette } from "../contract/table.js";
import { everyVariant } from "../variants.js";
import { recordSpans } from "./spans.js";

const ID = "gen_ai.response.id";
const MODEL = "gen_ai.response.model";

/**
 * The first call's response id and model, copied from each cassette's recorded body (Anthropic
 * `id`/`model`, OpenAI `id`/`model`, Gemini `responseId`/`modelVersion`), in JSON and in streams.
 */
const CLAUDE_4 = ["msg_01KTBB57LAzaSZs8kMNvfnsY", "claude-sonnet-4-20250514"] as const;
const GEMINI_31 = ["yACzaZiFOp3Uz7IP577z4Qk", "gemini-3.1-pro-preview"] as const;
const GPT_5 = [
  "resp_68c42d28772c819684459966ee2201ed0e8bc41441c948f6",
  "gpt-5-2025-08-07",
] as const;
const ROWS = everyVariant(
  [
    ["anthropic", "cache-tool-loop", "msg_01CacheLoopStep1000000001", "claude-sonnet-4-6"],
    ["anthropic", "thinking-tool-loop-stream", ...CLAUDE_4],
    ...(["thinking-tool-loop", "thinking-streaming"] as const).map(
      (file) => ["gemini", file, ...GEMINI_31] as const,
    ),
    ...(["responses-thinking-tool-loop", "responses-thinking-tool-loop-stream"] as const).map(
      (file) => ["openai", file, ...GPT_5] as const,
    ),
    ["azure", "v1-tool-call", "chatcmpl-DuLZ0dgARywxlk2z1MS2qGUsf5mIi", "gpt-5-mini-2025-08-07"],
    ["openai", "structured-output-chat-stream", "chatcmpl-SynthStructured02", "gpt-5.4-2026-03-05"],
    ["vertex", "claude-thinking-tool-loop", ...CLAUDE_4],
    ["vertex", "gemini-thinking-tool-loop", ...GEMINI_31],
  ],
  {
    bedrock: "Converse names no response: the test below checks that neither is set",
    cohere: "Cohere's answers name no model: the test below checks the id alone",
  },
  // A deployment's loop is fixtures/anthropic's Claude 4 loop moved to its URLs.
  (d) => [[d, "thinking-tool-loop", ...CLAUDE_4]],
);

describe("withTracing: the response id and model the provider sent", () => {
  it.each(ROWS)("%s %s: gen_ai.response.id and .model", async (provider, file, id, model) => {
    const recorder = recordSpans();
    const run = await runCassette(provider, file, {
      wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
    });
    expect(run.error).toBeUndefined();
    const [first] = recorder.spans();
    expect(first?.attributes[ID]).toBe(id);
    expect(first?.attributes[MODEL]).toBe(model);
    expect(run.turns[0]?.response).toMatchObject({ id, model });
  });

  it("bedrock: Converse names no response, so neither attribute is set", async () => {
    const recorder = recordSpans();
    const run = await runCassette("bedrock", "cache-tool-loop-stream", {
      wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
    });
    expect(run.error).toBeUndefined();
    const spans = recorder.spans();
    expect(spans.length).toBeGreaterThan(0);
    for (const span of spans) {
      expect(span.attributes).not.toHaveProperty(ID);
      expect(span.attributes).not.toHaveProperty(MODEL);
    }
    expect(run.turns[0]?.response).not.toHaveProperty("id");
  });

  it.each(["thinking-tool-loop", "thinking-tool-loop-stream"])(
    "cohere %s: the answer's id, and no model, which Cohere's answers do not name",
    async (file) => {
      const recorder = recordSpans();
      const run = await runCassette("cohere", file, {
        wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
      });
      expect(run.error).toBeUndefined();
      const [first] = recorder.spans();
      expect(first?.attributes[ID]).toBe("a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601");
      expect(first?.attributes).not.toHaveProperty(MODEL);
      expect(run.turns[0]?.response).not.toHaveProperty("model");
    },
  );
});
