/**
 * The replay law of every server's loop (fixtures/openai/<server>/): what turn n answered
 * comes back in request n+1 as the server's docs say — the thinking golem parsed, in the
 * server's field, on the turns the rule names, and nowhere on the others; the answer's text
 * without the tags it came in. The cassettes are the docs' reading (scripts/synthesize-servers.ts,
 * checked here to be what it writes); the laws every cassette obeys run in test/contract/.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_CASES } from "../../../scripts/scenarios/servers.js";
import { serverCassettes } from "../../../scripts/synthesize-servers.js";
import { thinkingOf, toolCallsOf } from "../../../src/core/parts.js";
import { FIXTURES, runCassette } from "../../contract/table.js";

type WireMessage = Record<string, unknown> & { role: string; content?: unknown };
const assistantsOf = (body: unknown) =>
  (body as { messages: WireMessage[] }).messages.filter((m) => m.role === "assistant");

describe("the server cassettes", () => {
  it("are what scripts/synthesize-servers.ts writes from the cases", () => {
    for (const [path, text] of serverCassettes()) {
      expect(readFileSync(join(FIXTURES, "openai", path), "utf8"), path).toBe(text);
    }
  });
});

describe.each(
  SERVER_CASES.flatMap(
    (c) =>
      [
        [c, ""],
        [c, "-stream"],
      ] as const,
  ),
)("%s", (c, suffix) => {
  const file = `${c.server}/thinking-tool-loop${suffix}`;

  it(`${file}: every turn's reasoning is a thinking part, the text holds only the answer`, async () => {
    const { turns } = await runCassette("openai", file);
    for (const turn of turns) {
      const message = turn.response?.message;
      expect(message && thinkingOf(message)[0]?.text).toMatch(/\w/);
      expect(JSON.stringify(message?.content)).not.toContain("<think>");
    }
  });

  it(`${file}: request n+1 carries turn n's reasoning as ${c.form} ${c.replay === "never" ? "never" : `on ${c.replay} turns`}`, async () => {
    const { turns, fetch } = await runCassette("openai", file);
    for (const [n, turn] of turns.slice(0, -1).entries()) {
      const answer = turn.response?.message;
      if (!answer) throw new Error(`turn ${n + 1} has no answer`);
      const thought = thinkingOf(answer)[0]?.text;
      const sent = assistantsOf(fetch.requests[n + 1]?.body)[n] as WireMessage;
      const calls = toolCallsOf(answer).length > 0;
      if (c.arrives === "reasoning_details") {
        // OpenRouter: the entries always, and no other reasoning field beside them.
        expect(sent.reasoning_details, `request ${n + 2}`).toBeDefined();
        expect(sent.reasoning).toBe(undefined);
        continue;
      }
      const back = c.replay === "always" || (c.replay === "tool-calls" && calls);
      expect(sent[c.form], `request ${n + 2}'s turn ${n + 1}`).toBe(back ? thought : undefined);
      for (const field of ["reasoning_content", "reasoning"].filter((f) => f !== c.form)) {
        expect(sent[field], `request ${n + 2}: ${field}`).toBe(undefined);
      }
      expect(String(sent.content ?? "")).not.toContain(thought ?? "");
    }
  });
});

describe("the servers' own captures (fixtures/reference/compat/)", () => {
  it("Groq: the raw answer's <think> run is a thinking part, and goes back as Groq took it: not at all", async () => {
    const { turns, fetch } = await runCassette("openai", "groq/captured-think-tags");
    const [thought, answer] = (turns[0]?.response?.message.content ?? []) as [
      { type: string; text: string },
      { type: string; text: string },
    ];
    expect(thought.type).toBe("thinking");
    expect(thought.text.startsWith("\nOkay, so I want to make Uruguayan alfajores.")).toBe(true);
    expect(answer.type).toBe("text");
    const sent = assistantsOf(fetch.requests[1]?.body)[0];
    expect(sent?.content).toBe(answer.text);
    expect(String(sent?.content)).not.toContain("<think>");
    // Turn 2 (format parsed) reasons in message.reasoning.
    expect(
      thinkingOf(turns[1]?.response?.message ?? { role: "assistant", content: [] })[0]?.text,
    ).toMatch(/^Alright/);
  });

  it.each([
    ["llamacpp/captured-tool-loop", "reasoning_content"],
    ["xai/captured-tool-loop", "reasoning_content"],
    ["zai/captured-tool-loop-stream", "reasoning_content"],
    ["cerebras/captured-multiturn", "reasoning"],
  ])("%s: turn 1's reasoning goes back in %s, as the server took it", async (file, field) => {
    const { turns, fetch } = await runCassette("openai", file);
    const thought = thinkingOf(
      turns[0]?.response?.message ?? { role: "assistant", content: [] },
    )[0];
    expect(assistantsOf(fetch.requests[1]?.body)[0]?.[field]).toBe(thought?.text);
  });
});
