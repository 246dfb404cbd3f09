import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import type { ConversationUpdate, Model, ModelRequest } from "../../src/core/types.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { stubTool } from "../helpers/tools.js";

// The wires without an append-only form fold an update into their top-level fields (one shared
// helper, kit/updates.ts): each row reads the tool names, effort and output it sent.

const tool = stubTool;
const CREDS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};

// biome-ignore lint/suspicious/noExplicitAny: each row reads its own wire's JSON.
type Body = Record<string, any>;
interface Wire {
  name: string;
  make(fetch: typeof globalThis.fetch): Model;
  /** An effort the provider takes, and one it does not. */
  effort: [ok: string, bad: string];
  tools(body: Body): string[];
  effortOf(body: Body): unknown;
  hasOutput(body: Body): boolean;
}

const WIRES: Wire[] = [
  {
    name: "bedrock (Converse)",
    make: (fetch) =>
      bedrock.create({
        region: "us-east-1",
        model: "anthropic.claude-sonnet-4-5-v1:0",
        credentials: CREDS,
        fetch,
      }),
    effort: ["low", "minimal"],
    tools: (b) => (b.toolConfig?.tools ?? []).map((t: Body) => t.toolSpec.name),
    effortOf: (b) => b.outputConfig?.effort,
    hasOutput: (b) => b.outputConfig?.textFormat !== undefined,
  },
  {
    name: "gemini",
    make: (fetch) => gemini.create({ apiKey: "AIza-test", model: "gemini-3-pro-preview", fetch }),
    // `xhigh` is a Gemini 4 level (@google/genai 3.6.1 ThinkingLevel.XHIGH); `max` is none.
    effort: ["low", "max"],
    tools: (b) => (b.tools?.[0]?.functionDeclarations ?? []).map((t: Body) => t.name),
    effortOf: (b) => b.generationConfig?.thinkingConfig?.thinkingLevel?.toLowerCase(),
    hasOutput: (b) => b.generationConfig?.responseJsonSchema !== undefined,
  },
  {
    name: "openai (Chat Completions)",
    make: (fetch) => openai.create({ apiKey: "sk-test", model: "gpt-5.4", fetch }),
    effort: ["low", "extreme"],
    tools: (b) => (b.tools ?? []).map((t: Body) => t.function.name),
    effortOf: (b) => b.reasoning_effort,
    hasOutput: (b) => b.response_format !== undefined,
  },
];

const request = (update: ConversationUpdate, text = ""): ModelRequest => ({
  tools: [tool("weather")],
  output: { schema: { type: "object" } },
  messages: [
    { role: "user", content: "Weather in Oslo?" },
    { role: "system", content: text, update },
  ],
});

/** The body `wire` sends for `req` (its answer is a 400, which is not retried). */
async function sent(wire: Wire, req: ModelRequest): Promise<Body> {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  await wire
    .make(fetch as typeof globalThis.fetch)
    .generate(req)
    .catch(() => undefined);
  expect(calls).toHaveLength(1);
  return JSON.parse(calls[0]?.body ?? "{}");
}

describe.each(WIRES)("$name folds an update into the top-level fields", (wire) => {
  it("adds a tool, after the ones it had", async () => {
    expect(wire.tools(await sent(wire, request({ addTools: [tool("time")] })))).toEqual([
      "weather",
      "time",
    ]);
  });

  it("removes a tool", async () => {
    expect(wire.tools(await sent(wire, request({ removeTools: ["weather"] })))).toEqual([]);
  });

  it("changes the effort", async () => {
    expect(wire.effortOf(await sent(wire, request({ effort: wire.effort[0] })))).toBe(
      wire.effort[0],
    );
  });

  it("returns to free text with output null", async () => {
    const body = await sent(wire, request({ output: null }));
    expect(wire.hasOutput(body)).toBe(false);
    expect(wire.hasOutput(await sent(wire, request({ removeTools: ["weather"] })))).toBe(true);
  });

  it("keeps the update's instruction as a system instruction, and sends no empty one", async () => {
    const withText = JSON.stringify(
      await sent(wire, request({ effort: wire.effort[0] }, "Use Celsius.")),
    );
    expect(withText).toContain("Use Celsius.");
    const without = JSON.stringify(await sent(wire, request({ effort: wire.effort[0] })));
    expect(without).not.toMatch(/"text":""|"content":""/);
  });

  it.each([
    ["an effort it does not take", (w: Wire) => ({ effort: w.effort[1] })],
    ["removing a tool that is not there", () => ({ removeTools: ["time"] })],
  ])("refuses %s before any request, naming the message", async (_, update) => {
    const { fetch, calls } = scriptedFetch([]);
    const err = await wire
      .make(fetch as typeof globalThis.fetch)
      .generate(request(update(wire)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(1);
    expect(calls).toHaveLength(0);
  });
});
