import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Delta, Message, ModelResponse } from "../../../src/core/types.js";
import { type Config, create } from "../../../src/providers/azure/index.js";
import { parseResponse } from "../../../src/providers/openai/response.js";
import { type Cassette, type ReplayOptions, replayFetch } from "../../../src/testing/index.js";
import { cutPoints, FIXTURES, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

const KEY = "azure-key-0123456789abcdef";
const ENDPOINT = "https://fantasy-playground-resource.openai.azure.com";
const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};
const SYSTEM = "You are a helpful assistant";
const USER: Message = { role: "user", content: "What's the weather in Florence, Italy?" };

const TOOL_CALL = loadCassette("azure", "v1-tool-call");
const TOOL_CALL_STREAM = loadCassette("azure", "v1-tool-call-stream");

async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

/** The recorded weather loop: the tool call, then the replay with the tool's answer. */
async function runWeatherLoop(
  cassette: Cassette,
  auth: Pick<Config, "apiKey" | "token">,
  streaming: boolean,
  options: ReplayOptions = {},
) {
  const fetch = replayFetch(cassette, options);
  const model = create({
    endpoint: ENDPOINT,
    deployment: "gpt-5-mini",
    reasoningEffort: "high",
    ...auth,
    fetch,
  });
  const deltas: Delta[][] = [];
  const call = async (messages: Message[]): Promise<ModelResponse> => {
    const req = { system: SYSTEM, messages, tools: [WEATHER], toolChoice: "auto" as const };
    if (!streaming) return model.generate(req);
    const s = model.stream(req);
    deltas.push(await collect(s));
    return s.response;
  };
  const turn1 = await call([USER]);
  const id = turn1.message.toolCalls?.[0]?.id ?? "";
  const turn2 = await call([
    USER,
    turn1.message,
    { role: "tool", toolCallId: id, content: "40 C" },
  ]);
  fetch.assertDone();
  return { fetch, turns: [turn1, turn2], deltas };
}

describe("azure cassettes", () => {
  it("every cassette under fixtures/azure has a contract test here", () => {
    const files = readdirSync(join(FIXTURES, "azure")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(["v1-tool-call", "v1-tool-call-stream"]);
  });
});

describe("azure cassette v1-tool-call", () => {
  it("parses the tool call and the answer, with reasoning counted but no reasoning text", async () => {
    const { turns } = await runWeatherLoop(TOOL_CALL, { apiKey: KEY }, false);
    expect(turns[0]).toEqual({
      message: {
        role: "assistant",
        content: "",
        toolCalls: [
          {
            id: "call_tvEGAtC9EJdeiqYCz0S1vQST",
            name: "weather",
            arguments: '{"location":"Florence, Italy"}',
          },
        ],
      },
      usage: { inputTokens: 145, outputTokens: 154, reasoningTokens: 128, cacheReadTokens: 0 },
      stopReason: "tool_calls",
    });
    expect(turns[1]?.message.content).toMatch(/^Right now in Florence, Italy it’s 40°C/);
    expect(turns[1]?.stopReason).toBe("stop");
  });

  it("posts to the v1 URL with api-key and replays the call with content null", async () => {
    const { fetch } = await runWeatherLoop(TOOL_CALL, { apiKey: KEY }, false);
    expect(fetch.requests.map((r) => r.url)).toEqual(
      Array(2).fill(`${ENDPOINT}/openai/v1/chat/completions`),
    );
    expect(fetch.requests[0]?.headers["api-key"]).toBe(KEY);
    expect(fetch.requests[0]?.headers.authorization).toBe(undefined);
    const sent = fetch.requests[1]?.body as { model: string; messages: unknown[] };
    expect(sent.model).toBe("gpt-5-mini");
    expect(sent.messages[2]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_tvEGAtC9EJdeiqYCz0S1vQST",
          type: "function",
          function: { name: "weather", arguments: '{"location":"Florence, Italy"}' },
        },
      ],
    });
  });
});

describe("azure cassette v1-tool-call-stream", () => {
  const tokens = () => {
    let n = 0;
    return async () => `entra-token-${++n}-0123456789`;
  };

  it("ends each streamed turn equal to the non-streamed parse of the same content", async () => {
    const { turns } = await runWeatherLoop(TOOL_CALL_STREAM, { token: tokens() }, true);
    for (const [i, turn] of turns.entries()) {
      expect(turn).toEqual(parseResponse(TOOL_CALL.interactions[i]?.response.body, "azure"));
    }
  });

  it("streams the tool call's id and name first, then its argument fragments", async () => {
    const { deltas } = await runWeatherLoop(TOOL_CALL_STREAM, { token: tokens() }, true);
    const turn1 = deltas[0] ?? [];
    expect(turn1[0]).toEqual({
      toolCall: { index: 0, id: "call_tvEGAtC9EJdeiqYCz0S1vQST", name: "weather" },
    });
    expect(
      turn1
        .slice(1)
        .map((d) => d.toolCall?.arguments)
        .join(""),
    ).toBe('{"location":"Florence, Italy"}');
  });

  it("sends a fresh Entra ID bearer token with each request", async () => {
    const { fetch } = await runWeatherLoop(TOOL_CALL_STREAM, { token: tokens() }, true);
    expect(fetch.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer entra-token-1-0123456789",
      "Bearer entra-token-2-0123456789",
    ]);
    expect(fetch.requests[0]?.headers["api-key"]).toBe(undefined);
  });

  it("gives identical final messages however the bytes are chunked", async () => {
    const expected = (await runWeatherLoop(TOOL_CALL_STREAM, { token: tokens() }, true)).turns;
    const sizes = TOOL_CALL_STREAM.interactions.map(
      (it) => (it.response.chunks ?? []).join("").length,
    );
    await fc.assert(
      fc.asyncProperty(cutPoints(Math.max(...sizes) * 2), async (cuts) => {
        const { turns } = await runWeatherLoop(TOOL_CALL_STREAM, { token: tokens() }, true, {
          rechunk: rechunkAt(cuts),
        });
        expect(turns).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
