import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Delta, Message, ModelResponse } from "../../../src/index.js";
import { resolveConfig } from "../../../src/providers/bedrock/config.js";
import { APIError, type Config, create } from "../../../src/providers/bedrock/index.js";
import { buildRequest } from "../../../src/providers/bedrock/request.js";
import { parseResponse } from "../../../src/providers/bedrock/response.js";
import { type Cassette, replayFetch, responseBytes } from "../../../src/testing/index.js";
import { decodeFrames } from "../../../src/transport/event-stream.js";
import { cutPoints, FIXTURES, loadCassette, rechunkAt } from "../../helpers/cassettes.js";

const KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
const SESSION = { ...KEYS, sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN" };

type Auth = Pick<Config, "credentials" | "apiKey">;

function model(
  cassette: Cassette,
  config: Omit<Config, "credentials" | "apiKey">,
  auth: Auth,
  options = {},
) {
  const fetch = replayFetch(cassette, options);
  return { fetch, model: create({ region: "us-east-1", ...config, ...auth, fetch }) };
}

async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

/** The decoded `{[eventType]: payload}` events of an interaction's recorded event stream. */
function recordedEvents(cassette: Cassette, i = 0): Record<string, Record<string, unknown>>[] {
  const frames = decodeFrames(responseBytes(cassette.interactions[i]!.response));
  return frames.map((f) => ({
    [String(f.headers[":event-type"] ?? f.headers[":exception-type"])]: JSON.parse(
      new TextDecoder().decode(f.payload),
    ),
  }));
}

/** The reasoning deltas (`reasoningContent` members) of a recorded stream, in order. */
function recordedReasoning(cassette: Cassette): Record<string, string>[] {
  return recordedEvents(cassette)
    .map(
      (e) =>
        (e.contentBlockDelta?.delta as { reasoningContent?: Record<string, string> })
          ?.reasoningContent,
    )
    .filter((r): r is Record<string, string> => r !== undefined);
}

/** The same content as a Converse (non-streamed) body: what generate would have parsed. */
function asConverse(cassette: Cassette): unknown {
  const blocks = new Map<number, Record<string, unknown>>();
  let stopReason = "";
  let usage = {};
  for (const e of recordedEvents(cassette)) {
    const d = e.contentBlockDelta as { contentBlockIndex: number; delta: Record<string, never> };
    if (d) {
      const block = blocks.get(d.contentBlockIndex) ?? {};
      const r = d.delta.reasoningContent as Record<string, string> | undefined;
      if (r?.redactedContent) block.reasoningContent = { redactedContent: r.redactedContent };
      else if (r) {
        const rt = ((block.reasoningContent as { reasoningText?: Record<string, string> })
          ?.reasoningText ?? {
          text: "",
        }) as Record<string, string>;
        if (r.text) rt.text += r.text;
        if (r.signature) rt.signature = r.signature;
        block.reasoningContent = { reasoningText: rt };
      }
      if (typeof d.delta.text === "string") block.text = `${block.text ?? ""}${d.delta.text}`;
      blocks.set(d.contentBlockIndex, block);
    }
    if (e.messageStop) stopReason = e.messageStop.stopReason as string;
    if (e.metadata) usage = e.metadata.usage as object;
  }
  const content = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
  return { output: { message: { role: "assistant", content } }, stopReason, usage };
}

describe("bedrock cassettes", () => {
  it("every cassette under fixtures/bedrock has a contract test here", () => {
    const files = readdirSync(join(FIXTURES, "bedrock")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(Object.keys(SCENARIOS).sort());
  });
});

const SCENARIOS: Record<string, () => void> = {
  "reasoning-chunks-stream": () => {
    const cassette = loadCassette("bedrock", "reasoning-chunks-stream");
    const config = {
      model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      thinking: { budgetTokens: 1024 },
    };
    const question: Message = { role: "user", content: "How many r's are in strawberry?" };

    async function run(options = {}) {
      const { fetch, model: m } = model(cassette, config, { credentials: KEYS }, options);
      const s = m.stream({ messages: [question] });
      const deltas = await collect(s);
      const response = await s.response;
      fetch.assertDone();
      return { deltas, response };
    }

    it("keeps the reasoning across an empty delta and replays its signature exactly", async () => {
      const { deltas, response } = await run();
      const recorded = recordedReasoning(cassette);
      const text = recorded.map((r) => r.text ?? "").join("");
      const signature = recorded.find((r) => r.signature)?.signature;
      expect(response.message.thinking).toEqual([{ text, signature, provider: "bedrock" }]);
      expect(response.message.content).toBe(
        'There are **3** r\'s in "strawberry":\n\n1. st**r**awbe**r****r**y',
      );
      expect(response).toEqual(parseResponse(asConverse(cassette)));
      expect(deltas.findIndex((d) => d.text !== undefined)).toBeGreaterThan(
        deltas.findIndex((d) => d.thinking?.signature),
      );
      const next = buildRequest(
        { messages: [question, response.message, { role: "user", content: "Thanks" }] },
        resolveConfig({ region: "us-east-1", ...config, credentials: KEYS }, {}),
        false,
      ) as {
        messages: { content: { reasoningContent?: { reasoningText: { signature: string } } }[] }[];
      };
      expect(next.messages[1]?.content[0]?.reasoningContent?.reasoningText.signature).toBe(
        signature,
      );
    });

    it("gives the same message under any re-chunking of the frames", async () => {
      const reference = await run();
      const length = responseBytes(cassette.interactions[0]!.response).length;
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          expect((await run({ rechunk: rechunkAt(cuts) })).response).toEqual(reference.response);
        }),
        { numRuns: 30 },
      );
    });
  },

  "thinking-tool-loop-stream": () => {
    const streamed = loadCassette("bedrock", "thinking-tool-loop-stream");
    const plain = loadCassette("bedrock", "thinking-tool-loop");
    const config = {
      model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      thinking: { budgetTokens: 1024 },
    };
    const tool = {
      name: "get_user_country",
      description: "",
      parameters: { additionalProperties: false, properties: {}, type: "object" },
    };
    const user: Message = {
      role: "user",
      content: "What is the largest city in the user country?",
    };

    async function runLoop(cassette: Cassette, stream: boolean, options = {}) {
      const { fetch, model: m } = model(cassette, config, { credentials: SESSION }, options);
      const call = (messages: Message[]) =>
        stream
          ? m.stream({ messages, tools: [tool] }).response
          : m.generate({ messages, tools: [tool] });
      const turn1 = await call([user]);
      const id = turn1.message.toolCalls?.[0]?.id ?? "";
      const turn2 = await call([
        user,
        turn1.message,
        { role: "tool", toolCallId: id, content: "Mexico" },
      ]);
      fetch.assertDone();
      return { fetch, turn1, turn2 };
    }

    it("streams the tool loop to the same messages as the Converse exchange", async () => {
      const viaStream = await runLoop(streamed, true);
      const viaConverse = await runLoop(plain, false);
      expect(viaStream.turn1.message).toEqual(viaConverse.turn1.message);
      expect(viaStream.turn2.message).toEqual(viaConverse.turn2.message);
      expect(viaStream.turn1.usage).toEqual({ inputTokens: 397, outputTokens: 130 });
      const sent = viaStream.fetch.requests[1]?.body as {
        messages: { content: { reasoningContent?: { reasoningText: { signature: string } } }[] }[];
      };
      expect(sent.messages[1]?.content[0]?.reasoningContent?.reasoningText.signature).toBe(
        viaConverse.turn1.message.thinking?.[0]?.signature,
      );
    });

    it("gives the same messages under any re-chunking of the frames", async () => {
      const reference = await runLoop(streamed, true);
      const length = Math.max(
        ...streamed.interactions.map((i) => responseBytes(i.response).length),
      );
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          const { turn1, turn2 } = await runLoop(streamed, true, { rechunk: rechunkAt(cuts) });
          expect(turn1).toEqual(reference.turn1);
          expect(turn2).toEqual(reference.turn2);
        }),
        { numRuns: 30 },
      );
    });
  },

  "thinking-tool-loop": () => {
    const cassette = loadCassette("bedrock", "thinking-tool-loop");
    const config = {
      model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      thinking: { budgetTokens: 1024 },
    };
    const tool = {
      name: "get_user_country",
      description: "",
      parameters: { additionalProperties: false, properties: {}, type: "object" },
    };
    const user: Message = {
      role: "user",
      content: "What is the largest city in the user country?",
    };
    const recorded = cassette.interactions[0]?.response.body as {
      output: {
        message: { content: { reasoningContent?: { reasoningText: Record<string, string> } }[] };
      };
    };
    const reasoning = recorded.output.message.content[0]?.reasoningContent?.reasoningText ?? {};

    async function runLoop() {
      const { fetch, model: m } = model(cassette, config, { credentials: SESSION });
      const turn1 = await m.generate({ messages: [user], tools: [tool] });
      const call = turn1.message.toolCalls?.[0];
      const history: Message[] = [
        user,
        turn1.message,
        { role: "tool", toolCallId: call?.id ?? "", content: "Mexico" },
      ];
      const turn2 = await m.generate({ messages: history, tools: [tool] });
      fetch.assertDone();
      return { fetch, turn1, turn2 };
    }

    it("parses turn 1: signed reasoning, text and the tool call", async () => {
      const { turn1 } = await runLoop();
      expect(turn1).toEqual({
        message: {
          role: "assistant",
          content: "I'll need to check what country you're from to answer that question.",
          thinking: [{ text: reasoning.text, signature: reasoning.signature, provider: "bedrock" }],
          toolCalls: [
            { id: "tooluse_W9DaUFg4Tj2cRPpndqxWSg", name: "get_user_country", arguments: "{}" },
          ],
        },
        usage: { inputTokens: 397, outputTokens: 130, cacheReadTokens: 0, cacheWriteTokens: 0 },
        stopReason: "tool_use",
      });
    });

    it("replays turn 1's reasoning text and signature byte for byte in turn 2's request", async () => {
      const { fetch, turn1, turn2 } = await runLoop();
      const sent = fetch.requests[1]?.body as {
        messages: { content: { reasoningContent?: { reasoningText: Record<string, string> } }[] }[];
      };
      const replayed = sent.messages[1]?.content[0]?.reasoningContent?.reasoningText;
      expect(replayed?.signature).toBe(turn1.message.thinking?.[0]?.signature);
      expect(replayed?.text).toBe(turn1.message.thinking?.[0]?.text);
      // ...and both are what the capture's response carried and its accepted request replayed.
      expect(replayed?.signature).toBe(reasoning.signature);
      const accepted = cassette.interactions[1]?.request.body as typeof sent;
      expect(replayed?.text).toBe(
        accepted.messages[1]?.content[0]?.reasoningContent?.reasoningText.text,
      );
      expect(turn2.stopReason).toBe("end_turn");
      expect(turn2.message.content).toMatch(/^Based on your location in Mexico/);
    });

    it("sends the signed headers and the encoded model id the recording expects", async () => {
      const { fetch } = await runLoop();
      const headers = fetch.requests[0]?.headers ?? {};
      expect(headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/bedrock\//,
      );
      expect(headers["x-amz-security-token"]).toBe(SESSION.sessionToken);
      expect(fetch.requests[0]?.url).toContain(
        "/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse",
      );
    });
  },

  "thinking-stream": () => {
    const cassette = loadCassette("bedrock", "thinking-stream");
    const config = {
      model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
      thinking: { budgetTokens: 1024 },
    };
    const user: Message = { role: "user", content: "Hello" };

    async function run(options = {}) {
      const { fetch, model: m } = model(cassette, config, { credentials: KEYS }, options);
      const s = m.stream({ messages: [user] });
      const deltas = await collect(s);
      const response = await s.response;
      fetch.assertDone();
      return { deltas, response };
    }

    it("streams the reasoning, then its signature, then the text", async () => {
      const { deltas, response } = await run();
      const kinds = deltas.map((d) =>
        d.thinking?.signature ? "signature" : d.thinking ? "thinking" : "text",
      );
      expect(kinds).toEqual([...Array(14).fill("thinking"), "signature", ...Array(5).fill("text")]);
      const signature = recordedReasoning(cassette).find((r) => r.signature)?.signature;
      expect(deltas[14]?.thinking?.signature).toBe(signature);
      expect(response.message.thinking).toEqual([
        {
          text: deltas.map((d) => d.thinking?.text ?? "").join(""),
          signature,
          provider: "bedrock",
        },
      ]);
      expect(response.message.content).toBe(
        "Hello! It's nice to meet you. How can I help you today?",
      );
      expect(response.usage).toEqual({ inputTokens: 36, outputTokens: 73 });
      expect(response.stopReason).toBe("end_turn");
    });

    it("ends with what generate would parse from the same content", async () => {
      const { response } = await run();
      expect(response).toEqual(parseResponse(asConverse(cassette)));
    });

    it("would replay the streamed block byte for byte on the next turn", async () => {
      const { response } = await run();
      const cfg = resolveConfig({ region: "us-east-1", ...config, credentials: KEYS }, {});
      const next = buildRequest(
        { messages: [user, response.message, { role: "user", content: "Bye" }] },
        cfg,
        true,
      );
      expect(next.messages[1]?.content[0]).toEqual({
        reasoningContent: {
          reasoningText: {
            text: response.message.thinking?.[0]?.text,
            signature: recordedReasoning(cassette).find((r) => r.signature)?.signature,
          },
        },
      });
    });

    it("gives the same deltas and message under any re-chunking", async () => {
      const reference = await run();
      const length = responseBytes(cassette.interactions[0]!.response).length;
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          const again = await run({ rechunk: rechunkAt(cuts) });
          expect(again.response).toEqual(reference.response);
          expect(again.deltas.map((d) => JSON.stringify(d)).join("")).toBe(
            reference.deltas.map((d) => JSON.stringify(d)).join(""),
          );
        }),
        { numRuns: 60 },
      );
    });
  },

  "redacted-thinking-stream": () => {
    const cassette = loadCassette("bedrock", "redacted-thinking-stream");
    const config = {
      model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      thinking: { budgetTokens: 1024 },
    };
    const body = cassette.interactions[0]?.request.body as {
      messages: { content: { text: string }[] }[];
    };
    const trigger = body.messages[0]?.content[0]?.text ?? "";

    async function run(options = {}) {
      const { fetch, model: m } = model(
        cassette,
        config,
        { apiKey: "ABSKexampleBedrockApiKey0123" },
        options,
      );
      const s = m.stream({ messages: [{ role: "user", content: trigger }] });
      const deltas = await collect(s);
      const response = await s.response;
      fetch.assertDone();
      return { fetch, deltas, response };
    }

    it("keeps each redacted block as the base64 string it arrived as, before the text", async () => {
      const { fetch, deltas, response } = await run();
      expect(fetch.requests[0]?.headers.authorization).toBe("Bearer ABSKexampleBedrockApiKey0123");
      const recorded = recordedReasoning(cassette).map((r) => r.redactedContent);
      expect(recorded).toHaveLength(2);
      expect(deltas.slice(0, 2)).toEqual([
        { thinking: { index: 0, redacted: recorded[0] } },
        { thinking: { index: 1, redacted: recorded[1] } },
      ]);
      expect(deltas.slice(2).every((d) => d.text !== undefined)).toBe(true);
      expect(response.message.thinking).toEqual([
        { redacted: recorded[0], provider: "bedrock" },
        { redacted: recorded[1], provider: "bedrock" },
      ]);
      expect(response).toEqual(parseResponse(asConverse(cassette)));
    });

    it("would replay both redacted payloads unchanged, in place", async () => {
      const { response } = await run();
      const cfg = resolveConfig({ region: "us-east-1", ...config, apiKey: "k" }, {});
      const history: Message[] = [
        { role: "user", content: trigger },
        response.message,
        { role: "user", content: "?" },
      ];
      const sent = buildRequest({ messages: history }, cfg, true).messages[1]?.content;
      const recorded = recordedReasoning(cassette).map((r) => r.redactedContent);
      expect(sent?.slice(0, 2)).toEqual([
        { reasoningContent: { redactedContent: recorded[0] } },
        { reasoningContent: { redactedContent: recorded[1] } },
      ]);
    });

    it("gives the same message under any re-chunking", async () => {
      const reference = await run();
      const length = responseBytes(cassette.interactions[0]!.response).length;
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          expect((await run({ rechunk: rechunkAt(cuts) })).response).toEqual(reference.response);
        }),
        { numRuns: 40 },
      );
    });
  },

  "exception-stream": () => {
    const cassette = loadCassette("bedrock", "exception-stream");
    const config = {
      model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
      thinking: { budgetTokens: 1024 },
    };

    async function run(options = {}) {
      const { fetch, model: m } = model(cassette, config, { credentials: KEYS }, options);
      const s = m.stream({ messages: [{ role: "user", content: "Hello" }] });
      const deltas: Delta[] = [];
      let error: unknown;
      try {
        for await (const d of s) deltas.push(d);
      } catch (e) {
        error = e;
      }
      const fromResponse = await s.response.then(
        (r: ModelResponse) => r,
        (e: unknown) => e,
      );
      fetch.assertDone();
      return { deltas, error, fromResponse, requests: fetch.requests.length };
    }

    it("delivers the reasoning that arrived, then fails with the throttling exception, unretried", async () => {
      const { deltas, error, fromResponse, requests } = await run();
      const texts = recordedReasoning(cassette).map((r) => r.text);
      expect(deltas).toEqual(texts.map((text) => ({ thinking: { index: 0, text } })));
      expect(error).toBeInstanceOf(APIError);
      expect(fromResponse).toBe(error);
      expect(error).toMatchObject({
        provider: "bedrock",
        status: 429,
        type: "throttlingException",
        retryable: true,
        requestId: "7f1c2a9e-0000-4000-8000-00000000b3d1",
        body: { message: "Too many requests, please wait before trying again." },
      });
      expect((error as APIError).partial).toEqual({
        message: {
          role: "assistant",
          content: "",
          thinking: [{ text: texts.join(""), provider: "bedrock" }],
        },
        usage: { inputTokens: 0, outputTokens: 0 },
        stopReason: "",
      });
      expect(requests).toBe(1);
    });

    it("hands out the reasoning even when it shares one network chunk with the exception", async () => {
      const { deltas, error } = await run({ rechunk: (bytes: Uint8Array) => [bytes] });
      expect(deltas).toHaveLength(5);
      expect(error).toBeInstanceOf(APIError);
    });

    it("fails the same way under any re-chunking", async () => {
      const reference = await run();
      const length = responseBytes(cassette.interactions[0]!.response).length;
      await fc.assert(
        fc.asyncProperty(cutPoints(length), async (cuts) => {
          const again = await run({ rechunk: rechunkAt(cuts) });
          expect(again.deltas).toEqual(reference.deltas);
          expect(again.error).toEqual(reference.error);
          expect((again.error as APIError).partial).toEqual((reference.error as APIError).partial);
        }),
        { numRuns: 40 },
      );
    });
  },
};

for (const [scenario, define] of Object.entries(SCENARIOS)) describe(`bedrock/${scenario}`, define);
