import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { ConfigError, type ModelResponse, type Usage } from "../../src/index.js";
import { withTracing } from "../../src/otel/index.js";
import { answer, ScriptedModel } from "../agent/scripted-model.js";
import { createModel } from "../contract/adapters.js";
import { runCassette } from "../contract/table.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { everyVariant, everyWire, minimalConfig, type Variant } from "../variants.js";
import { recordSpans } from "./spans.js";

/** The usage attributes a response's counts must give, by the conventions' names. */
function usageAttributes(usage: Usage): Record<string, number> {
  const out: Record<string, number> = {
    "gen_ai.usage.input_tokens": usage.inputTokens,
    "gen_ai.usage.output_tokens": usage.outputTokens,
  };
  if (usage.reasoningTokens !== undefined) {
    out["gen_ai.usage.reasoning.output_tokens"] = usage.reasoningTokens;
  }
  if (usage.cacheReadTokens !== undefined) {
    out["gen_ai.usage.cache_read.input_tokens"] = usage.cacheReadTokens;
  }
  if (usage.cacheWriteTokens !== undefined) {
    out["gen_ai.usage.cache_creation.input_tokens"] = usage.cacheWriteTokens;
  }
  return out;
}

const ROWS = everyVariant(
  [
    ["anthropic", "cache-tool-loop", "anthropic"],
    ["anthropic", "thinking-tool-loop-stream", "anthropic"],
    ["bedrock", "cache-tool-loop-stream", "aws.bedrock"],
    ["gemini", "thinking-tool-loop", "gcp.gemini"],
    ["openai", "responses-thinking-tool-loop", "openai"],
    ["azure", "v1-tool-call", "azure.ai.openai"],
    ["vertex", "claude-thinking-tool-loop", "gcp.vertex_ai"],
    // The conventions name Cohere "cohere", golem's tag.
    ["cohere", "thinking-tool-loop", "cohere"],
  ],
  {},
  // A deployment (its recorded loop, streamed): a platform the conventions do not name goes by
  // golem's tag.
  (d) => [[d, "thinking-tool-loop-stream", d]],
);

describe("withTracing: one chat span per model call, by the GenAI conventions", () => {
  const seen: Usage[] = [];

  it.each(ROWS)(
    "%s %s: operation, provider, model, finish reason and token counts",
    async (provider, file, name) => {
      const recorder = recordSpans();
      const run = await runCassette(provider, file, {
        wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
      });
      expect(run.error).toBeUndefined();
      const spans = recorder.spans();
      expect(spans).toHaveLength(run.turns.length);
      for (const [i, span] of spans.entries()) {
        const response = run.turns[i]?.response as ModelResponse;
        seen.push(response.usage);
        expect(span.name).toBe(`chat ${run.model.model}`);
        expect(span.kind).toBe(SpanKind.CLIENT);
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
        expect(span.attributes).toMatchObject({
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": name,
          "gen_ai.request.model": run.model.model,
          "gen_ai.request.stream": run.cassette.streaming,
          "gen_ai.response.finish_reasons": [response.stopReason],
          ...usageAttributes(response.usage),
        });
        // A count the provider did not send stays absent.
        const counts = Object.keys(span.attributes).filter((k) => k.startsWith("gen_ai.usage."));
        expect(counts.sort()).toEqual(Object.keys(usageAttributes(response.usage)).sort());
        // Content capture is off by default.
        expect(span.attributes["gen_ai.input.messages"]).toBeUndefined();
        expect(span.attributes["gen_ai.output.messages"]).toBeUndefined();
      }
    },
  );

  it("the rows above carry reasoning, cache-read and cache-write counts (so their mapping is checked)", () => {
    expect(seen.some((u) => u.reasoningTokens !== undefined)).toBe(true);
    expect(seen.some((u) => (u.cacheReadTokens ?? 0) > 0)).toBe(true);
    expect(seen.some((u) => (u.cacheWriteTokens ?? 0) > 0)).toBe(true);
  });

  it("stamps the time to the first chunk, reasoning and text of a stream, in seconds", async () => {
    const recorder = recordSpans();
    await runCassette("anthropic", "thinking-tool-loop-stream", {
      wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
    });
    const [first, second] = recorder.spans();
    const a = first?.attributes ?? {};
    const chunk = a["gen_ai.response.time_to_first_chunk"] as number;
    const thinking = a["golem.response.time_to_first_thinking"] as number;
    expect(chunk).toBeGreaterThanOrEqual(0);
    expect(thinking).toBeGreaterThanOrEqual(chunk);
    // The second answer is text only.
    expect(second?.attributes["golem.response.time_to_first_text"]).toBeGreaterThanOrEqual(0);
    expect(second?.attributes["golem.response.time_to_first_thinking"]).toBeUndefined();
  });

  it("records the request's settings", async () => {
    const recorder = recordSpans();
    const model = withTracing(new ScriptedModel([answer("ok")]), { tracer: recorder.tracer });
    await model.generate({
      messages: [{ role: "user", content: "hi" }],
      maxTokens: 100,
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      seed: 7,
      stopSequences: ["END"],
      output: { schema: { type: "object" } },
    });
    expect(recorder.one("chat scripted-1").attributes).toMatchObject({
      "gen_ai.request.max_tokens": 100,
      "gen_ai.request.temperature": 0.5,
      "gen_ai.request.top_p": 0.9,
      "gen_ai.request.top_k": 40,
      "gen_ai.request.seed": 7,
      "gen_ai.request.stop_sequences": ["END"],
      "gen_ai.output.type": "json",
      "gen_ai.provider.name": "scripted",
    });
  });

  /** The registry's models that refuse a temperature, and one of the same wire that takes it. */
  const TAKES_TEMPERATURE: Partial<Record<Variant, Record<string, unknown>>> = {
    openai: { model: "gpt-4.1" },
    azure: { deployment: "gpt-4.1" },
  };
  /** Every variant over every wire it serves, with a model that takes a temperature. */
  const ENTRIES = everyWire().map(
    ([v, wire]) =>
      [`${v} over ${wire}`, v, { ...minimalConfig(v, wire), ...TAKES_TEMPERATURE[v] }] as const,
  );

  describe.each(ENTRIES)("%s", (_, provider, config) => {
    /** The span and the body of one call to a model made with `settings` in `create()`. */
    async function traced(settings: Record<string, unknown>, request: Record<string, unknown>) {
      const recorder = recordSpans();
      const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
      const model = await createModel(provider, { ...config, ...settings, maxRetries: 0 }, fetch);
      await withTracing(model, { tracer: recorder.tracer })
        .generate({ messages: [{ role: "user", content: "hi" }], ...request })
        .catch(() => undefined);
      expect(calls).toHaveLength(1);
      return { attributes: recorder.spans()[0]?.attributes, body: calls[0]?.body ?? "" };
    }

    it("records maxTokens and temperature given to create(), as they go on the wire", async () => {
      const { attributes, body } = await traced({ maxTokens: 321, temperature: 0.25 }, {});
      expect(attributes).toMatchObject({
        "gen_ai.request.max_tokens": 321,
        "gen_ai.request.temperature": 0.25,
      });
      expect(body).toMatch(/:321\b/);
      expect(body).toContain(":0.25");
    });

    it("records a call's own settings over create()'s", async () => {
      const { attributes, body } = await traced(
        { maxTokens: 321, temperature: 0.25 },
        { maxTokens: 123, temperature: 0.75 },
      );
      expect(attributes).toMatchObject({
        "gen_ai.request.max_tokens": 123,
        "gen_ai.request.temperature": 0.75,
      });
      expect(body).toMatch(/:123\b/);
      expect(body).not.toMatch(/:321\b/);
    });
  });

  it("marks a failed call: error status, the provider's error type, no message text", async () => {
    const recorder = recordSpans();
    const run = await runCassette("anthropic", "foreign-thinking-400", {
      wrap: (m) => withTracing(m, { tracer: recorder.tracer }),
    });
    const error = run.error as { type: string; status: number; message: string };
    expect(error.status).toBe(400);
    const span = recorder.spans().at(-1);
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: "APIError 400" });
    expect(span?.attributes["error.type"]).toBe(error.type);
  });

  it("adds events for a refusal and for what the provider reports it dropped, never its content", async () => {
    const recorder = recordSpans();
    const refused = answer("I can't help with that.");
    const response = {
      ...refused.response,
      stopReason: "refusal",
      inputTransformations: [
        {
          action: "dropped" as const,
          by: "provider" as const,
          reason: "prefix_mismatch",
          index: 3,
          raw: { type: "thinking_dropped", thinking: "secret thought" },
        },
      ],
    };
    const model = withTracing(new ScriptedModel([{ response }]), { tracer: recorder.tracer });
    await model.generate({ messages: [{ role: "user", content: "hi" }] });
    const span = recorder.one("chat scripted-1");
    expect(span.events.map((e) => [e.name, e.attributes])).toEqual([
      ["golem.refusal", { "gen_ai.response.finish_reasons": ["refusal"] }],
      [
        "golem.input_transformation",
        {
          "golem.input_transformation.action": "dropped",
          "golem.input_transformation.by": "provider",
          "golem.input_transformation.reason": "prefix_mismatch",
          "golem.input_transformation.index": 3,
        },
      ],
    ]);
  });
});

describe("withTracing refuses what it cannot use, before any call", () => {
  const model = new ScriptedModel([]);
  it.each([
    [
      "an unknown option",
      () => withTracing(model, { tracr: {} } as never),
      /unknown option "tracr"/,
    ],
    ["a tracer without startSpan", () => withTracing(model, { tracer: {} as never }), /startSpan/],
    [
      "captureContent not a boolean",
      () => withTracing(model, { captureContent: "yes" as never }),
      /true or false/,
    ],
    ["no model", () => withTracing(undefined as never), /must be a Model/],
  ])("%s", (_, wrap, message) => {
    expect(wrap).toThrow(ConfigError);
    expect(wrap).toThrow(message);
  });

  it("without a tracer, uses the global provider's, even one registered after the wrap", async () => {
    const recorder = recordSpans();
    const traced = withTracing(new ScriptedModel([answer("ok")]));
    const { trace } = await import("@opentelemetry/api");
    trace.setGlobalTracerProvider({ getTracer: () => recorder.tracer });
    try {
      await traced.generate({ messages: [{ role: "user", content: "hi" }] });
    } finally {
      trace.disable();
    }
    expect(recorder.one("chat scripted-1").attributes["gen_ai.operation.name"]).toBe("chat");
  });
});
