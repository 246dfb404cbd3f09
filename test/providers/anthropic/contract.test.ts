import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Delta, Message } from "../../../src/index.js";
import { APIError, type Config, create } from "../../../src/providers/anthropic/index.js";
import { type Cassette, replayFetch } from "../../../src/testing/index.js";
import { cutPoints, FIXTURES, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};

function model(cassette: Cassette, config: Omit<Config, "apiKey">, options = {}) {
  const fetch = replayFetch(cassette, options);
  return { fetch, model: create({ apiKey: "sk-ant-test-key-0123456789", ...config, fetch }) };
}

/** The signatures and redacted payloads of a wire response body, in order. */
function wireBlocks(body: unknown): unknown[] {
  return ((body as { content: { type: string }[] }).content ?? []).filter(
    (b) => b.type === "thinking" || b.type === "redacted_thinking",
  );
}

/** The text of the first user message of the first recorded request. */
function firstUserText(cassette: Cassette): string {
  const body = cassette.interactions[0]?.request.body as {
    messages: { content: { text: string }[] }[];
  };
  return body.messages[0]?.content[0]?.text ?? "";
}

async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

describe("anthropic cassettes", () => {
  it("every cassette under fixtures/anthropic has a contract test here", () => {
    const files = readdirSync(join(FIXTURES, "anthropic")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(Object.keys(SCENARIOS).sort());
  });
});

const SCENARIOS: Record<string, () => void> = {
  "thinking-tool-loop-stream": () => {
    const cassette = loadCassette("anthropic", "thinking-tool-loop-stream");
    const config = {
      model: "claude-sonnet-4-20250514",
      maxTokens: 4096,
      thinking: { budgetTokens: 4000 },
    } as const;
    const system = "You are a helpful assistant";
    const user: Message = { role: "user", content: "What's the weather in Florence, Italy?" };

    async function runLoop(options = {}) {
      const { fetch, model: m } = model(cassette, config, options);
      const first = m.stream({ system, messages: [user], tools: [WEATHER] });
      const deltas = await collect(first);
      const turn1 = await first.response;
      const call = turn1.message.toolCalls?.[0];
      const history: Message[] = [
        user,
        turn1.message,
        { role: "tool", toolCallId: call?.id ?? "", content: "40 C" },
      ];
      const second = m.stream({ system, messages: history, tools: [WEATHER] });
      const turn2 = await second.response;
      fetch.assertDone();
      return { fetch, deltas, turn1, turn2 };
    }

    it("streams thinking, then the signature, then the tool call, and parses turn 1", async () => {
      const { deltas, turn1 } = await runLoop();
      const kinds = deltas.map((d) => (d.thinking?.signature ? "signature" : Object.keys(d)[0]));
      expect(kinds.indexOf("signature")).toBeGreaterThan(kinds.indexOf("thinking"));
      expect(kinds.indexOf("toolCall")).toBeGreaterThan(kinds.indexOf("signature"));
      expect(turn1.stopReason).toBe("tool_use");
      expect(turn1.message.toolCalls).toEqual([
        {
          id: "toolu_01Js4AMfx5qpTLhwTusnvT68",
          name: "weather",
          arguments: '{"location":"Florence, Italy"}',
        },
      ]);
      expect(turn1.message.thinking).toHaveLength(1);
      const text = deltas.map((d) => d.thinking?.text ?? "").join("");
      expect(turn1.message.thinking?.[0]?.text).toBe(text);
      expect(turn1.usage).toEqual({ inputTokens: 424, outputTokens: 119 });
    });

    it("replays turn 1's thinking block and signature byte for byte in turn 2's request", async () => {
      const { fetch, turn1, turn2 } = await runLoop();
      const sent = fetch.requests[1]?.body as {
        messages: { content: Record<string, unknown>[] }[];
      };
      const replayed = sent.messages[1]?.content[0];
      expect(replayed?.type).toBe("thinking");
      expect(replayed?.signature).toBe(turn1.message.thinking?.[0]?.signature);
      expect(replayed?.thinking).toBe(turn1.message.thinking?.[0]?.text);
      // ...and both equal what the recorded request carried, which the provider accepted.
      const recorded = cassette.interactions[1]?.request.body as typeof sent;
      expect(replayed?.signature).toBe(recorded.messages[1]?.content[0]?.signature);
      expect(turn2.stopReason).toBe("end_turn");
      expect(turn2.message.content.length).toBeGreaterThan(0);
    });

    it("gives the same messages under any re-chunking of the bodies", async () => {
      const reference = await runLoop();
      const length = Math.max(
        ...cassette.interactions.map((i) => (i.response.chunks ?? []).join("").length),
      );
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          const { turn1, turn2 } = await runLoop({ rechunk: rechunkAt(cuts) });
          expect(turn1).toEqual(reference.turn1);
          expect(turn2).toEqual(reference.turn2);
        }),
        { numRuns: 40 },
      );
    });
  },

  "thinking-tool-loop": () => {
    const cassette = loadCassette("anthropic", "thinking-tool-loop");
    const streamed = loadCassette("anthropic", "thinking-tool-loop-stream");
    const config = {
      model: "claude-sonnet-4-20250514",
      maxTokens: 4096,
      thinking: { budgetTokens: 4000 },
    } as const;
    const system = "You are a helpful assistant";
    const user: Message = { role: "user", content: "What's the weather in Florence, Italy?" };

    async function loop(c: Cassette, stream: boolean) {
      const { fetch, model: m } = model(c, config);
      const call = (messages: Message[]) =>
        stream
          ? m.stream({ system, messages, tools: [WEATHER] }).response
          : m.generate({ system, messages, tools: [WEATHER] });
      const turn1 = await call([user]);
      const id = turn1.message.toolCalls?.[0]?.id ?? "";
      const turn2 = await call([
        user,
        turn1.message,
        { role: "tool", toolCallId: id, content: "40 C" },
      ]);
      fetch.assertDone();
      return { fetch, turn1, turn2 };
    }

    it("replays the signed thinking block of turn 1 byte for byte (generate)", async () => {
      const { fetch, turn1 } = await loop(cassette, false);
      const wire = wireBlocks(cassette.interactions[0]?.response.body)[0] as { signature: string };
      expect(turn1.message.thinking?.[0]?.signature).toBe(wire.signature);
      const sent = fetch.requests[1]?.body as {
        messages: { content: Record<string, unknown>[] }[];
      };
      expect(sent.messages[1]?.content[0]?.signature).toBe(wire.signature);
    });

    it("parses the same messages as the streamed exchange of the same content", async () => {
      const plain = await loop(cassette, false);
      const viaStream = await loop(streamed, true);
      expect(plain.turn1).toEqual(viaStream.turn1);
      expect(plain.turn2).toEqual(viaStream.turn2);
    });
  },

  "redacted-thinking": () => {
    const cassette = loadCassette("anthropic", "redacted-thinking");
    const config = {
      model: "claude-sonnet-4-5-20250929",
      maxTokens: 4096,
      thinking: { budgetTokens: 1024 },
    };
    const trigger = firstUserText(cassette);

    it("parses redacted_thinking and replays it unchanged in its place", async () => {
      const { fetch, model: m } = model(cassette, config);
      const turn1 = await m.generate({ messages: [{ role: "user", content: trigger }] });
      const data = (wireBlocks(cassette.interactions[0]?.response.body)[0] as { data: string })
        .data;
      expect(turn1.message.thinking).toEqual([{ redacted: data, provider: "anthropic" }]);
      const history: Message[] = [
        { role: "user", content: trigger },
        turn1.message,
        { role: "user", content: "What was that?" },
      ];
      const turn2 = await m.generate({ messages: history });
      fetch.assertDone();
      const sent = fetch.requests[1]?.body as {
        messages: { content: Record<string, unknown>[] }[];
      };
      expect(sent.messages[1]?.content[0]).toEqual({ type: "redacted_thinking", data });
      expect(turn2.message.thinking?.[0]?.redacted).toBe(
        (wireBlocks(cassette.interactions[1]?.response.body)[0] as { data: string }).data,
      );
    });
  },

  "redacted-thinking-stream": () => {
    const cassette = loadCassette("anthropic", "redacted-thinking-stream");
    const config = {
      model: "claude-sonnet-4-5-20250929",
      maxTokens: 4096,
      thinking: { budgetTokens: 1024 },
    };
    const trigger = firstUserText(cassette);

    async function run(options = {}) {
      const { fetch, model: m } = model(cassette, config, options);
      const s = m.stream({ messages: [{ role: "user", content: trigger }] });
      const deltas = await collect(s);
      const response = await s.response;
      fetch.assertDone();
      return { deltas, response };
    }

    it("streams each redacted block whole, before the text", async () => {
      const { deltas, response } = await run();
      const redacted = deltas.filter((d) => d.thinking?.redacted);
      expect(redacted.length).toBe(2);
      expect(redacted.map((d) => d.thinking?.index)).toEqual([0, 1]);
      const firstText = deltas.findIndex((d) => d.text !== undefined);
      expect(firstText).toBeGreaterThan(deltas.indexOf(redacted[1] as Delta));
      expect(response.message.thinking?.map((b) => b.redacted)).toEqual(
        redacted.map((d) => d.thinking?.redacted),
      );
      expect(response.message.thinking?.every((b) => b.provider === "anthropic" && !b.text)).toBe(
        true,
      );
      expect(response.message.content).toBe(deltas.map((d) => d.text ?? "").join(""));
    });

    it("gives the same message under any re-chunking", async () => {
      const reference = await run();
      const length = (cassette.interactions[0]?.response.chunks ?? []).join("").length;
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          expect((await run({ rechunk: rechunkAt(cuts) })).response).toEqual(reference.response);
        }),
        { numRuns: 40 },
      );
    });
  },

  "adaptive-effort-summarized": () => {
    const cassette = loadCassette("anthropic", "adaptive-effort-summarized");
    it("sends adaptive thinking with output_config.effort and reads thinking_tokens", async () => {
      const { fetch, model: m } = model(cassette, {
        model: "claude-opus-5",
        maxTokens: 16000,
        thinking: { adaptive: true, display: "summarized" },
        effort: "high",
      });
      const r = await m.generate({
        messages: [
          { role: "user", content: "Find all roots of x^3 - 6x^2 + 11x - 6 and verify them." },
        ],
      });
      fetch.assertDone();
      const wire = wireBlocks(cassette.interactions[0]?.response.body)[0] as {
        thinking: string;
        signature: string;
      };
      expect(r.message.thinking).toEqual([
        { text: wire.thinking, signature: wire.signature, provider: "anthropic" },
      ]);
      expect(r.usage.reasoningTokens).toBeGreaterThan(0);
      expect(r.stopReason).toBe("end_turn");
    });
  },

  "adaptive-effort-omitted-stream": () => {
    const cassette = loadCassette("anthropic", "adaptive-effort-omitted-stream");
    it("keeps a thinking block with empty text and its signature (display omitted)", async () => {
      const { fetch, model: m } = model(cassette, {
        model: "claude-opus-4-7",
        maxTokens: 8000,
        thinking: { adaptive: true, display: "omitted" },
        effort: "low",
      });
      const s = m.stream({ messages: [{ role: "user", content: "Is 2027 prime?" }] });
      const deltas = await collect(s);
      const r = await s.response;
      fetch.assertDone();
      const signature = deltas.find((d) => d.thinking?.signature)?.thinking?.signature;
      expect(signature).toMatch(/^Ep/);
      expect(r.message.thinking).toEqual([{ text: "", signature, provider: "anthropic" }]);
      expect(r.message.content).toBe("Yes: 2027 has no divisor up to √2027 ≈ 45, so it is prime.");
      expect(r.usage).toEqual({ inputTokens: 14, outputTokens: 212, reasoningTokens: 180 });
    });
  },

  "error-event-stream": () => {
    const cassette = loadCassette("anthropic", "error-event-stream");
    it("rejects with anthropic.APIError overloaded_error carrying what arrived", async () => {
      const { fetch, model: m } = model(cassette, {
        model: "claude-sonnet-4-5",
        maxTokens: 4096,
        thinking: { budgetTokens: 2048 },
      });
      const s = m.stream({ messages: [{ role: "user", content: "What is 925 / 5?" }] });
      const seen: Delta[] = [];
      const error = await (async () => {
        for await (const d of s) seen.push(d);
      })().catch((e: unknown) => e);
      fetch.assertDone();
      expect(error).toBeInstanceOf(APIError);
      const e = error as APIError;
      expect(e.type).toBe("overloaded_error");
      expect(e.retryable).toBe(true);
      expect(e.requestId).toBe("req_011CVsynthOverload1");
      expect(e.partial?.message.thinking).toEqual([
        { text: "925 ÷ 5: 900/5 = 180, 25/5 = 5, so 185.", provider: "anthropic" },
      ]);
      expect(seen.map((d) => d.thinking?.text)).toEqual([
        "925 ÷ 5: 900/5 = 180, ",
        "25/5 = 5, so 185.",
      ]);
      await expect(s.response).rejects.toBe(error);
    });
  },

  "foreign-thinking-400": () => {
    const cassette = loadCassette("anthropic", "foreign-thinking-400");
    it("drops a Gemini thinking block and surfaces the 400 as anthropic.APIError", async () => {
      const { fetch, model: m } = model(cassette, {
        model: "claude-sonnet-4-5",
        maxTokens: 4096,
        thinking: { budgetTokens: 2048 },
      });
      const history: Message[] = [
        { role: "user", content: "Weather in Florence?" },
        {
          role: "assistant",
          content: "",
          thinking: [
            { text: "Call the tool.", signature: "Q2lnZ2luZy1zaWduYXR1cmU=", provider: "gemini" },
          ],
          toolCalls: [
            {
              id: "call_0",
              name: "weather",
              arguments: '{"location":"Florence, Italy"}',
              signature: "Q2lnZ2luZy1zaWduYXR1cmU=",
            },
          ],
        },
        { role: "tool", toolCallId: "call_0", content: "40 C" },
      ];
      const error = await m
        .generate({
          messages: history,
          tools: [
            {
              ...WEATHER,
              parameters: {
                type: "object",
                properties: { location: { type: "string" } },
                required: ["location"],
              },
            },
          ],
        })
        .catch((e: unknown) => e);
      fetch.assertDone();
      expect(fetch.requests).toHaveLength(1); // a 400 is not retried
      expect(error).toBeInstanceOf(APIError);
      const e = error as APIError;
      expect(e.status).toBe(400);
      expect(e.type).toBe("invalid_request_error");
      expect(e.requestId).toBe("req_011CVsynthBadReq0001");
      expect(e.retryable).toBe(false);
      expect(e.message).toContain("Expected `thinking` or `redacted_thinking`");
    });
  },
};

for (const [name, define] of Object.entries(SCENARIOS)) describe(name, define);
