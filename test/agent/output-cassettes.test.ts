import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { REPORT, REPORT_REQUEST } from "../../scripts/scenarios/tool-loop.js";
import { Agent, type Model, textOf } from "../../src/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { createModel } from "../contract/adapters.js";
import { SPECS } from "../contract/rows/index.js";
import { LOOPS_ONLY, loadCassette } from "../helpers/cassettes.js";
import { because, everyVariant } from "../variants.js";

/**
 * The agent's structured output over the adapters' structured-output cassettes: the Agent asks
 * for its output schema, the adapter puts it on the wire in the provider's native mode (the
 * replaying fetch checks the request byte for byte), and the answer comes back parsed,
 * validated and typed, through `run` (JSON cassettes) and `runStream` (streamed ones).
 */

const CASSETTES = everyVariant(
  [
    ["anthropic", "structured-output"],
    ["anthropic", "structured-output-stream"],
    ["bedrock", "structured-output"],
    ["bedrock", "structured-output-stream"],
    ["gemini", "structured-output"],
    ["gemini", "structured-output-stream"],
    ["openai", "structured-output-chat"],
    ["openai", "structured-output-chat-stream"],
    ["openai", "responses-structured-output"],
    ["openai", "responses-structured-output-stream"],
  ],
  because("no structured-output conversation is recorded on it", ...LOOPS_ONLY),
);

const Report = z.object({ city: z.string(), celsius: z.number() });

/** The recorded requests name the schema; the agent sends only the schema itself. */
function withOutputName(model: Model): Model {
  const named = <R extends { output?: object }>(req: R): R =>
    req.output ? { ...req, output: { ...REPORT, ...req.output } } : req;
  return {
    provider: model.provider,
    model: model.model,
    generate: (req, opts) => model.generate(named(req), opts),
    stream: (req, opts) => model.stream(named(req), opts),
  };
}

const PROMPT = textOf(REPORT_REQUEST.messages[0] ?? { role: "user", content: "" });

describe.each(CASSETTES)("Agent output over %s/%s", (provider, file) => {
  it("asks in the provider's mode and returns the parsed, typed answer", async () => {
    const cassette = loadCassette(provider, file);
    const spec = SPECS[provider][file];
    if (!spec) throw new Error(`no contract row for ${provider}/${file}`);
    const fetch = replayFetch(cassette);
    const model = withOutputName(await createModel(provider, spec.config, fetch));
    // The recorded schema as the JSON Schema, so the request matches the cassette's bytes.
    const agent = new Agent({ model, output: Report, outputJsonSchema: REPORT.schema });
    const result = cassette.streaming
      ? await agent.runStream(PROMPT).result
      : await agent.run(PROMPT);

    expectTypeOf(result.output).toEqualTypeOf<{ city: string; celsius: number }>();
    const last = result.messages[result.messages.length - 1];
    expect(last?.role).toBe("assistant");
    expect(result.output).toEqual(JSON.parse(textOf(last ?? { role: "assistant", content: "" })));
    expect(result.output.city).toMatch(/oslo/i);
    expect(result.steps).toBe(1);
    fetch.assertDone();
  });
});
