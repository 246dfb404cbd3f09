import { describe, expect, it } from "vitest";
import { BLUE_SQUARE_PNG, LOGO, logoResult, mediaPrompt } from "../../scripts/scenarios/media.js";
import { Agent, jsonTool, type Part, partsOf, toolCallsOf } from "../../src/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { createModel } from "../contract/adapters.js";
import { SPECS } from "../contract/rows/index.js";
import { LOOPS_ONLY, loadCassette } from "../helpers/cassettes.js";
import { because, everyVariant } from "../variants.js";

/**
 * The agent's parts over the adapters' media cassettes: a `Part[]` prompt (text, an image, a
 * PDF) and, where the provider takes images in tool results, a tool whose `execute` returns
 * parts. The replaying fetch checks every request byte for byte, so the prompt's parts and
 * the tool's image must reach each wire exactly as the capture scenario sent them.
 */

const CASSETTES = everyVariant(
  [
    ["anthropic", "media", true],
    ["anthropic", "media-stream", true],
    ["bedrock", "media", true],
    ["bedrock", "media-stream", true],
    ["gemini", "media", true],
    ["gemini", "media-stream", true],
    ["openai", "chat-media", false],
    ["openai", "chat-media-stream", false],
    ["openai", "responses-media", true],
    ["openai", "responses-media-stream", true],
  ],
  because("no media conversation is recorded on it", ...LOOPS_ONLY),
);

/** The logo tool, returning parts: a line of text and the blue square. */
const logo = jsonTool({
  ...LOGO,
  execute: (): Part[] => [
    { type: "text", text: "logo.png" },
    { type: "image", mediaType: "image/png", data: BLUE_SQUARE_PNG },
  ],
});

describe.each(CASSETTES)("Agent parts over %s/%s", (provider, file, withTool) => {
  it("sends the Part[] prompt and the tool's parts as the scenario did", async () => {
    const cassette = loadCassette(provider, file);
    const spec = SPECS[provider][file];
    if (!spec) throw new Error(`no contract row for ${provider}/${file}`);
    const fetch = replayFetch(cassette);
    const model = await createModel(provider, spec.config, fetch);
    const agent = new Agent({ model, ...(withTool ? { tools: [logo] } : {}) });
    const prompt = partsOf(mediaPrompt(withTool));
    const result = cassette.streaming
      ? await agent.runStream(prompt).result
      : await agent.run(prompt);

    fetch.assertDone();
    expect(result.messages[0]?.content).toEqual(prompt);
    const calls = result.messages.flatMap((m) => (m.role === "assistant" ? toolCallsOf(m) : []));
    const results = result.messages.filter((m) => m.role === "tool");
    expect(results).toEqual(calls.map(logoResult));
    expect(results.length).toBe(withTool ? 1 : 0);
  });
});
