/**
 * The reasoning dialects of compatible servers (ADR 0012): OpenRouter's reasoning_details,
 * vLLM's reasoning, DashScope's encrypted_content, what each becomes and how it goes back.
 * The laws every cassette obeys run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields, ConfigError } from "../../../src/core/errors.js";
import { thinkingOf } from "../../../src/core/parts.js";
import type { Delta, Message, Part } from "../../../src/core/types.js";
import { type ChatOptions, resolveConfig } from "../../../src/platforms/openai/config.js";
import { create } from "../../../src/platforms/openai/index.js";
import type { Cassette } from "../../../src/testing/index.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";
import { parseResponse } from "../../../src/wires/openai-chat/response.js";
import { createStreamState } from "../../../src/wires/openai-chat/stream.js";
import { runCassette } from "../../contract/table.js";

type Detail = Record<string, unknown>;
interface WireMessage {
  role: string;
  content?: string | null;
  reasoning?: string | null;
  reasoning_content?: string;
  reasoning_details?: Detail[];
  encrypted_content?: string;
  tool_calls?: { id: string }[];
}
interface WireBody {
  messages: WireMessage[];
  reasoning?: unknown;
  reasoning_effort?: string;
}

const sentBody = (r: { fetch: { requests: { body: unknown }[] } }, i: number) =>
  r.fetch.requests[i]?.body as WireBody;
const answer = (c: Cassette, i: number) => {
  const body = c.interactions[i]?.response.body as { choices: { message: WireMessage }[] };
  return body.choices[0]?.message as WireMessage;
};
/** The data of every SSE event of interaction i, parsed. */
const events = (c: Cassette, i: number) =>
  (c.interactions[i]?.response.chunks ?? [])
    .map((ch) => ch.slice("data: ".length).trim())
    .filter((d) => d !== "[DONE]")
    .map((d) => JSON.parse(d) as { choices: { delta?: WireMessage }[] });
const streamedDetails = (c: Cassette, i: number): Detail[] =>
  events(c, i).flatMap((e) => e.choices[0]?.delta?.reasoning_details ?? []);

const provider = (value: unknown): Part => ({ type: "provider", provider: "openai", value });

describe("openai OpenRouter reasoning_details", () => {
  it("keeps each entry as a provider part, after a thinking part per text or encrypted entry", async () => {
    const { turns, cassette } = await runCassette("openai", "openrouter-claude-tool-loop");
    const [text, encrypted] = answer(cassette, 0).reasoning_details as [Detail, Detail];
    expect(turns[0]?.response?.message.content).toEqual([
      { type: "thinking", text: text.text, signature: text.signature, provider: "openai" },
      { type: "thinking", redacted: encrypted.data, provider: "openai" },
      {
        type: "tool-call",
        id: "toolu_vrtx_01Hx4kQ9eMadeUpToolUseId",
        name: "weather",
        arguments: '{"location": "Florence, Italy"}',
      },
      provider(text),
      provider(encrypted),
    ]);
    // `message.reasoning` repeats the text entry: it makes no second thinking part.
    expect(thinkingOf(turns[0]!.response!.message)).toHaveLength(2);
  });

  it("sends turn 1's entries back byte for byte, without reasoning beside them", async () => {
    const r = await runCassette("openai", "openrouter-claude-tool-loop");
    const first = sentBody(r, 0);
    expect(first.reasoning).toEqual({ effort: "medium" });
    expect(first.reasoning_effort).toBeUndefined();
    const assistant = sentBody(r, 1).messages[2] as WireMessage;
    expect(JSON.stringify(assistant.reasoning_details)).toBe(
      JSON.stringify(answer(r.cassette, 0).reasoning_details),
    );
    expect(Object.keys(assistant)).toEqual(["role", "content", "tool_calls", "reasoning_details"]);
  });

  it("joins streamed fragments per index: text pieces in order, the signature-only last fragment included", async () => {
    const { turns, cassette } = await runCassette("openai", "openrouter-claude-tool-loop-stream");
    const fragments = streamedDetails(cassette, 0);
    const text = fragments.filter((f) => f.type === "reasoning.text");
    const signature = text.at(-1)?.signature as string;
    expect(Object.keys(text.at(-1) ?? {})).not.toContain("text");
    const joined = {
      type: "reasoning.text",
      text: text.map((f) => f.text ?? "").join(""),
      signature,
      format: "anthropic-claude-v1",
      index: 0,
    };
    const values = turns[0]?.response?.message.content as Part[];
    const entries = values.filter((p) => p.type === "provider").map((p) => p.value);
    // Keys in the order they first came, so the stored value replays as this exact text.
    expect(JSON.stringify(entries[0])).toBe(JSON.stringify(joined));
    expect(entries[1]).toEqual(fragments.find((f) => f.type === "reasoning.encrypted"));
    expect(turns[0]?.deltas).toContainEqual({ type: "thinking", index: 0, signature });
    // Provider deltas come once each, at finish_reason, after every other delta.
    expect(turns[0]?.deltas.slice(-2).map((d) => d.type)).toEqual(["provider", "provider"]);
  });

  it("Gemini: an encrypted entry sharing the text entry's index is an entry of its own", async () => {
    const r = await runCassette("openai", "openrouter-gemini-tool-loop-stream");
    const fragments = streamedDetails(r.cassette, 0);
    const [text, signature] = [fragments.slice(0, -1), fragments.at(-1) as Detail];
    expect(thinkingOf(r.turns[0]!.response!.message)).toEqual([
      { type: "thinking", text: text.map((f) => f.text).join(""), provider: "openai" },
      { type: "thinking", redacted: signature.data, provider: "openai" },
    ]);
    expect((sentBody(r, 1).messages[2] as WireMessage).reasoning_details).toEqual([
      { ...text[0], text: text.map((f) => f.text).join("") },
      signature,
    ]);
  });
});

describe("openai vLLM and DashScope dialects", () => {
  it("vLLM: replays the streamed reasoning as `reasoning` with reasoningFormat reasoning", async () => {
    const r = await runCassette("openai", "vllm-reasoning-stream");
    const reasoning = events(r.cassette, 0)
      .map((e) => e.choices[0]?.delta?.reasoning ?? "")
      .join("");
    const assistant = sentBody(r, 1).messages[2] as WireMessage;
    expect(assistant.reasoning).toBe(reasoning);
    expect(assistant.reasoning_content).toBeUndefined();
  });

  it("DashScope: the summary is a thinking part, encrypted_content a redacted one, both sent back as they came", async () => {
    const r = await runCassette("openai", "dashscope-encrypted-content");
    const wire = answer(r.cassette, 0);
    expect(thinkingOf(r.turns[0]!.response!.message)).toEqual([
      { type: "thinking", text: wire.reasoning_content, provider: "openai" },
      { type: "thinking", redacted: wire.encrypted_content, provider: "openai" },
    ]);
    const assistant = sentBody(r, 1).messages[2] as WireMessage;
    expect(assistant.reasoning_content).toBe(wire.reasoning_content);
    expect(assistant.encrypted_content).toBe(wire.encrypted_content);
  });
});

const completion = (message: object) => ({
  choices: [{ index: 0, message: { role: "assistant", content: "Done.", ...message } }],
});

describe("openai parseResponse with reasoning_details", () => {
  it("keeps each entry as a provider part, in order; a summary entry is also a thinking part", () => {
    const details = [
      {
        type: "reasoning.summary",
        summary: "Plan.",
        id: "rs_1",
        format: "openai-responses-v1",
        index: 0,
      },
      {
        type: "reasoning.encrypted",
        data: "gAAAA-enc",
        id: "rs_1",
        format: "openai-responses-v1",
        index: 0,
      },
      {
        type: "reasoning.server_tool_call",
        tool_name: "openrouter:web_search",
        arguments: "{}",
        result: "ok",
      },
    ];
    const { message } = parseResponse(
      completion({ reasoning: "Plan.", reasoning_details: details }),
    );
    // OpenRouter sends GPT models' reasoning as summary entries only (and the same text as
    // `reasoning`, which is not read beside entries): without this part it would be lost.
    expect(message.content).toEqual([
      { type: "thinking", text: "Plan.", provider: "openai" },
      { type: "thinking", redacted: "gAAAA-enc", provider: "openai" },
      { type: "text", text: "Done." },
      ...details.map(provider),
    ]);
  });

  it("never joins the entries of a JSON answer, even with the same type and index", () => {
    const details = [
      { type: "reasoning.text", text: "One.", index: 0 },
      { type: "reasoning.text", text: "Two.", index: 0 },
    ];
    const { message } = parseResponse(completion({ reasoning_details: details }));
    expect(thinkingOf(message).map((p) => p.text)).toEqual(["One.", "Two."]);
  });

  it("makes no thinking part for a text entry with neither text nor signature", () => {
    const details = [{ type: "reasoning.text", text: "", signature: null, index: 0 }];
    const { message } = parseResponse(completion({ reasoning_details: details }));
    expect(message.content).toEqual([{ type: "text", text: "Done." }, provider(details[0])]);
  });

  it("reads the reasoning text field when reasoning_details is empty", () => {
    const { message } = parseResponse(completion({ reasoning: "Hm.", reasoning_details: [] }));
    expect(thinkingOf(message)).toEqual([{ type: "thinking", text: "Hm.", provider: "openai" }]);
  });
});

const rec = (data: unknown) => ({
  data: typeof data === "string" ? data : JSON.stringify(data),
  id: undefined,
  event: undefined,
});
const delta = (d: object, finish: string | null = null) =>
  rec({ choices: [{ index: 0, delta: d, finish_reason: finish }] });

function stream(records: ReturnType<typeof rec>[]) {
  const m = createStreamState((f: APIErrorFields) => new APIError(f));
  const deltas: Delta[] = [];
  for (const r of records) deltas.push(...m.push(r));
  return { m, deltas };
}

describe("openai stream with reasoning_details", () => {
  it("starts a new entry for another index, another id, or a fragment without index", () => {
    const fragments = [
      { type: "reasoning.encrypted", data: "a", id: "x", index: 0 },
      { type: "reasoning.encrypted", data: "b", id: "y", index: 0 },
      { type: "reasoning.encrypted", data: "c", id: "y", index: 0 },
      { type: "reasoning.encrypted", data: "d", index: 1 },
      { type: "reasoning.summary", summary: "e" },
      { type: "reasoning.summary", summary: "f" },
    ];
    const { m } = stream([
      ...fragments.map((f) => delta({ reasoning_details: [f] })),
      delta({ content: "Hi" }, "stop"),
    ]);
    const values = (m.finish().message.content as Part[]).flatMap((p) =>
      p.type === "provider" ? [p.value] : [],
    );
    expect(values).toEqual([
      fragments[0],
      { ...fragments[1], data: "bc" },
      fragments[3],
      fragments[4],
      fragments[5],
    ]);
  });

  it("streams summary fragments as one thinking part (GPT models through OpenRouter)", () => {
    // The shape of charmbracelet/fantasy's TestOpenRouterThinking/gpt-5 capture.
    const piece = (summary: string) => ({
      reasoning: summary,
      reasoning_details: [
        { type: "reasoning.summary", summary, format: "openai-responses-v1", index: 0 },
      ],
    });
    const { m, deltas } = stream([
      delta(piece("**Plan")),
      delta(piece("ning**")),
      delta({ content: "Hi" }, "stop"),
    ]);
    const { message } = m.finish();
    expect(thinkingOf(message)).toEqual([
      { type: "thinking", text: "**Planning**", provider: "openai" },
    ]);
    expect(deltas.slice(0, 2)).toEqual([
      { type: "thinking", index: 0, text: "**Plan" },
      { type: "thinking", index: 0, text: "ning**" },
    ]);
  });

  it("gives a broken stream's partial the thinking so far but no unfinished entry", () => {
    const { m, deltas } = stream([
      delta({ reasoning_details: [{ type: "reasoning.text", text: "Half", index: 0 }] }),
    ]);
    expect(deltas).toEqual([{ type: "thinking", index: 0, text: "Half" }]);
    expect(m.partial().message.content).toEqual([
      { type: "thinking", text: "Half", provider: "openai" },
    ]);
  });

  it("joins OpenRouter signature and data fragments, each delta carrying only its piece", () => {
    const text = (f: Detail) =>
      delta({ reasoning_details: [{ type: "reasoning.text", index: 0, ...f }] });
    const data = (d: string) =>
      delta({ reasoning_details: [{ type: "reasoning.encrypted", index: 1, data: d }] });
    const { m, deltas } = stream([
      text({ text: "Think." }),
      text({ signature: "Eq1" }),
      text({ signature: "Eq2" }),
      data("ENC-a"),
      data("ENC-b"),
      delta({ content: "Hi" }, "stop"),
    ]);
    expect(deltas.slice(0, 5)).toEqual([
      { type: "thinking", index: 0, text: "Think." },
      { type: "thinking", index: 0, signature: "Eq1" },
      { type: "thinking", index: 0, signature: "Eq2" },
      { type: "thinking", index: 1, redacted: "ENC-a" },
      { type: "thinking", index: 1, redacted: "ENC-b" },
    ]);
    expect(thinkingOf(m.finish().message)).toEqual([
      { type: "thinking", text: "Think.", signature: "Eq1Eq2", provider: "openai" },
      { type: "thinking", redacted: "ENC-aENC-b", provider: "openai" },
    ]);
  });

  it("joins encrypted_content that comes in pieces into one redacted part, a delta per piece", () => {
    const { m, deltas } = stream([
      delta({ reasoning_content: "Sum." }),
      delta({ encrypted_content: "abc" }),
      delta({ encrypted_content: "def" }, "stop"),
    ]);
    expect(deltas.slice(1)).toEqual([
      { type: "thinking", index: 1, redacted: "abc" },
      { type: "thinking", index: 1, redacted: "def" },
    ]);
    expect(thinkingOf(m.finish().message)[1]).toEqual({
      type: "thinking",
      redacted: "abcdef",
      provider: "openai",
    });
  });
});

const CFG: ChatOptions = { provider: "openai", model: "m", replayReasoning: false };
const USER: Message = { role: "user", content: "Hi" };
const reply = (...parts: Part[]): Message => ({
  role: "assistant",
  content: [...parts, { type: "text", text: "Yes." }],
});
const sendBack = (m: Message, cfg: ChatOptions) =>
  buildRequest({ messages: [USER, m] }, cfg, false).messages[1];

describe("openai buildRequest reasoning dialects", () => {
  const entry = { type: "reasoning.text", text: "T", signature: "S", index: 0 };
  const signed: Part = { type: "thinking", text: "T", signature: "S", provider: "openai" };

  it("sends own entries as reasoning_details with or without replayReasoning, and leaves out foreign ones", () => {
    const m = reply(signed, provider(entry), {
      type: "provider",
      provider: "azure",
      value: { type: "reasoning.summary" },
    });
    for (const cfg of [CFG, { ...CFG, replayReasoning: true }]) {
      expect(sendBack(m, cfg)).toEqual({
        role: "assistant",
        content: "Yes.",
        reasoning_details: [entry],
      });
    }
  });

  it("leaves out Responses parts (openai-responses): their thinking and items have no place here", () => {
    const m = reply(
      { type: "thinking", text: "Plan.", signature: "gAAAA-enc", provider: "openai-responses" },
      { type: "provider", provider: "openai-responses", value: { type: "web_search_call" } },
    );
    const replayed = { ...CFG, replayReasoning: true };
    expect(sendBack(m, replayed)).toEqual({
      role: "assistant",
      content: "Yes.",
      reasoning_content: "",
    });
  });

  it("sends no Responses API item as a reasoning_details entry (0.2 tagged both APIs' parts openai)", () => {
    // Before reasoning_details, Chat Completions sent no provider part at all.
    const item = { type: "web_search_call", id: "ws_1", status: "completed" };
    expect(sendBack(reply(provider(item), provider(entry)), CFG)).toEqual({
      role: "assistant",
      content: "Yes.",
      reasoning_details: [entry],
    });
    expect(sendBack(reply(provider(item)), CFG)).toEqual({ role: "assistant", content: "Yes." });
  });

  it("names the replayed text field by reasoningFormat", () => {
    const m = reply({ type: "thinking", text: "Why.", provider: "openai" });
    const field = (cfg: Partial<ChatOptions>) =>
      sendBack(m, { ...CFG, replayReasoning: true, ...cfg });
    expect(field({})).toMatchObject({ reasoning_content: "Why." });
    expect(field({ reasoningFormat: "reasoning" })).toMatchObject({ reasoning: "Why." });
    expect(field({ reasoningFormat: "openrouter" })).toMatchObject({ reasoning: "Why." });
    expect(field({ reasoningFormat: "reasoning" })).not.toHaveProperty("reasoning_content");
  });

  it("sends an own redacted part as encrypted_content, never another provider's", () => {
    const own = reply({ type: "thinking", redacted: "enc", provider: "openai" });
    expect(sendBack(own, CFG)).toEqual({
      role: "assistant",
      content: "Yes.",
      encrypted_content: "enc",
    });
    const foreign = reply({ type: "thinking", redacted: "enc", provider: "anthropic" });
    expect(sendBack(foreign, CFG)).toEqual({ role: "assistant", content: "Yes." });
  });

  it("sends reasoningEffort as OpenRouter's reasoning object only in that format", () => {
    const req = { messages: [USER] };
    const effort = { ...CFG, reasoningEffort: "low" as const };
    expect(buildRequest(req, { ...effort, reasoningFormat: "openrouter" }, false)).toMatchObject({
      reasoning: { effort: "low" },
    });
    expect(buildRequest(req, effort, false)).toMatchObject({ reasoning_effort: "low" });
    expect(buildRequest(req, effort, false)).not.toHaveProperty("reasoning");
  });
});

describe("openai reasoningFormat", () => {
  const KEY = "sk-test-0123456789abcdef";
  const format = (config: object) =>
    resolveConfig({ apiKey: KEY, model: "m", ...config }, {}).reasoningFormat;

  it("is openrouter for a baseURL on openrouter.ai, unset elsewhere, as given when given", () => {
    expect(format({ baseURL: "https://openrouter.ai/api/v1" })).toBe("openrouter");
    expect(format({ baseURL: "https://eu.openrouter.ai/api/v1" })).toBe("openrouter");
    expect(format({ baseURL: "https://notopenrouter.ai/v1" })).toBeUndefined();
    expect(format({})).toBeUndefined();
    expect(format({ reasoningFormat: "reasoning" })).toBe("reasoning");
    expect(format({ baseURL: "https://openrouter.ai/api/v1", reasoningFormat: "reasoning" })).toBe(
      "reasoning",
    );
  });

  it("refuses an unknown format, and any format on the Responses API, before any request", () => {
    const fetch = () => Promise.reject(new Error("no request should be made"));
    expect(() =>
      create({ apiKey: KEY, model: "m", reasoningFormat: "deepseek" as never, fetch }),
    ).toThrow(
      new ConfigError(
        'openai: reasoningFormat (api "chat-completions" only) must be one of openrouter, reasoning, reasoning_content; got "deepseek"',
      ),
    );
    expect(() =>
      create({ apiKey: KEY, model: "m", api: "responses", reasoningFormat: "reasoning", fetch }),
    ).toThrow(ConfigError);
  });
});
