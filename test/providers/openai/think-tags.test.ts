/**
 * `<think>` tags in a Chat Completions `content` (Groq's raw format, DeepSeek-R1 on Together
 * and Fireworks, local servers) on a server whose profile reads them: thinking parts in
 * `generate` and in a stream alike, the text part holding only the answer, a tag cut anywhere
 * across chunks, the deltas adding up to the final message. A server that does not say it
 * writes tags keeps the content as it came.
 */
import { describe, expect, it } from "vitest";
import type { Delta, Part } from "../../../src/core/types.js";
import * as openai from "../../../src/platforms/openai/index.js";
import { bodyFetch, collect } from "../../contract/adapters.js";
import { accumulate, withoutTags } from "../../contract/deltas.js";
import { sseData } from "../../helpers/fetch.js";

const GROQ = {
  baseURL: "https://api.groq.com/openai/v1",
  model: "qwen/qwen3-32b",
  apiKey: "gsk-test",
};
const PROXY = { baseURL: "https://llm-proxy.example.com/v1", model: "m", apiKey: "sk-test" };

const thinking = (text: string): Part => ({ type: "thinking", text, provider: "openai" });
const text = (t: string): Part => ({ type: "text", text: t });

/** A content string and the parts it becomes. */
const CASES: [name: string, content: string, parts: Part[]][] = [
  ["no tags", "Just the answer.", [text("Just the answer.")]],
  [
    "reasoning then answer",
    "<think>\nLet me add.\n</think>\n\n4",
    [thinking("\nLet me add.\n"), text("\n\n4")],
  ],
  [
    "tags in the middle of text",
    "Sure. <think>check units</think> It is 4 m.",
    [text("Sure. "), thinking("check units"), text(" It is 4 m.")],
  ],
  [
    "two reasoning runs",
    "<think>a</think>x<think>b</think>y",
    [thinking("a"), text("x"), thinking("b"), text("y")],
  ],
  [
    "an open tag inside reasoning (no nesting)",
    "<think>I wrote <think> once</think>done",
    [thinking("I wrote <think> once"), text("done")],
  ],
  ["an unclosed run stays reasoning", "<think>still going", [thinking("still going")]],
  ["a cut open tag at the end is text", "answer <thi", [text("answer <thi")]],
];

const completion = (content: string, extra: Record<string, unknown> = {}) => ({
  id: "chatcmpl-1",
  model: "qwen/qwen3-32b",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, ...extra } }],
  usage: { prompt_tokens: 5, completion_tokens: 9 },
});

/** An SSE answer whose content arrives in the given pieces. */
const streamed = (pieces: string[], extra: Record<string, unknown>[] = []) =>
  sseData(
    ...extra.map((delta) => ({ id: "chatcmpl-1", choices: [{ index: 0, delta }] })),
    ...pieces.map((content) => ({ id: "chatcmpl-1", choices: [{ index: 0, delta: { content } }] })),
    {
      id: "chatcmpl-1",
      model: "qwen/qwen3-32b",
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    },
    "[DONE]",
  );

const generate = async (config: typeof GROQ, content: string) =>
  (
    await openai
      .create({ ...config, fetch: bodyFetch(JSON.stringify(completion(content))) })
      .generate({ messages: [{ role: "user", content: "go" }] })
  ).message.content;

async function stream(config: typeof GROQ, chunks: string[]) {
  const model = openai.create({ ...config, fetch: bodyFetch(chunks) });
  const s = model.stream({ messages: [{ role: "user", content: "go" }] });
  const deltas: Delta[] = await collect(s);
  return { deltas, parts: (await s.response).message.content as Part[] };
}

/** `content` cut at `cuts`. */
const cut = (content: string, cuts: number[]) =>
  [0, ...cuts].map((from, i) => content.slice(from, cuts[i] ?? content.length));

describe("openai <think> tags on a server that writes them", () => {
  it.each(CASES)("%s: generate makes the parts", async (_, content, parts) => {
    expect(await generate(GROQ, content)).toEqual(parts);
  });

  it.each(CASES)(
    "%s: a stream cut at every offset makes the same parts",
    async (_, content, parts) => {
      for (let at = 0; at <= content.length; at++) {
        const { deltas, parts: got } = await stream(GROQ, streamed(cut(content, [at])));
        expect(got, `cut at ${at}`).toEqual(parts);
        expect(accumulate(deltas), `deltas cut at ${at}`).toEqual(withoutTags(got));
      }
    },
  );

  it.each(CASES)(
    "%s: a stream one character a chunk makes the same parts",
    async (_, content, parts) => {
      const { deltas, parts: got } = await stream(GROQ, streamed([...content]));
      expect(got).toEqual(parts);
      expect(accumulate(deltas)).toEqual(withoutTags(got));
    },
  );

  it("gives no delta for what might still be a tag, and the answer's text only once it is sure", async () => {
    const { deltas } = await stream(GROQ, streamed(["Hi <", "thi", "nk>why</th", "ink>ok"]));
    expect(deltas).toEqual([
      { type: "text", index: 0, text: "Hi " },
      { type: "thinking", index: 1, text: "why" },
      { type: "text", index: 2, text: "ok" },
    ]);
  });

  it("reads a reasoning field first and then takes the content as it is: never the same reasoning twice", async () => {
    const parts = [thinking("from the field"), text("<think>x</think>y")];
    expect(
      (
        await openai
          .create({
            ...GROQ,
            fetch: bodyFetch(
              JSON.stringify(completion("<think>x</think>y", { reasoning: "from the field" })),
            ),
          })
          .generate({ messages: [{ role: "user", content: "go" }] })
      ).message.content,
    ).toEqual(parts);
    const { parts: got } = await stream(
      GROQ,
      streamed(["<think>x</thi", "nk>y"], [{ reasoning: "from the field" }]),
    );
    expect(got).toEqual(parts);
  });

  it("keeps the tool calls after the split content", async () => {
    const call = { id: "call_1", type: "function", function: { name: "weather", arguments: "{}" } };
    const body = completion("<think>need weather</think>", { tool_calls: [call] });
    const { message } = await openai
      .create({ ...GROQ, fetch: bodyFetch(JSON.stringify(body)) })
      .generate({ messages: [{ role: "user", content: "go" }] });
    expect(message.content).toEqual([
      thinking("need weather"),
      { type: "tool-call", id: "call_1", name: "weather", arguments: "{}" },
    ]);
  });
});

describe("openai <think> tags on a server that does not say it writes them", () => {
  it.each(CASES)("%s: the content stays one text part, as it came", async (_, content) => {
    expect(await generate(PROXY, content)).toEqual(content === "" ? [] : [text(content)]);
    const { parts } = await stream(PROXY, streamed(cut(content, [3])));
    expect(parts).toEqual([text(content)]);
  });

  it("splits them when `server` names a server that writes them", async () => {
    expect(
      await generate({ ...PROXY, server: "llamacpp" } as typeof GROQ, "<think>a</think>b"),
    ).toEqual([thinking("a"), text("b")]);
  });
});
