import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APIError as CoreAPIError } from "../../../src/core/errors.js";
import type { Delta, Message, ModelResponse, ToolSpec } from "../../../src/core/types.js";
import { APIError, create } from "../../../src/providers/openai/index.js";
import { parseResponsesResponse } from "../../../src/providers/openai/responses-response.js";
import { type Cassette, type ReplayOptions, replayFetch } from "../../../src/testing/index.js";
import { cutPoints, FIXTURES, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

const KEY = "sk-test-0123456789abcdef";

interface WireItem {
  type?: string;
  role?: string;
  content?: unknown;
  id?: string;
  summary?: { type: string; text: string }[];
  encrypted_content?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string;
}
interface WireBody {
  instructions?: string;
  input: WireItem[];
  tools?: { name: string; description?: string; parameters: object }[];
}

const requestBody = (c: Cassette, i: number) => c.interactions[i]?.request.body as WireBody;
const responseOutput = (c: Cassette, i: number) =>
  (c.interactions[i]?.response.body as { output: WireItem[] } | undefined)?.output ?? [];
const sentInput = (fetch: { requests: { body: unknown }[] }, i: number) =>
  (fetch.requests[i]?.body as WireBody | undefined)?.input ?? [];

const byteLength = (chunks: string[] | undefined) =>
  new TextEncoder().encode((chunks ?? []).join("")).length;

async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

/** The 400 shape: a reasoning item that is last, or not followed by a message or call. */
function reasoningWithoutFollower(input: WireItem[]): boolean {
  return input.some((item, i) => {
    if (item.type !== "reasoning") return false;
    const next = input[i + 1];
    return !(
      next?.type === "function_call" ||
      (next?.type === "message" && next.role === "assistant")
    );
  });
}

const LOOP = loadCassette("openai", "responses-thinking-tool-loop");
const LOOP_STREAM = loadCassette("openai", "responses-thinking-tool-loop-stream");
const MODIFIED = loadCassette("openai", "responses-modified-history");
const TEXT_STREAM = loadCassette("openai", "responses-text-stream");

const TOOL_LOOP_INPUT = requestBody(LOOP, 0);
const PLAN_TOOL: ToolSpec = {
  name: "update_plan",
  description: "",
  parameters: TOOL_LOOP_INPUT.tools?.[0]?.parameters ?? {},
};
const POEM: Message = { role: "user", content: String(TOOL_LOOP_INPUT.input[0]?.content) };

/** The recorded planning loop through golem: the function call, then its result. */
async function runToolLoop(cassette: Cassette, streaming: boolean, options: ReplayOptions = {}) {
  const fetch = replayFetch(cassette, options);
  const model = create({
    apiKey: KEY,
    model: "gpt-5",
    api: "responses",
    reasoningEffort: "low",
    reasoningSummary: "detailed",
    fetch,
  });
  const deltas: Delta[][] = [];
  const call = async (messages: Message[]): Promise<ModelResponse> => {
    const req = {
      system: TOOL_LOOP_INPUT.instructions ?? "",
      messages,
      tools: [PLAN_TOOL],
      toolChoice: "auto" as const,
    };
    if (!streaming) return model.generate(req);
    const s = model.stream(req);
    deltas.push(await collect(s));
    return s.response;
  };
  const turn1 = await call([POEM]);
  const id = turn1.message.toolCalls?.[0]?.id ?? "";
  const turn2 = await call([
    POEM,
    turn1.message,
    { role: "tool", toolCallId: id, content: "plan updated" },
  ]);
  fetch.assertDone();
  return { fetch, turns: [turn1, turn2], deltas };
}

describe("openai responses cassettes", () => {
  it("every responses cassette under fixtures/openai has a contract test here", () => {
    const files = readdirSync(join(FIXTURES, "openai"))
      .filter((f) => f.startsWith("responses-"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(
      [
        "responses-modified-history",
        "responses-text-stream",
        "responses-thinking-tool-loop",
        "responses-thinking-tool-loop-stream",
      ].sort(),
    );
  });
});

describe("openai cassette responses-thinking-tool-loop", () => {
  it("parses the reasoning item into one signed block and the function call by call_id", async () => {
    const { turns } = await runToolLoop(LOOP, false);
    const [reasoning, call] = responseOutput(LOOP, 0);
    const summary = (reasoning?.summary ?? []).map((p) => p.text);
    expect(summary).toHaveLength(5);
    expect(turns[0]).toEqual({
      message: {
        role: "assistant",
        content: "",
        thinking: [
          {
            text: summary.join("\n\n"),
            signature: reasoning?.encrypted_content,
            provider: "openai",
          },
        ],
        toolCalls: [
          { id: "call_gL7JE6GDeGGsFubqO2XGytyO", name: "update_plan", arguments: call?.arguments },
        ],
      },
      usage: { inputTokens: 124, outputTokens: 1926, reasoningTokens: 1792, cacheReadTokens: 0 },
      stopReason: "completed",
    });
    expect(turns[1]?.message.content).toMatch(/^Softly old fountains illumine alleys\n/);
    expect(turns[1]?.message.thinking).toBe(undefined);
    expect(turns[1]?.usage).toEqual({
      inputTokens: 2087,
      outputTokens: 124,
      reasoningTokens: 0,
      cacheReadTokens: 2048,
    });
  });

  it("sends turn 1's encrypted_content back byte for byte, before its function call", async () => {
    const { fetch } = await runToolLoop(LOOP, false);
    const [reasoning, call] = responseOutput(LOOP, 0);
    const input = sentInput(fetch, 1);
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      "user",
      "reasoning",
      "function_call",
      "function_call_output",
    ]);
    expect(input[1]?.encrypted_content).toBe(reasoning?.encrypted_content);
    expect(input[1]?.summary).toEqual([
      {
        type: "summary_text",
        text: (reasoning?.summary ?? []).map((p) => p.text).join("\n\n"),
      },
    ]);
    expect(input[1]?.id).toBe(undefined);
    expect(input[2]).toEqual({
      type: "function_call",
      call_id: call?.call_id,
      name: "update_plan",
      arguments: call?.arguments,
    });
    expect(input[3]).toEqual({
      type: "function_call_output",
      call_id: "call_gL7JE6GDeGGsFubqO2XGytyO",
      output: "plan updated",
    });
  });

  it("sends the recorded URL, auth and stateless options (replayFetch checks the rest)", async () => {
    const { fetch } = await runToolLoop(LOOP, false);
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(2).fill("https://api.openai.com/v1/responses"),
    );
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fetch.requests[0]?.body).toMatchObject({
      store: false,
      include: ["reasoning.encrypted_content"],
      reasoning: { effort: "low", summary: "detailed" },
    });
  });
});

describe("openai cassette responses-thinking-tool-loop-stream", () => {
  it("ends each streamed turn equal to the non-streamed parse of the same content", async () => {
    const { turns } = await runToolLoop(LOOP_STREAM, true);
    for (const [i, turn] of turns.entries()) {
      expect(turn).toEqual(parseResponsesResponse(LOOP.interactions[i]?.response.body, "openai"));
    }
  });

  it("streams the summary parts, then the signature, then the call, at their final positions", async () => {
    const { deltas } = await runToolLoop(LOOP_STREAM, true);
    const turn1 = deltas[0] ?? [];
    const [reasoning] = responseOutput(LOOP, 0);
    const lastThinking = turn1.map((d) => d.thinking !== undefined).lastIndexOf(true);
    const firstCall = turn1.findIndex((d) => d.toolCall !== undefined);
    expect(firstCall).toBeGreaterThan(lastThinking);
    expect(turn1.filter((d) => d.thinking).every((d) => d.thinking?.index === 0)).toBe(true);
    expect(turn1[lastThinking]).toEqual({
      thinking: { index: 0, signature: reasoning?.encrypted_content },
    });
    const text = turn1.map((d) => d.thinking?.text ?? "").join("");
    expect(text).toBe((reasoning?.summary ?? []).map((p) => p.text).join("\n\n"));
    expect(turn1[firstCall]).toEqual({
      toolCall: { index: 0, id: "call_gL7JE6GDeGGsFubqO2XGytyO", name: "update_plan" },
    });
    const args = turn1.map((d) => d.toolCall?.arguments ?? "").join("");
    expect(args).toBe(responseOutput(LOOP, 0)[1]?.arguments);
  });

  it("replays the streamed encrypted_content byte for byte, not the shortened one of .added", async () => {
    const { fetch } = await runToolLoop(LOOP_STREAM, true);
    const sent = sentInput(fetch, 1)[1]?.encrypted_content ?? "";
    expect(sent).toBe(responseOutput(LOOP, 0)[0]?.encrypted_content);
    expect(sent.length).toBeGreaterThan(64);
    expect(fetch.requests.every((r) => (r.body as { stream?: boolean }).stream === true)).toBe(
      true,
    );
  });

  it("gives identical final messages however the bytes are chunked", async () => {
    const expected = (await runToolLoop(LOOP_STREAM, true)).turns;
    const sizes = LOOP_STREAM.interactions.map((it) => byteLength(it.response.chunks));
    await fc.assert(
      fc.asyncProperty(cutPoints(Math.max(...sizes)), async (cuts) => {
        const { turns } = await runToolLoop(LOOP_STREAM, true, { rechunk: rechunkAt(cuts) });
        expect(turns).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
});

const MEANING: Message = { role: "user", content: "What is the meaning of life?" };
const MORE: Message = { role: "user", content: "Anything to add?" };

describe("openai cassette responses-modified-history", () => {
  const model = (fetch: ReturnType<typeof replayFetch>) =>
    create({
      apiKey: KEY,
      model: "gpt-5",
      api: "responses",
      reasoningEffort: "low",
      reasoningSummary: "detailed",
      fetch,
    });

  /** Turn 1, then the edited answer (thinking kept), then the history without the reasoning. */
  async function run() {
    const fetch = replayFetch(MODIFIED);
    const m = model(fetch);
    const turn1 = await m.generate({ messages: [MEANING] });
    const edited: Message = { ...turn1.message, content: "The meaning of life is 42" };
    const error = await m.generate({ messages: [MEANING, edited, MORE] }).catch((e: unknown) => e);
    // What pydantic-ai sent next: the summary as visible text, no reasoning item.
    const thought = `<think>\n${turn1.message.thinking?.[0]?.text}\n</think>`;
    const turn3 = await m.generate({
      messages: [
        MEANING,
        { role: "assistant", content: thought },
        { role: "assistant", content: edited.content },
        MORE,
      ],
    });
    fetch.assertDone();
    return { fetch, turn1, error, turn3 };
  }

  it("parses turn 1's single summary part and answer", async () => {
    const { turn1 } = await run();
    const [reasoning] = responseOutput(MODIFIED, 0);
    expect(turn1.message.thinking).toEqual([
      {
        text: reasoning?.summary?.[0]?.text,
        signature: reasoning?.encrypted_content,
        provider: "openai",
      },
    ]);
    expect(turn1.message.content).toMatch(/^A single, final answer doesn’t exist/);
    expect(turn1.stopReason).toBe("completed");
  });

  it("replays the edited turn with the reasoning item followed by its message, summary exact", async () => {
    const { fetch } = await run();
    const [reasoning] = responseOutput(MODIFIED, 0);
    const input = sentInput(fetch, 1);
    expect(input[1]).toEqual({
      type: "reasoning",
      summary: reasoning?.summary,
      encrypted_content: reasoning?.encrypted_content,
    });
    expect(input[1]?.encrypted_content).toBe(reasoning?.encrypted_content);
    expect(input[2]).toEqual({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "The meaning of life is 42" }],
    });
    // The captured 400 request carried `id: "rs_…"`; golem's never carries one.
    expect(input[1]?.id).toBe(undefined);
    expect(reasoningWithoutFollower(input)).toBe(false);
  });

  it("rejects the 400 as openai.APIError, typed and unretried", async () => {
    const { fetch, error } = await run();
    expect(fetch.requests).toHaveLength(3);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(CoreAPIError);
    expect(error).toMatchObject({
      name: "APIError",
      provider: "openai",
      status: 400,
      type: "invalid_request_error",
      retryable: false,
      body: MODIFIED.interactions[1]?.response.body,
    });
    expect((error as Error).message).toBe(
      "openai 400 invalid_request_error: Item 'rs_68c42de022c881948db7ed1cc2529f2e0202c9ad459e0d23' of type 'reasoning' was provided without its required following item.",
    );
  });

  it("sends the third turn without any reasoning item and parses the answer", async () => {
    const { fetch, turn3 } = await run();
    const input = sentInput(fetch, 2);
    expect(input.some((item) => item.type === "reasoning")).toBe(false);
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      "user",
      "message",
      "message",
      "user",
    ]);
    const [reasoning] = responseOutput(MODIFIED, 2);
    expect(turn3.message.thinking).toEqual([
      {
        text: reasoning?.summary?.[0]?.text,
        signature: reasoning?.encrypted_content,
        provider: "openai",
      },
    ]);
    expect(turn3.message.content).toMatch(/^Plenty\./);
    expect(turn3.usage).toEqual({
      inputTokens: 142,
      outputTokens: 355,
      reasoningTokens: 128,
      cacheReadTokens: 0,
    });
  });
});

describe("openai cassette responses-text-stream", () => {
  const run = async (options: ReplayOptions = {}) => {
    const fetch = replayFetch(TEXT_STREAM, options);
    const model = create({
      apiKey: KEY,
      model: "gpt-5",
      api: "responses",
      reasoningEffort: "low",
      reasoningSummary: "detailed",
      fetch,
    });
    const s = model.stream({ messages: [MEANING] });
    const deltas = await collect(s);
    const response = await s.response;
    fetch.assertDone();
    return { deltas, response };
  };

  it("streams the summary before the text and ends equal to the non-streamed parse", async () => {
    const { deltas, response } = await run();
    expect(response).toEqual(
      parseResponsesResponse(MODIFIED.interactions[0]?.response.body, "openai"),
    );
    const kinds = deltas.map((d) => (d.thinking ? "thinking" : "text"));
    expect(kinds.indexOf("text")).toBeGreaterThan(kinds.lastIndexOf("thinking"));
    expect(deltas.map((d) => d.text ?? "").join("")).toBe(response.message.content);
    expect(deltas.map((d) => d.thinking?.text ?? "").join("")).toBe(
      response.message.thinking?.[0]?.text,
    );
  });

  it("gives identical final messages however the bytes are chunked", async () => {
    const expected = (await run()).response;
    const size = byteLength(TEXT_STREAM.interactions[0]?.response.chunks);
    await fc.assert(
      fc.asyncProperty(cutPoints(size), async (cuts) => {
        const { response } = await run({ rechunk: rechunkAt(cuts) });
        expect(response).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
