import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { explainCacheMiss } from "../../../src/testing/index.js";
import type { ChatOptions, ResponsesOptions } from "../../../src/wires/openai-chat/options.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";
import { buildResponsesRequest } from "../../../src/wires/openai-responses/request.js";

const RESPONSES: ResponsesOptions = { provider: "openai", model: "gpt-5.6", cache: "auto" };
const CHAT: ChatOptions = { ...RESPONSES, replayReasoning: false };
const BREAK = { mode: "explicit" };

const ask: Message = { role: "user", content: "What is the weather in Paris and in Rome?" };
const call = (id: string, city: string): Message => ({
  role: "assistant",
  content: [{ type: "tool-call", id, name: "weather", arguments: JSON.stringify({ city }) }],
});
const result = (id: string, text: string): Message => ({
  role: "tool",
  toolCallId: id,
  content: text,
});
/** The histories of a three-request tool loop, each the one before plus the new turns. */
const LOOP: Message[][] = [
  [ask],
  [ask, call("c1", "Paris"), result("c1", "18°C, clear")],
  [ask, call("c1", "Paris"), result("c1", "18°C, clear"), call("c2", "Rome"), result("c2", "24°C")],
];

/** A body as JSON text with every breakpoint taken out, as the cache and the prefix law see it. */
const unmarked = (body: unknown) =>
  JSON.stringify(body, (k, v) => (k === "prompt_cache_breakpoint" ? undefined : v));
const marksOf = (body: unknown) =>
  JSON.stringify(body).split('"prompt_cache_breakpoint"').length - 1;

/** Each body's `items` begin with those of the body before it, byte for byte but for the marker. */
function expectEachExtendsTheOneBefore<B>(bodies: B[], items: (body: B) => unknown[]): void {
  for (const [n, body] of bodies.entries()) {
    const before = bodies[n - 1];
    if (!before) continue;
    const earlier = items(before).map((item) => unmarked(item));
    expect(
      items(body)
        .slice(0, earlier.length)
        .map((item) => unmarked(item)),
    ).toEqual(earlier);
  }
}

describe('explicit OpenAI breakpoints (cache: "auto") on the Responses API', () => {
  const bodies = LOOP.map((messages) =>
    buildResponsesRequest({ system: "Be brief.", messages }, RESPONSES, false),
  );

  it("marks the last input block, and only it", () => {
    expect(bodies[0]?.input).toEqual([
      {
        role: "user",
        content: [{ type: "input_text", text: ask.content, prompt_cache_breakpoint: BREAK }],
      },
    ]);
    expect(bodies[2]?.input.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "c2",
      output: [{ type: "input_text", text: "24°C", prompt_cache_breakpoint: BREAK }],
    });
    for (const body of bodies) expect(marksOf(body)).toBe(1);
  });

  it("sends a tool result as an array of input parts even where no breakpoint lands on it", () => {
    expect(bodies[2]?.input[2]).toEqual({
      type: "function_call_output",
      call_id: "c1",
      output: [{ type: "input_text", text: "18°C, clear" }],
    });
  });

  it("keeps each request of the loop the one before plus the new items, byte for byte but for the marker", () => {
    expectEachExtendsTheOneBefore(bodies, (body) => body.input);
    for (const [n, body] of bodies.entries()) {
      const before = bodies[n - 1];
      if (before) expect(explainCacheMiss(before, body)).toEqual({ extends: true });
    }
  });

  it("puts a breakpoint on a message the caller marked (Message.cache), besides the last block", () => {
    const marked = [{ ...ask, cache: true }, call("c1", "Paris"), result("c1", "18°C, clear")];
    const body = buildResponsesRequest({ messages: marked }, RESPONSES, false);
    expect(body.input[0]).toEqual({
      role: "user",
      content: [{ type: "input_text", text: ask.content, prompt_cache_breakpoint: BREAK }],
    });
    expect(marksOf(body)).toBe(2);
  });

  it("gives a mark on an assistant turn, which takes none, to the input block before it", () => {
    const marked = [ask, { ...call("c1", "Paris"), cache: true }, result("c1", "18°C, clear")];
    const body = buildResponsesRequest({ messages: marked }, RESPONSES, false);
    expect(JSON.stringify(body.input[0])).toContain("prompt_cache_breakpoint");
    expect(JSON.stringify(body.input[1])).not.toContain("prompt_cache_breakpoint");
  });

  it("refuses a fifth mark with a HistoryError naming that message, before any request", () => {
    const many: Message[] = Array.from({ length: 5 }, (_, i) => ({
      role: "user",
      content: `note ${i}`,
      cache: true,
    }));
    expect(() => buildResponsesRequest({ messages: many }, RESPONSES, false)).toThrow(HistoryError);
  });

  it("sends nothing of it without cache: strings stay strings and no block is marked", () => {
    const { cache: _, ...plain } = RESPONSES;
    const body = buildResponsesRequest({ messages: LOOP[1] ?? [] }, plain, false);
    expect(marksOf(body)).toBe(0);
    expect(body.input[0]).toEqual({ role: "user", content: ask.content });
    expect(body.input[2]).toMatchObject({ output: "18°C, clear" });
  });
});

describe('explicit OpenAI breakpoints (cache: "auto") on Chat Completions', () => {
  const bodies = LOOP.map((messages) =>
    buildRequest({ system: "Be brief.", messages }, CHAT, false),
  );

  it("sends system, user and tool content as text parts and marks the last one", () => {
    expect(bodies[1]?.messages).toEqual([
      { role: "system", content: [{ type: "text", text: "Be brief." }] },
      { role: "user", content: [{ type: "text", text: ask.content }] },
      expect.objectContaining({ role: "assistant" }),
      {
        role: "tool",
        tool_call_id: "c1",
        content: [{ type: "text", text: "18°C, clear", prompt_cache_breakpoint: BREAK }],
      },
    ]);
    for (const body of bodies) expect(marksOf(body)).toBe(1);
  });

  it("keeps each request the one before plus the new messages, byte for byte but for the marker", () => {
    expectEachExtendsTheOneBefore(bodies, (body) => body.messages);
  });
});
