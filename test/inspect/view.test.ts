/**
 * The data an inspector page is built from (`inspectView`): the turns in order, what each part
 * shows, the prefix guard's verdicts, a cassette's usage and cache per request, and the errors
 * for input it cannot read.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import { serializeHistory } from "../../src/core/history.js";
import type { Message } from "../../src/core/types.js";
import { digestOf, safeJSON } from "../../src/inspect/digest.js";
import { inspect, inspectView } from "../../src/inspect/index.js";
import type { Cassette } from "../../src/testing/cassette.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import { ROOT } from "../runtimes/built.js";
import {
  converse,
  REDACTED_DATA,
  SIGNATURE_1,
  SIGNATURE_2,
  TURN_2,
  weatherHistory,
} from "./histories.js";

const fixture = (path: string) =>
  JSON.parse(readFileSync(join(ROOT, "fixtures", path), "utf8")) as Cassette;

const outcomes = (history: Message[], opts = {}) =>
  inspectView(history, opts).turns.map((t) => t.verdict?.outcome ?? null);

describe("the inspector's view of a history", () => {
  it("holds every message as a turn, in order, with its parts in order", async () => {
    const view = inspectView(await weatherHistory());
    expect(view.turns.map((t) => [t.index, t.role])).toEqual([
      [0, "user"],
      [1, "assistant"],
      [2, "tool"],
      [3, "assistant"],
      [4, "user"],
    ]);
    expect(view.turns[1]?.parts.map((p) => p.kind)).toEqual(["thinking", "tool-call"]);
    expect(view.turns[2]?.parts.map((p) => p.kind)).toEqual(["tool-result"]);
    expect(view.turns[3]?.parts.map((p) => p.kind)).toEqual(["redacted", "thinking", "text"]);
    expect(view.turns[1]?.parts[1]).toMatchObject({ name: "weather", text: '{"city":"Oslo"}' });
    expect(view.turns[3]?.provider).toBe("anthropic");
  });

  it("shows a signature and an encrypted payload as a short hash and a length, never the value", async () => {
    const view = inspectView(await weatherHistory());
    const [redacted, thinking] = view.turns[3]?.parts ?? [];
    expect(redacted?.payload).toEqual({ hash: expect.stringMatching(/^\w{8}$/), length: 52 });
    expect(thinking?.signature).toEqual({ hash: expect.stringMatching(/^\w{8}$/), length: 44 });
    const text = JSON.stringify(view);
    for (const secret of [SIGNATURE_1, SIGNATURE_2, REDACTED_DATA]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps every signed turn of an unchanged history", async () => {
    expect(outcomes(await weatherHistory())).toEqual([null, "kept", null, "kept", null]);
  });

  it("says the guard would refuse a request after an edit, naming the first differing path", async () => {
    const history = await weatherHistory();
    history[0] = { role: "user", content: "Weather in Bergen?" };
    const view = inspectView(history);
    expect(view.turns.map((t) => t.verdict?.outcome ?? null)).toEqual([
      null,
      "refused",
      null,
      "refused",
      null,
    ]);
    expect(view.turns[1]?.verdict).toMatchObject({ path: "messages.0.content.0", at: 0 });
  });

  it("says the guard would refuse a reordered history, at the first moved block", async () => {
    const h = await weatherHistory();
    const reordered = [h[0], h[1], h[2], h[4], h[3]] as Message[];
    const view = inspectView(reordered);
    expect(view.turns.map((t) => t.verdict?.outcome ?? null)).toEqual([
      null,
      "kept",
      null,
      null,
      "refused",
    ]);
    expect(view.turns[4]?.verdict?.path).toBe("messages.3.content.0");
  });

  it("names its own first difference for the first 8 refused turns, and refuses the rest too", async () => {
    const answers = Array.from({ length: 10 }, (_, i) => ({
      ...TURN_2,
      content: [{ type: "thinking", thinking: `step ${i}`, signature: `sig-${i}` }],
    }));
    const users = Array.from({ length: 11 }, (_, i) => `question ${i}`);
    const history = await converse(answers, { users });
    history[0] = { role: "user", content: "edited" };
    const verdicts = inspectView(history).turns.flatMap((t) => (t.verdict ? [t.verdict] : []));
    expect(verdicts.map((v) => v.outcome)).toEqual(Array(10).fill("refused"));
    expect(verdicts.map((v) => v.path !== undefined)).toEqual([
      ...Array(8).fill(true),
      false,
      false,
    ]);
  });

  it("says another provider drops a turn's signed reasoning", async () => {
    expect(outcomes(await weatherHistory(), { provider: "openai" })).toEqual([
      null,
      "dropped",
      null,
      "dropped",
      null,
    ]);
  });

  it("keeps the turns for a model that does not bind its prefix, edited or not", async () => {
    const history = await weatherHistory();
    history[0] = { role: "user", content: "Weather in Bergen?" };
    expect(outcomes(history, { model: "claude-sonnet-4-6" })).toEqual([
      null,
      "kept",
      null,
      "kept",
      null,
    ]);
  });

  it("reads a stored history as serializeHistory wrote it, and the setup of its first record", async () => {
    const view = inspectView(serializeHistory(await weatherHistory()));
    expect(view.source).toBe("history");
    expect(view.system).toBe("You are terse.");
    expect(view.tools).toContain('"weather"');
    expect(view.target).toEqual({ provider: "anthropic", model: "claude-opus-5-5", binds: true });
  });

  it("reads a RunResult: its messages, total usage and input transformations", async () => {
    const messages = await weatherHistory();
    const view = inspectView({
      messages,
      output: "Cold.",
      usage: { inputTokens: 20, outputTokens: 10, cacheReadTokens: 4 },
      steps: 2,
      inputTransformations: [
        { step: 2, action: "dropped", by: "provider", reason: "prefix_binding_mismatch", index: 1 },
      ],
    });
    expect(view.source).toBe("run");
    expect(view.turns).toHaveLength(5);
    expect(view.total).toEqual({ inputTokens: 20, outputTokens: 10, cacheReadTokens: 4 });
    expect(view.transformations).toEqual([
      { step: 2, action: "dropped", by: "provider", reason: "prefix_binding_mismatch", index: 1 },
    ]);
  });
});

describe("the inspector's view of a cassette", () => {
  it("shows the last request's conversation and its answer, with usage and cache per request", () => {
    const view = inspectView(fixture("anthropic/cache-tool-loop.json"));
    expect(view.turns.map((t) => t.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(view.turns.at(-1)?.parts.map((p) => p.kind)).toEqual(["thinking", "text"]);
    expect(view.steps.map((s) => [s.usage?.cacheReadTokens, s.usage?.cacheWriteTokens])).toEqual([
      [0, 1841],
      [1841, 163],
      [2004, 146],
    ]);
    expect(view.steps.map((s) => s.cache)).toEqual([
      undefined,
      { extends: true },
      { extends: true },
    ]);
    expect(view.steps[0]?.breakpoints).toEqual([
      "$.messages[0].content[0]",
      "$.system[0]",
      "$.tools[1]",
    ]);
    expect(view.total).toMatchObject({ cacheReadTokens: 3845, cacheWriteTokens: 2150 });
  });

  it("gives the explainer's reason for a request that does not extend the one before", () => {
    const cassette = fixture("anthropic/cache-tool-loop.json");
    const body = cassette.interactions[1]?.request.body as { messages: { content: unknown }[] };
    (body.messages[0] as { content: unknown }).content = "Weather in Rome?";
    const step = inspectView(cassette).steps[1];
    expect(step?.cache).toMatchObject({ extends: false, path: "$.messages[0].content" });
    if (step?.cache?.extends !== false) throw new Error("no miss");
    expect(step.cache.before).toContain("Florence");
    expect(step.cache.after).toContain("Rome");
  });

  it("rebuilds a streamed Messages answer from its events", () => {
    const view = inspectView(fixture("anthropic/thinking-tool-loop-stream.json"));
    const last = view.turns.at(-1);
    expect(last?.role).toBe("assistant");
    expect(last?.parts.length).toBeGreaterThan(0);
    expect(view.steps.every((s) => s.usage !== undefined)).toBe(true);
  });

  it("redacts a secret the requests carried wherever it appears", () => {
    const cassette = fixture("anthropic/cache-tool-loop.json");
    const secret = "sk-ant-api03-inspector-test-secret";
    for (const i of cassette.interactions) i.request.headers["x-api-key"] = secret;
    const result = cassette.interactions[0]?.response.body as { content: { text?: string }[] };
    result.content.push({ text: `key ${secret}` } as never);
    const text = JSON.stringify(inspectView(cassette));
    expect(text).not.toContain(secret);
    expect(text).toContain("<redacted>");
  });
});

describe("the inspector's input", () => {
  it("refuses what is neither a history, a run nor a cassette with a ConfigError", () => {
    expect(() => inspectView("not json")).toThrow(ConfigError);
    expect(() => inspectView("42")).toThrow(/takes a history/);
    expect(() => inspectView('{"interactions": [1]}')).toThrow(ConfigError);
  });

  it("refuses a malformed history with a HistoryError naming the message", () => {
    expect(() => inspectView('[{"role": "user", "content": "hi"}, {"role": "robot"}]')).toThrow(
      HistoryError,
    );
  });

  it("refuses an option that is not a non-empty string", () => {
    expect(() => inspectView([], { provider: "" })).toThrow(ConfigError);
  });
});

describe("the inspector's JSON of provider data", () => {
  it("shows signatures, encrypted content and inline bytes only as a hash and a length", () => {
    const shown = safeJSON({
      type: "reasoning",
      encrypted_content: "ENCRYPTED-PAYLOAD",
      parts: [{ thoughtSignature: "SIGNED-PAYLOAD", inlineData: { data: "BYTES-PAYLOAD" } }],
    });
    expect(shown).not.toMatch(/PAYLOAD/);
    expect(shown).toMatch(/<#\w{8}, 17 chars>/);
  });
});

describe("the inspector's reading of recorded answers, by each wire's own parser", () => {
  it.each([
    [
      "Messages",
      "anthropic/cache-tool-loop.json",
      { inputTokens: 1855, outputTokens: 96, cacheReadTokens: 0, cacheWriteTokens: 1841 },
    ],
    [
      "a Responses stream's",
      "openai/responses-thinking-tool-loop-stream.json",
      { inputTokens: 124, outputTokens: 1926, reasoningTokens: 1792, cacheReadTokens: 0 },
    ],
    [
      "Converse",
      "bedrock/cache-tool-loop.json",
      { inputTokens: 1855, outputTokens: 96, cacheReadTokens: 0, cacheWriteTokens: 1841 },
    ],
    [
      "a generateContent stream's",
      "gemini/thinking-streaming.json",
      { inputTokens: 65, outputTokens: 110, reasoningTokens: 94 },
    ],
    [
      "a Chat Completions stream's",
      "openai/deepseek-thinking-tool-loop-stream.json",
      { inputTokens: 563, outputTokens: 116, reasoningTokens: 60, cacheReadTokens: 512 },
    ],
    [
      "Cohere",
      "cohere/thinking-tool-loop.json",
      { inputTokens: 1512, outputTokens: 52, cacheReadTokens: 1344 },
    ],
  ])("reads %s usage under golem's names", (_, path, usage) => {
    expect(inspectView(fixture(path)).steps[0]?.usage).toEqual(usage);
  });

  /** The cassette cut after its first request: its answer is the page's last turn. */
  const firstAnswer = (path: string) => {
    const cassette = fixture(path);
    cassette.interactions = cassette.interactions.slice(0, 1);
    return inspectView(cassette).turns.at(-1);
  };

  it.each([
    [
      "a Chat Completions stream",
      "openai/deepseek-thinking-tool-loop-stream.json",
      "load_capability",
    ],
    ["a Converse event stream", "bedrock/thinking-tool-loop-stream.json", "get_user_country"],
    ["a Chat Completions body", "openai/deepseek-thinking-tool-loop.json", "load_capability"],
    ["a Converse body", "bedrock/thinking-tool-loop.json", "get_user_country"],
  ])("shows %s's thinking, text and tool call in order", (_, path, tool) => {
    const turn = firstAnswer(path);
    expect(turn?.role).toBe("assistant");
    expect(turn?.parts.map((p) => p.kind)).toEqual(["thinking", "text", "tool-call"]);
    expect(turn?.parts[0]?.text).not.toBe("");
    expect(turn?.parts[2]).toMatchObject({ name: tool });
  });

  it.each([
    ["a Cohere stream", "cohere/thinking-tool-loop-stream.json"],
    [
      "a Chat Completions stream of a compatible server",
      "openai/deepseek/thinking-tool-loop-stream.json",
    ],
  ])("shows %s's thinking and tool call in order, and its final answer", (_, path) => {
    const first = firstAnswer(path);
    expect(first?.parts.map((p) => p.kind)).toEqual(["thinking", "tool-call"]);
    expect(first?.parts[1]).toMatchObject({
      name: "weather",
      text: expect.stringContaining("Florence"),
    });
    const last = inspectView(fixture(path)).turns.at(-1);
    expect(last?.role).toBe("assistant");
    expect(last?.parts.map((p) => p.kind)).toContain("thinking");
  });

  it.each([
    [
      "thinking between tags in the text (Groq)",
      "openai/groq/captured-think-tags.json",
      ["thinking", "text"],
    ],
    [
      "thinking chunks (Mistral)",
      "openai/mistral/thinking-tool-loop-stream.json",
      ["thinking", "tool-call"],
    ],
  ])("reads a Chat Completions server's %s as golem/openai reads that server", (_, path, kinds) => {
    expect(firstAnswer(path)?.parts.map((p) => p.kind)).toEqual(kinds);
  });

  it("shows a streamed Converse answer's signature as a digest, never the value", () => {
    const cassette = fixture("bedrock/cache-tool-loop-stream.json");
    const chunks = cassette.interactions.at(-1)?.response.chunksBase64 ?? [];
    const bytes = Buffer.concat(chunks.map((c) => Buffer.from(c, "base64")));
    const payloads = decodeFrames(bytes).map((f) => new TextDecoder().decode(f.payload));
    const signature = payloads.join("").match(/"signature":"([^"]+)"/)?.[1] ?? "none";
    expect(signature.length).toBeGreaterThan(40);
    const view = inspectView(cassette);
    expect(view.turns.at(-1)?.parts[0]?.signature).toEqual(digestOf(signature));
    expect(JSON.stringify(view)).not.toContain(signature);
    expect(inspect(cassette)).not.toContain(signature);
  });

  it("names a stream that ended in an error, and shows what arrived before it", () => {
    const view = inspectView(fixture("bedrock/exception-stream.json"));
    expect(view.notes.join("\n")).toMatch(/request 1 was not read whole: .*throttlingException/);
    expect(view.turns.at(-1)?.parts.map((p) => p.kind)).toEqual(["thinking"]);
  });
});
