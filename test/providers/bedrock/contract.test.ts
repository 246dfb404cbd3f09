/**
 * What only Bedrock's cassettes show (SigV4 and API-key auth over the recorded requests, the
 * event stream against the Converse parse, the throttling exception mid-stream); the laws every
 * cassette obeys run in test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { thinkingOf } from "../../../src/core/parts.js";
import { APIError } from "../../../src/platforms/bedrock/index.js";
import { type Cassette, responseBytes } from "../../../src/testing/index.js";
import { decodeFrames } from "../../../src/transport/event-stream.js";
import { parseResponse } from "../../../src/wires/converse/response.js";
import { AWS_SESSION } from "../../contract/adapters.js";
import { BEDROCK_API_KEY } from "../../contract/rows/bedrock.js";
import { runCassette } from "../../contract/table.js";

const run = (file: string, options = {}) => runCassette("bedrock", file, options);

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
          ?.reasoningText ?? { text: "" }) as Record<string, string>;
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

describe.each(["reasoning-chunks-stream", "thinking-stream", "redacted-thinking-stream"])(
  "bedrock %s",
  (file) => {
    it("ends with what generate parses from the same content as a Converse body", async () => {
      const { turns, cassette } = await run(file);
      expect(turns[0]?.response).toEqual(parseResponse(asConverse(cassette)));
    });
  },
);

describe("bedrock reasoning-chunks-stream", () => {
  it("keeps the reasoning across an empty delta, signed, before the text", async () => {
    const { turns, cassette } = await run("reasoning-chunks-stream");
    const recorded = recordedReasoning(cassette);
    const text = recorded.map((r) => r.text ?? "").join("");
    const signature = recorded.find((r) => r.signature)?.signature;
    const deltas = turns[0]?.deltas ?? [];
    expect(turns[0]?.response?.message.content).toEqual([
      { type: "thinking", text, signature, provider: "bedrock" },
      {
        type: "text",
        text: 'There are **3** r\'s in "strawberry":\n\n1. st**r**awbe**r****r**y',
      },
    ]);
    expect(deltas.findIndex((d) => d.type === "text")).toBeGreaterThan(
      deltas.findIndex((d) => d.type === "thinking" && d.signature),
    );
  });
});

describe("bedrock thinking-tool-loop", () => {
  it("parses turn 1: signed reasoning, text and the tool call", async () => {
    const { turns, cassette } = await run("thinking-tool-loop");
    const body = cassette.interactions[0]?.response.body as {
      output: { message: { content: { reasoningContent?: { reasoningText: object } }[] } };
    };
    const reasoning = body.output.message.content[0]?.reasoningContent?.reasoningText as {
      text: string;
      signature: string;
    };
    expect(turns[0]?.response).toEqual({
      message: {
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: reasoning.text,
            signature: reasoning.signature,
            provider: "bedrock",
          },
          {
            type: "text",
            text: "I'll need to check what country you're from to answer that question.",
          },
          {
            type: "tool-call",
            id: "tooluse_W9DaUFg4Tj2cRPpndqxWSg",
            name: "get_user_country",
            arguments: "{}",
          },
        ],
      },
      usage: { inputTokens: 397, outputTokens: 130, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stopReason: "tool_use",
    });
    expect(turns[1]?.response?.stopReason).toBe("end_turn");
  });

  it("sends the signed headers and the encoded model id the recording expects", async () => {
    const { fetch } = await run("thinking-tool-loop");
    const headers = fetch.requests[0]?.headers ?? {};
    expect(headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${AWS_SESSION.accessKeyId}/\\d{8}/us-east-1/bedrock/`,
      ),
    );
    expect(headers["x-amz-security-token"]).toBe(AWS_SESSION.sessionToken);
    expect(fetch.requests[0]?.url).toContain(
      "/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse",
    );
  });
});

describe("bedrock thinking-tool-loop-stream", () => {
  it("reads turn 1's usage from the stream's metadata", async () => {
    const { turns } = await run("thinking-tool-loop-stream");
    expect(turns[0]?.response?.usage).toMatchObject({ inputTokens: 397, outputTokens: 130 });
  });
});

describe("bedrock thinking-stream", () => {
  it("streams the reasoning, then its signature, then the text", async () => {
    const { turns, cassette } = await run("thinking-stream");
    const deltas = turns[0]?.deltas ?? [];
    const kinds = deltas.map((d) => (d.type === "thinking" && d.signature ? "signature" : d.type));
    expect(kinds).toEqual([...Array(14).fill("thinking"), "signature", ...Array(5).fill("text")]);
    const signature = recordedReasoning(cassette).find((r) => r.signature)?.signature;
    expect(deltas[14]).toEqual({ type: "thinking", index: 0, signature });
    const r = turns[0]!.response!;
    expect(r.message.content).toEqual([
      {
        type: "thinking",
        text: deltas.map((d) => (d.type === "thinking" ? (d.text ?? "") : "")).join(""),
        signature,
        provider: "bedrock",
      },
      { type: "text", text: "Hello! It's nice to meet you. How can I help you today?" },
    ]);
    expect(r.usage).toMatchObject({ inputTokens: 36, outputTokens: 73 });
    expect(r.stopReason).toBe("end_turn");
  });
});

describe("bedrock redacted-thinking-stream", () => {
  it("sends the API key as a bearer token and keeps each redacted block as it arrived", async () => {
    const { fetch, turns, cassette } = await run("redacted-thinking-stream");
    expect(fetch.requests[0]?.headers.authorization).toBe(`Bearer ${BEDROCK_API_KEY}`);
    const recorded = recordedReasoning(cassette).map((r) => r.redactedContent);
    expect(recorded).toHaveLength(2);
    const deltas = turns[0]?.deltas ?? [];
    expect(deltas.slice(0, 2)).toEqual([
      { type: "thinking", index: 0, redacted: recorded[0] },
      { type: "thinking", index: 1, redacted: recorded[1] },
    ]);
    expect(deltas.slice(2).every((d) => d.type === "text")).toBe(true);
    expect(thinkingOf(turns[0]!.response!.message)).toEqual([
      { type: "thinking", redacted: recorded[0], provider: "bedrock" },
      { type: "thinking", redacted: recorded[1], provider: "bedrock" },
    ]);
  });
});

describe("bedrock exception-stream", () => {
  it("delivers the reasoning that arrived, then fails with the throttling exception, unretried", async () => {
    const { fetch, turns, error, cassette } = await run("exception-stream");
    const texts = recordedReasoning(cassette).map((r) => r.text);
    expect(turns[0]?.deltas).toEqual(texts.map((text) => ({ type: "thinking", index: 0, text })));
    expect(error).toBeInstanceOf(APIError);
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
        content: [{ type: "thinking", text: texts.join(""), provider: "bedrock" }],
        interrupted: true,
      },
      usage: { inputTokens: 0, outputTokens: 0 },
      stopReason: "",
    });
    expect(fetch.requests).toHaveLength(1);
  });

  it("hands out the reasoning even when it shares one network chunk with the exception", async () => {
    const { turns, error } = await run("exception-stream", {
      rechunk: (bytes: Uint8Array) => [bytes],
    });
    expect(turns[0]?.deltas).toHaveLength(5);
    expect(error).toBeInstanceOf(APIError);
  });
});
