import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APIError as CoreAPIError } from "../../../src/core/errors.js";
import type { Delta, Message, ModelResponse, ToolSpec } from "../../../src/core/types.js";
import { APIError, create } from "../../../src/providers/openai/index.js";
import { parseResponse } from "../../../src/providers/openai/response.js";
import { type Cassette, type ReplayOptions, replayFetch } from "../../../src/testing/index.js";
import { cutPoints, FIXTURES, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

const KEY = "sk-test-0123456789abcdef";

interface WireMessage {
  role: string;
  content: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
interface WireBody {
  messages: WireMessage[];
  tools: { function: ToolSpec }[];
}

const requestBody = (c: Cassette, i: number) => c.interactions[i]?.request.body as WireBody;
function responseMessage(c: Cassette, i: number): WireMessage {
  const body = c.interactions[i]?.response.body as { choices: { message: WireMessage }[] };
  return body.choices[0]?.message as WireMessage;
}
const toolsOf = (c: Cassette, i: number): ToolSpec[] =>
  requestBody(c, i).tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    parameters: t.function.parameters,
  }));

async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

const LOOP = loadCassette("openai", "deepseek-thinking-tool-loop");
const LOOP_STREAM = loadCassette("openai", "deepseek-thinking-tool-loop-stream");

/**
 * The recorded three-turn DeepSeek loop, driven through golem: each turn's parsed message goes
 * into the next turn's history. The inputs the app added (two system prompts, the user's guess,
 * tool results and pydantic-ai's own `search_tools` step) come from the recorded requests.
 */
async function runDeepSeekLoop(
  cassette: Cassette,
  streaming: boolean,
  options: ReplayOptions = {},
) {
  const fetch = replayFetch(cassette, options);
  const model = create({
    apiKey: KEY,
    model: "deepseek-reasoner",
    baseURL: "https://api.deepseek.com",
    replayReasoning: true,
    fetch,
  });
  const recorded = requestBody(LOOP, 2).messages;
  const system = recorded[0]?.content ?? "";
  const deferred: Message = { role: "system", content: recorded[1]?.content ?? "" };
  const user: Message = { role: "user", content: recorded[2]?.content ?? "" };
  const deltas: Delta[][] = [];
  const call = async (messages: Message[], turn: number): Promise<ModelResponse> => {
    const req = { system, messages, tools: toolsOf(cassette, turn), toolChoice: "auto" as const };
    if (!streaming) return model.generate(req);
    const s = model.stream(req);
    deltas.push(await collect(s));
    return s.response;
  };

  const turn1 = await call([deferred, user], 0);
  const load = turn1.message.toolCalls?.[0]?.id ?? "";
  const search = recorded[5]?.tool_calls?.[0];
  const history2: Message[] = [
    deferred,
    user,
    turn1.message,
    { role: "tool", toolCallId: load, content: recorded[4]?.content ?? "" },
    {
      role: "assistant",
      content: "",
      toolCalls: [
        {
          id: search?.id ?? "",
          name: search?.function.name ?? "",
          arguments: search?.function.arguments ?? "",
        },
      ],
    },
    { role: "tool", toolCallId: search?.id ?? "", content: recorded[6]?.content ?? "" },
  ];
  const turn2 = await call(history2, 1);
  const [name, roll] = turn2.message.toolCalls ?? [];
  const history3: Message[] = [
    ...history2,
    turn2.message,
    { role: "tool", toolCallId: name?.id ?? "", content: "Anne" },
    { role: "tool", toolCallId: roll?.id ?? "", content: "4" },
  ];
  const turn3 = await call(history3, 2);
  fetch.assertDone();
  return { fetch, turns: [turn1, turn2, turn3], deltas };
}

describe("openai cassettes", () => {
  it("every cassette under fixtures/openai has a contract test here", () => {
    // The Responses API cassettes have their own list in responses-contract.test.ts.
    const files = readdirSync(join(FIXTURES, "openai"))
      .filter((f) => !f.startsWith("responses-"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(
      [
        "deepseek-thinking-tool-loop",
        "deepseek-thinking-tool-loop-stream",
        "tools-with-effort-400",
      ].sort(),
    );
  });
});

describe("openai cassette deepseek-thinking-tool-loop", () => {
  it("parses each turn's reasoning_content into a thinking block tagged openai", async () => {
    const { turns } = await runDeepSeekLoop(LOOP, false);
    expect(turns[0]).toEqual({
      message: {
        role: "assistant",
        content: "Let me load the dice rolling capability!",
        thinking: [{ text: responseMessage(LOOP, 0).reasoning_content, provider: "openai" }],
        toolCalls: [
          {
            id: "call_00_sXqYgMESDht75NCLLZtt9804",
            name: "load_capability",
            arguments: '{"id": "DICE_ROLL"}',
          },
        ],
      },
      usage: { inputTokens: 563, outputTokens: 116, reasoningTokens: 60, cacheReadTokens: 512 },
      stopReason: "tool_calls",
    });
    expect(turns[1]?.message.toolCalls).toEqual([
      { id: "call_00_6edlnw3Z1MgeMfey687g8451", name: "get_player_name", arguments: "{}" },
      { id: "call_01_km02sac7sHxNDPATKLZy7705", name: "roll_dice", arguments: "{}" },
    ]);
    expect(turns[2]?.stopReason).toBe("stop");
    expect(turns[2]?.message.content).toContain("Congratulations, Anne!");
    expect(turns[2]?.usage).toEqual({
      inputTokens: 976,
      outputTokens: 61,
      reasoningTokens: 25,
      cacheReadTokens: 896,
    });
  });

  it("sends turns 2 and 3 with the earlier reasoning_content byte for byte", async () => {
    const { fetch } = await runDeepSeekLoop(LOOP, false);
    const sent = fetch.requests.map((r) => (r.body as WireBody).messages);
    const first = responseMessage(LOOP, 0).reasoning_content;
    const second = responseMessage(LOOP, 1).reasoning_content;
    expect(first).toMatch(/^The user wants to play a dice game/);
    expect(sent[1]?.[3]?.reasoning_content).toBe(first);
    expect(sent[1]?.[5]).toEqual({
      role: "assistant",
      content: null,
      reasoning_content: "",
      tool_calls: [
        {
          id: "auto_load_eb5fc31bb581b4e7",
          type: "function",
          function: { name: "search_tools", arguments: '{"queries":["DICE_ROLL"]}' },
        },
      ],
    });
    expect(sent[2]?.[3]?.reasoning_content).toBe(first);
    expect(sent[2]?.[7]?.reasoning_content).toBe(second);
  });

  it("sends the recorded URL and headers (replayFetch checks the rest)", async () => {
    const { fetch } = await runDeepSeekLoop(LOOP, false);
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(3).fill("https://api.deepseek.com/chat/completions"),
    );
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe("openai cassette deepseek-thinking-tool-loop-stream", () => {
  it("ends each streamed turn equal to the non-streamed parse of the same content", async () => {
    const { turns } = await runDeepSeekLoop(LOOP_STREAM, true);
    for (const [i, turn] of turns.entries()) {
      expect(turn).toEqual(parseResponse(LOOP.interactions[i]?.response.body, "openai"));
    }
  });

  it("streams reasoning, then text, then tool-call fragments at their final positions", async () => {
    const { deltas } = await runDeepSeekLoop(LOOP_STREAM, true);
    const turn2 = deltas[1] ?? [];
    const kinds = turn2.map((d) =>
      d.thinking ? "thinking" : d.text !== undefined ? "text" : "tool",
    );
    expect(kinds.indexOf("text")).toBeGreaterThan(kinds.lastIndexOf("thinking"));
    expect(kinds.indexOf("tool")).toBeGreaterThan(kinds.lastIndexOf("text"));
    expect(turn2.filter((d) => d.thinking).every((d) => d.thinking?.index === 0)).toBe(true);
    expect(turn2.filter((d) => d.toolCall?.id)).toEqual([
      { toolCall: { index: 0, id: "call_00_6edlnw3Z1MgeMfey687g8451", name: "get_player_name" } },
      { toolCall: { index: 1, id: "call_01_km02sac7sHxNDPATKLZy7705", name: "roll_dice" } },
    ]);
    const thought = turn2.map((d) => d.thinking?.text ?? "").join("");
    expect(thought).toBe(responseMessage(LOOP, 1).reasoning_content);
  });

  it("replays each streamed turn's reasoning_content byte for byte", async () => {
    const { fetch } = await runDeepSeekLoop(LOOP_STREAM, true);
    const sent = fetch.requests.map((r) => (r.body as WireBody).messages);
    expect(sent[1]?.[3]?.reasoning_content).toBe(responseMessage(LOOP, 0).reasoning_content);
    expect(sent[2]?.[7]?.reasoning_content).toBe(responseMessage(LOOP, 1).reasoning_content);
    expect(fetch.requests.every((r) => (r.body as { stream?: boolean }).stream === true)).toBe(
      true,
    );
  });

  it("gives identical final messages however the bytes are chunked", async () => {
    const expected = (await runDeepSeekLoop(LOOP_STREAM, true)).turns;
    const sizes = LOOP_STREAM.interactions.map((it) => (it.response.chunks ?? []).join("").length);
    await fc.assert(
      fc.asyncProperty(cutPoints(Math.max(...sizes) * 2), async (cuts) => {
        const { turns } = await runDeepSeekLoop(LOOP_STREAM, true, { rechunk: rechunkAt(cuts) });
        expect(turns).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe("openai cassette tools-with-effort-400", () => {
  const cassette = loadCassette("openai", "tools-with-effort-400");

  it("rejects with openai.APIError carrying status, type, message and request id, without retrying", async () => {
    const fetch = replayFetch(cassette);
    const model = create({
      apiKey: KEY,
      model: "gpt-5.4",
      reasoningEffort: "low",
      maxCompletionTokens: 4000,
      fetch,
    });
    const error = await model
      .generate({
        system: "Answer briefly.",
        messages: [{ role: "user", content: "Is 1009 prime?" }],
        tools: toolsOf(cassette, 0),
      })
      .catch((e: unknown) => e);
    fetch.assertDone();
    expect(fetch.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(CoreAPIError);
    expect(error).toMatchObject({
      name: "APIError",
      provider: "openai",
      status: 400,
      type: "invalid_request_error",
      requestId: "req_5f0c2a9e8d7b4c13a6e1f2d3b4c5a697",
      retryable: false,
      body: cassette.interactions[0]?.response.body,
    });
    expect((error as Error).message).toBe(
      "openai 400 invalid_request_error: Function tools with reasoning_effort are not supported for gpt-5.4 in /v1/chat/completions. Please use /v1/responses instead. (request id req_5f0c2a9e8d7b4c13a6e1f2d3b4c5a697)",
    );
  });
});
